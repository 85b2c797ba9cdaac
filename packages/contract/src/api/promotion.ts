import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.string().max(max).optional();

/**
 * A promotion template (the landing page's configuration), stored in the
 * database; template 1 is the seeded default. The registration form's own
 * labels are the page's catalogue (static in its HTML, for a fast first
 * paint); the template gives the agreement, the download page and its store
 * links, and the conversion pixel.
 */
export const promotionTemplateSchema = z.object({
  id: z.string(),
  /** The app's name (download page, agreement). */
  appName: z.string(),
  agreementTitle: z.string(),
  /** The agreement page's paragraphs (#/agreementTemplate). */
  agreementParagraphs: z.array(z.string()),
  downloadTitle: z.string(),
  downloadText: z.string(),
  /** App store links of the download page ('' when the app is not in that store). */
  iosUrl: z.string(),
  androidUrl: z.string(),
  /** Conversion pixel id for the CompleteRegistration event when UC is present; '' = off (the default). */
  pixelId: z.string(),
  /**
   * The language of agreementTitle, agreementParagraphs, downloadTitle and downloadText (an addition of
   * issue 14): the one the page asked for (its `language` header) when the template has its texts in it,
   * else the template's own, Spanish.
   */
  textLanguage: z.enum(['es', 'en']),
});
export type PromotionTemplate = z.infer<typeof promotionTemplateSchema>;

export const channelTemplate = endpoint({
  ...apiRoutes.channelTemplate,
  summary: "Promotion template record (code '00' on success; an unknown id answers the default template)",
  request: z.object({ templateId: optionalText(40) }),
  data: promotionTemplateSchema,
});

/** The code-only answers (the trackers, get-sms, register): the wrapper's code says it all, data is null. */
const codeOnly = z.null();

const trackingFields = {
  page_id: optionalText(40),
  user_from: optionalText(64),
  client_type: optionalText(16),
  page_type: optionalText(4),
  utm_tag: optionalText(128),
  app_from: optionalText(64),
};

export const trackVisit = endpoint({
  ...apiRoutes.trackVisit,
  summary: 'Record a promotion page visit',
  request: z.object(trackingFields),
  data: codeOnly,
});

export const trackClick = endpoint({
  ...apiRoutes.trackClick,
  summary: 'Record an apply click (sent before registering)',
  request: z.object({ ...trackingFields, phone: optionalText(20) }),
  data: codeOnly,
});

export const getSid = endpoint({
  ...apiRoutes.getSid,
  summary: "A captcha session id (code '0' on success)",
  request: z.object({}).loose(),
  data: z.object({ sid: z.string() }),
});

export const getSms = endpoint({
  ...apiRoutes.getSms,
  summary: "Send an SMS code: '0' sent, '101' captcha wrong, '11' already registered",
  request: z.object({
    phone: text(20),
    capcode: text(8),
    sid: text(64),
    deviceId: optionalText(64),
    appName: optionalText(64),
    app_from: optionalText(64),
    user_from: optionalText(64),
    utm_tag: optionalText(128),
  }),
  data: codeOnly,
});

export const register = endpoint({
  ...apiRoutes.register,
  summary: "Register a visitor: '0' registered, '11' already registered, '-1' captcha wrong",
  request: z.object({
    phone: text(20),
    capcode: text(8),
    sid: text(64),
    deviceId: optionalText(64),
    appName: optionalText(64),
    merchantNumber: z.union([z.string(), z.number()]).optional(),
    userName: optionalText(20),
    smsCode: text(8),
    invite_code: optionalText(64),
    user_from: optionalText(64),
    id: optionalText(40),
    app_from: optionalText(64),
    utm_tag: optionalText(128),
  }),
  data: codeOnly,
});
