/*
 * Constants of the legacy card repayment calls (§8, §9), zod-free so that
 * pages can import them without pulling in the schemas
 * (the schemas are in api/legacy-payment.ts).
 */

/** §8 codes of the legacy calls. Any other code carries a readable message. */
export const legacyPaymentCodes = {
  ok: '00',
  wrongVerificationCode: '800006',
  repeatPaymentRequest: '800005',
} as const;

/** Length of the SMS verification code (§9). */
export const CARD_SMS_CODE_LENGTH = 6;
/** Seconds before the SMS code may be sent again (§9). */
export const CARD_SMS_RESEND_SECONDS = 60;
