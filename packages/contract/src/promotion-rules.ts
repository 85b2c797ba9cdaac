/*
 * The promotion funnel's constants (§5, §8, §9), zod-free so that the
 * landing page can import them without the schemas (api/promotion.ts).
 */

/** §8 codes of the promotion calls. */
export const promotionCodes = {
  sent: '0',
  registered: '0',
  sidOk: '0',
  templateOk: '00',
  captchaWrongSms: '101',
  alreadyRegistered: '11',
  captchaWrongRegister: '-1',
} as const;

/** §5: 11 digits, first 1, second 3 to 9. */
export const PROMO_PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PROMO_PHONE_LENGTH = 11;
export const PROMO_CAPTCHA_LENGTH = 4;
export const PROMO_SMS_CODE_LENGTH = 6;
/** §9: resend countdown, seconds. */
export const PROMO_SMS_RESEND_SECONDS = 60;
export const PROMO_DOWNLOAD_HASH = '#/downloadTemplate';
export const PROMO_AGREEMENT_HASH = '#/agreementTemplate';
/** Query parameters the registration page reads (§2). */
export const promoQueryParams = ['id', 'app_from', 'user_from', 'utm_tag', 'invite_code', 'links_id', 'down_id', 'UC'] as const;

/**
 * The app's store listings in the default landing template (promotion_templates id 1, seeded by migration
 * 0007): the promotion page's download view reads them from the template (channel-template), and the
 * marketing site, prerendered without a database, prints these (issue 14). A server test keeps the seeded
 * template equal to them: change both together (a migration updating template 1) and rebuild the site.
 */
export const defaultTemplateStoreLinks = {
  ios: 'https://apps.apple.com/app/presta/id0000000000',
  android: 'https://play.google.com/store/apps/details?id=com.presta.app',
} as const;
