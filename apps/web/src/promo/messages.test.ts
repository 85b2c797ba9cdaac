import { describe, expect, it } from 'vitest';
import { countdownLabel, promoMessages } from './messages';
import { parsePromoHtml } from './promo-test-page';

describe('promotion page messages', () => {
  it('has the same keys in Spanish and English, none empty', () => {
    expect(Object.keys(promoMessages.en).sort()).toEqual(Object.keys(promoMessages.es).sort());
    for (const text of [...Object.values(promoMessages.es), ...Object.values(promoMessages.en)]) expect(text.trim()).not.toBe('');
  });

  it('keeps the §5 and §8 messages in Chinese, exactly', () => {
    expect(promoMessages.zh).toEqual({
      phoneInvalid: '请正确输入手机号码',
      captchaInvalid: '请正确输入图形验证码',
      smsCodeInvalid: '请正确输入短信验证码',
      doNotResend: '请勿重复发送验证码',
      codeSent: '验证码已发送，请注意查收',
      alreadyRegistered: '已注册，请下载APP登录',
      registered: '注册成功',
      networkError: 'error',
    });
  });

  it('the static HTML carries exactly the Spanish catalogue texts', () => {
    const doc = parsePromoHtml();
    const es = promoMessages.es as Record<string, string>;
    const marked = [...doc.querySelectorAll<HTMLElement>('[data-i18n]')];
    expect(marked.length).toBeGreaterThan(10);
    for (const el of marked) {
      const key = el.dataset.i18n!;
      expect(es, key).toHaveProperty(key);
      expect(el.textContent?.trim(), key).toBe(es[key]);
    }
    for (const attribute of ['placeholder', 'aria-label', 'content']) {
      for (const el of doc.querySelectorAll(`[data-i18n-${attribute}]`)) {
        const key = el.getAttribute(`data-i18n-${attribute}`)!;
        expect(el.getAttribute(attribute), key).toBe(es[key]);
      }
    }
  });

  it('labels the countdown with the seconds left', () => {
    expect(countdownLabel(60)).toBe('60 s');
  });
});
