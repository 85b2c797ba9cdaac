import { describe, expect, it } from 'vitest';
import { captchaInput, isValidCaptcha, isValidPhone, isValidSmsCode, phoneInput, smsCodeInput } from './validation';

describe('promotion input formats (§5)', () => {
  it('phone: digits only, at most 11', () => {
    expect(phoneInput('138 0013-8000 99')).toBe('13800138000');
    expect(phoneInput('abc')).toBe('');
  });
  it('captcha: letters and digits, at most 4', () => {
    expect(captchaInput(' a B3-x9 ')).toBe('aB3x');
  });
  it('SMS code: digits only, at most 6', () => {
    expect(smsCodeInput('12 34 56 78')).toBe('123456');
  });
});

describe('promotion validation (§5)', () => {
  it('phone: 11 digits, first 1, second 3 to 9', () => {
    expect(isValidPhone('13800138000')).toBe(true);
    expect(isValidPhone('19912345678')).toBe(true);
    expect(isValidPhone('12800138000')).toBe(false);
    expect(isValidPhone('23800138000')).toBe(false);
    expect(isValidPhone('1380013800')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
  it('captcha: 4 characters', () => {
    expect(isValidCaptcha('ab3x')).toBe(true);
    expect(isValidCaptcha('ab3')).toBe(false);
    expect(isValidCaptcha('')).toBe(false);
  });
  it('SMS code: 6 digits', () => {
    expect(isValidSmsCode('012345')).toBe(true);
    expect(isValidSmsCode('01234')).toBe(false);
    expect(isValidSmsCode('')).toBe(false);
  });
});
