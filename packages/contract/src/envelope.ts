import { z } from 'zod';

/**
 * The response wrapper (§3): every API answer is `{ success, code, message, data }`.
 * code is a string: '0' for success on the generic calls, '00' on the template
 * call and the legacy payment calls (§7, §8); other codes are listed in
 * error-codes.ts.
 */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    data: data.nullable(),
  });

/** The normalised result the pages work with (§3). */
export type Normalised<T> = {
  success: boolean;
  code: string;
  message: string;
  data: T | null;
  raw: unknown;
};

const successCodes = new Set(['0', '00']);

/**
 * Normalises any answer: a success flag wins when present; otherwise a code that
 * parses to 0 ('0', '00', 0) is success. Anything unreadable is a failure with
 * code 'invalid_response'.
 */
export function normaliseResponse<T = unknown>(raw: unknown): Normalised<T> {
  if (raw === null || typeof raw !== 'object') {
    return { success: false, code: 'invalid_response', message: '', data: null, raw };
  }
  const r = raw as Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- deliberate: a code of any type is read as String() reads it
  const code = r.code === undefined || r.code === null ? '' : String(r.code);
  const message = typeof r.message === 'string' ? r.message : typeof r.msg === 'string' ? r.msg : '';
  const success =
    typeof r.success === 'boolean' ? r.success : successCodes.has(code) || (code !== '' && Number(code) === 0);
  return { success, code, message, data: (r.data ?? null) as T | null, raw };
}
