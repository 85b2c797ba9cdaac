import { PROMO_SMS_RESEND_SECONDS, promotionCodes } from '@presta/contract/promotion-rules';
import type { Language } from '@presta/contract/language';
import { PromoNetworkError, type PromoAnswer, type PromoApi, type TrackingParams } from './api';
import { createCaptcha } from './captcha';
import { createCountdown } from './countdown';
import type { ClientType } from './device';
import { countdownLabel, pageMessages } from './messages';
import type { Notices } from './notices';
import { trackConversion } from './pixel';
import { redirectsToDownload, type PromoQuery } from './query';
import { templateOf, type TemplateState } from './template-state';
import { captchaInput, isValidCaptcha, isValidPhone, isValidSmsCode, phoneInput, smsCodeInput } from './validation';

export type RegistrationOptions = {
  form: HTMLFormElement;
  api: PromoApi;
  notices: Notices;
  query: PromoQuery;
  lang: Language;
  device: ClientType;
  template: () => TemplateState;
  /** Shows #/downloadTemplate (called only when the §4 rule allows it). */
  goToDownload: () => void;
  now?: () => number;
};

export type Registration = {
  /** Counts the visit and loads the first captcha (once, when the form is first shown). */
  start(): Promise<void>;
};

function element<T extends HTMLElement>(form: HTMLFormElement, id: string): T {
  const el = form.querySelector<T>(`#${id}`);
  if (!el) throw new Error(`promo/index.html has no #${id}`);
  return el;
}

/**
 * Keeps an input to its format (digits only, length) as the visitor types or
 * pastes. The phone field's maxlength (13) leaves room for a pasted
 * "138 0013 8000" or "138-0013-8000": the format then keeps its 11 digits.
 */
function keepFormat(input: HTMLInputElement, format: (value: string) => string): void {
  input.addEventListener('input', () => {
    const formatted = format(input.value);
    if (formatted !== input.value) input.value = formatted;
  });
}

/**
 * The registration form (§4, §5, §7, §8): phone, image captcha with refresh,
 * SMS code with the 60 s countdown, apply. Every message is a toast; the
 * field it is about gets the focus.
 */
export function setupRegistration(options: RegistrationOptions): Registration {
  const { form, api, notices, query, lang, device } = options;
  const messages = pageMessages(lang);
  const phone = element<HTMLInputElement>(form, 'promo-phone');
  const captchaField = element<HTMLInputElement>(form, 'promo-captcha');
  const smsCode = element<HTMLInputElement>(form, 'promo-sms-code');
  const refreshButton = element<HTMLButtonElement>(form, 'promo-captcha-refresh');
  const codeButton = element<HTMLButtonElement>(form, 'promo-get-code');
  const applyButton = element<HTMLButtonElement>(form, 'promo-apply');
  const captcha = createCaptcha({ api, image: element<HTMLImageElement>(form, 'promo-captcha-image'), notices, now: options.now });

  keepFormat(phone, phoneInput);
  keepFormat(captchaField, captchaInput);
  keepFormat(smsCode, smsCodeInput);

  const countdown = createCountdown({
    seconds: PROMO_SMS_RESEND_SECONDS,
    onTick: (left) => {
      codeButton.textContent = countdownLabel(left);
      // Not disabled: pressing it now says 'do not resend' (§5).
      codeButton.dataset.counting = 'true';
    },
    onEnd: () => {
      codeButton.textContent = messages.getCode;
      delete codeButton.dataset.counting;
    },
  });

  const tracking = (): TrackingParams => ({
    page_id: query.id,
    user_from: query.user_from,
    client_type: device,
    utm_tag: query.utm_tag,
    app_from: query.app_from,
  });

  /** §5: shows the message and puts the visitor on the field. */
  const refuse = (input: HTMLInputElement, key: 'phoneInvalid' | 'captchaInvalid' | 'smsCodeInvalid') => {
    notices.fixed(key);
    input.focus();
    return false;
  };

  const phoneOk = () => isValidPhone(phone.value) || refuse(phone, 'phoneInvalid');
  const captchaOk = () => isValidCaptcha(captchaField.value) || refuse(captchaField, 'captchaInvalid');
  const smsCodeOk = () => isValidSmsCode(smsCode.value) || refuse(smsCode, 'smsCodeInvalid');

  /** A wrong image captcha (get-sms '101', register '-1'): a new image, the field emptied, the server's message. */
  const captchaWrong = (answer: PromoAnswer) => {
    captchaField.value = '';
    void captcha.refresh();
    notices.server(answer.message);
    captchaField.focus();
  };

  /** §4: registered or already registered → the download page, unless the query has down_id or links_id. */
  const finish = () => {
    if (redirectsToDownload(query)) options.goToDownload();
  };

  /** One request at a time per button; a network failure shows 'error' (§8). */
  const guarded = (button: HTMLButtonElement, run: () => Promise<void>) => {
    let busy = false;
    return async () => {
      if (busy) return;
      busy = true;
      button.setAttribute('aria-busy', 'true');
      try {
        await run();
      } catch (error) {
        if (!(error instanceof PromoNetworkError)) throw error;
        notices.fixed('networkError');
      } finally {
        busy = false;
        button.removeAttribute('aria-busy');
      }
    };
  };

  const appName = () => templateOf(options.template())?.appName || undefined;

  const requestCode = guarded(codeButton, async () => {
    const answer = await api.getSms({
      phone: phone.value,
      capcode: captchaField.value,
      sid: captcha.sid(),
      appName: appName(),
      app_from: query.app_from,
      user_from: query.user_from,
      utm_tag: query.utm_tag,
    });
    switch (answer.code) {
      case promotionCodes.sent:
        notices.fixed('codeSent');
        countdown.start();
        smsCode.focus();
        return;
      case promotionCodes.captchaWrongSms:
        return captchaWrong(answer);
      case promotionCodes.alreadyRegistered:
        notices.fixed('alreadyRegistered');
        return finish();
      default:
        notices.server(answer.message);
    }
  });

  const apply = guarded(applyButton, async () => {
    api.trackClick({ ...tracking(), phone: phone.value });
    const answer = await api.register({
      phone: phone.value,
      capcode: captchaField.value,
      sid: captcha.sid(),
      appName: appName(),
      smsCode: smsCode.value,
      invite_code: query.invite_code,
      user_from: query.user_from,
      id: query.id,
      app_from: query.app_from,
      utm_tag: query.utm_tag,
    });
    switch (answer.code) {
      case promotionCodes.registered: {
        notices.fixed('registered');
        const template = templateOf(options.template());
        trackConversion(template?.pixelId, query.UC, template?.id ?? query.id);
        return finish();
      }
      case promotionCodes.alreadyRegistered:
        notices.fixed('alreadyRegistered');
        return finish();
      case promotionCodes.captchaWrongRegister:
        return captchaWrong(answer);
      default:
        notices.server(answer.message);
    }
  });

  refreshButton.addEventListener('click', () => {
    // §5: refreshing the captcha needs a phone number.
    if (phoneOk()) void captcha.refresh();
  });

  codeButton.addEventListener('click', () => {
    if (countdown.isRunning()) return notices.fixed('doNotResend');
    if (phoneOk() && captchaOk()) void requestCode();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (phoneOk() && captchaOk() && smsCodeOk()) void apply();
  });

  let started: Promise<void> | null = null;
  return {
    start() {
      started ??= (async () => {
        api.trackVisit(tracking());
        await captcha.refresh();
      })();
      return started;
    },
  };
}
