import { z } from 'zod';

/** A text/value row of the detail lists (§3). Values are display strings. */
export const textValueSchema = z.object({ text: z.string(), value: z.string() });
export type TextValue = z.infer<typeof textValueSchema>;

/** An id sent in a form body or query: digits only, bounded. */
export const idSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,18}$/, 'must be a numeric id'));

/** A whole number sent in a form body (strings are coerced). */
export const intField = (min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^-?\d{1,15}$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
        return z.NEVER;
      }
      return Number(s);
    })
    .pipe(z.number().int().min(min).max(max));

export const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * The loan's market (markets.ts), on every answer that carries amounts (issue
 * 12): the pages write money with its currency sign, whatever their language.
 */
export const marketSchema = z.enum(['MX', 'IN']);
