import { z } from 'zod';
import { endpoint } from './endpoint';

export const getWhatsapp = endpoint({
  method: 'POST',
  path: '/user-problem/get-whatsapp',
  summary: 'Customer service contacts: WhatsApp (phone), telephone (va) and e-mail',
  /** The pages send the fixed numeric parameter 30. */
  request: z.object({ type: z.union([z.string(), z.number()]).optional() }).loose(),
  data: z.object({ phone: z.string(), va: z.string(), email: z.string() }),
});
