import {
  PROMO_CAPTCHA_LENGTH,
  PROMO_PHONE_LENGTH,
  PROMO_PHONE_PATTERN,
  PROMO_SMS_CODE_LENGTH,
} from '@presta/contract/promotion-rules';

/** Phone and SMS-code inputs: digits only, cut to their length (§5). */
export const phoneInput = (value: string) => value.replace(/\D/g, '').slice(0, PROMO_PHONE_LENGTH);
export const smsCodeInput = (value: string) => value.replace(/\D/g, '').slice(0, PROMO_SMS_CODE_LENGTH);
/** Captcha input: letters and digits, cut to 4 (§5). */
export const captchaInput = (value: string) => value.replace(/[^0-9a-z]/gi, '').slice(0, PROMO_CAPTCHA_LENGTH);

/** §5: 11 digits, first 1, second 3 to 9. */
export const isValidPhone = (phone: string) => PROMO_PHONE_PATTERN.test(phone);
/** §5: the image captcha is required; it always has 4 characters. */
export const isValidCaptcha = (captcha: string) => captcha.length === PROMO_CAPTCHA_LENGTH;
/** §5: the SMS code is required when applying; it always has 6 digits. */
export const isValidSmsCode = (code: string) => new RegExp(`^\\d{${PROMO_SMS_CODE_LENGTH}}$`).test(code);
