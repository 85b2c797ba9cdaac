import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { marketSchema } from './common';

export const getWhatsapp = endpoint({
  ...apiRoutes.getWhatsapp,
  summary: 'Customer service contacts: WhatsApp (phone), telephone (va) and e-mail',
  /** The pages send the fixed numeric parameter 30. */
  request: z.object({ type: z.union([z.string(), z.number()]).optional() }).loose(),
  /** market: whose contacts (the session's order's, else the query's product's, else Mexico's; docs/api.md). */
  data: z.object({ phone: z.string(), va: z.string(), email: z.string(), market: marketSchema }),
});
