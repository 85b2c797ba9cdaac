import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { calendarDay } from './fields';

/* Reports: the promotion funnel. */

/** The funnel's counts of a template and utm_tag. */
const funnelRowSchema = z.object({
  template: z.string(),
  utmTag: z.string(),
  visits: z.number().int(),
  clicks: z.number().int(),
  smsRequests: z.number().int(),
  smsSent: z.number().int(),
  registrations: z.number().int(),
  /** registrations ÷ visits, in percent (one decimal); 0 without visits. */
  conversionPct: z.number(),
});

export const consoleFunnel = endpoint({
  ...apiRoutes.consoleFunnel,
  summary:
    'The promotion funnel per template and utm_tag over UTC days [from, to] (default: the last 30 days): visits, apply clicks, SMS asked and sent, registrations; totals over the period (rows) and per day (byDay, for a chart)',
  request: z.object({ from: calendarDay.optional(), to: calendarDay.optional() }),
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** The totals over the period, by template then utm_tag. */
    rows: z.array(funnelRowSchema),
    /** The same counts per UTC day (YYYY-MM-DD), by day, template, utm_tag; a day with nothing for a template and tag has no row. Its days add up to rows. */
    byDay: z.array(funnelRowSchema.extend({ day: z.string() })),
  }),
});

/* Landing templates (admin): the texts of the promotion page's download and agreement views. */

/** Plain text on one line: no control characters (the page shows it as text, never as HTML). */
const landingLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u, 'must be plain text on one line');

/** A template's texts in one language (every text a visitor reads from the template; the form's own texts are the page's catalogue). */
export const landingTextsSchema = z.object({
  /** The download view's heading (#/downloadTemplate). */
  downloadTitle: landingLine(80),
  /** The download view's text under it. */
  downloadText: landingLine(400),
  /** The agreement view's heading (#/agreementTemplate). */
  agreementTitle: landingLine(120),
  /** The agreement's paragraphs, in order. */
  agreementParagraphs: z.array(landingLine(1000)).min(1).max(20),
});

/** A conversion pixel's id ('' = off): letters, digits, '-' and '_'. */
const pixelIdField = z.string().trim().regex(/^[A-Za-z0-9_-]{0,64}$/, "must be a pixel id (letters, digits, '-' or '_'), or empty for none");
const templateNameField = z.string().trim().min(1).max(80);

export const landingTemplateSchema = z.object({
  id: z.number().int(),
  /** What staff call it (never shown to visitors). */
  name: z.string(),
  /** An inactive template is not answered: its address (/promo/?id=…) shows the default template, 1, which stays active. */
  active: z.boolean(),
  /** The app's name and store links: the app's, the same in every template (not edited here). */
  appName: z.string(),
  iosUrl: z.string(),
  androidUrl: z.string(),
  pixelId: z.string(),
  /** Spanish, always; English when the template has it (else an English page shows its own catalogue's download texts and the Spanish agreement). */
  texts: z.object({ es: landingTextsSchema, en: landingTextsSchema.nullable() }),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});

export const consolePromotionTemplates = endpoint({
  ...apiRoutes.consolePromotionTemplates,
  summary: "The promotion page's landing templates, by id: their texts in Spanish and English, pixel and active flag",
  request: z.object({}),
  data: z.object({ templates: z.array(landingTemplateSchema) }),
});

export const consolePromotionTemplateAdd = endpoint({
  ...apiRoutes.consolePromotionTemplateAdd,
  summary: "Add a landing template (a campaign's /promo/?id=…): its name and texts; the app's name and store links are the default template's; recorded in the audit trail",
  request: z.object({
    name: templateNameField,
    es: landingTextsSchema,
    en: landingTextsSchema.nullable().default(null),
    pixelId: pixelIdField.default(''),
    active: z.boolean().default(true),
  }),
  data: z.object({ template: landingTemplateSchema }),
});

export const consolePromotionTemplateUpdate = endpoint({
  ...apiRoutes.consolePromotionTemplateUpdate,
  summary:
    "Change a landing template: any of its name, active flag, pixel, Spanish texts, English texts (null: none); the page shows the change at once; recorded in the audit trail with before and after. The default template (1) stays active",
  request: z
    .object({
      id: z.coerce.number().int().positive(),
      name: templateNameField.optional(),
      active: z.boolean().optional(),
      pixelId: pixelIdField.optional(),
      es: landingTextsSchema.optional(),
      en: landingTextsSchema.nullable().optional(),
    })
    .refine((b) => Object.keys(b).some((k) => k !== 'id'), { message: 'name a field to change' }),
  data: z.object({ template: landingTemplateSchema }),
});
