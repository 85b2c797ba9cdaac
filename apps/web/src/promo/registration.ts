import { PROMO_SMS_RESEND_SECONDS, promotionCodes } from '@presta/contract/promotion-rules';
import type { Language } from '@presta/contract/language';
import { PromoNetworkError, type PromoAnswer, type PromoApi, type TrackingParams } from './api';
import { createCaptcha, type Captcha } from './captcha';
import { createCountdown, type Countdown } from './countdown';
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

/** The form's fields and buttons (the ids of promo/index.html). */
type FormElements = {
  phone: HTMLInputElement;
  captchaField: HTMLInputElement;
  smsCode: HTMLInputElement;
  refreshButton: HTMLButtonElement;
  codeButton: HTMLButtonElement;
  applyButton: HTMLButtonElement;
  captchaImage: HTMLImageElement;
};

function formElements(form: HTMLFormElement): FormElements {
  return {
    phone: element<HTMLInputElement>(form, 'promo-phone'),
    captchaField: element<HTMLInputElement>(form, 'promo-captcha'),
    smsCode: element<HTMLInputElement>(form, 'promo-sms-code'),
    refreshButton: element<HTMLButtonElement>(form, 'promo-captcha-refresh'),
    codeButton: element<HTMLButtonElement>(form, 'promo-get-code'),
    applyButton: element<HTMLButtonElement>(form, 'promo-apply'),
    captchaImage: element<HTMLImageElement>(form, 'promo-captcha-image'),
  };
}

/** The get-code button's resend countdown (§4, §9): its label counts the seconds, then reads "get code" again. */
function codeButtonCountdown(codeButton: HTMLButtonElement, lang: Language): Countdown {
  const messages = pageMessages(lang);
  return createCountdown({
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
}

/** One request at a time per button; a network failure shows 'error' (§8). */
function guarded(button: HTMLButtonElement, notices: Notices, run: () => Promise<void>): () => Promise<void> {
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
}

/** What the form's checks and calls share. */
type Form = RegistrationOptions & { el: FormElements; captcha: Captcha; countdown: Countdown };

/** §5: each check shows its message and puts the visitor on the field. */
function fieldChecks({ el, notices }: Form) {
  const refuse = (input: HTMLInputElement, key: 'phoneInvalid' | 'captchaInvalid' | 'smsCodeInvalid') => {
    notices.fixed(key);
    input.focus();
    return false;
  };
  return {
    phoneOk: () => isValidPhone(el.phone.value) || refuse(el.phone, 'phoneInvalid'),
    captchaOk: () => isValidCaptcha(el.captchaField.value) || refuse(el.captchaField, 'captchaInvalid'),
    smsCodeOk: () => isValidSmsCode(el.smsCode.value) || refuse(el.smsCode, 'smsCodeInvalid'),
  };
}

/** The tracking fields of the landing address (track-visit, track-click). */
function trackingOf({ query, device }: Form): TrackingParams {
  return { page_id: query.id, user_from: query.user_from, client_type: device, utm_tag: query.utm_tag, app_from: query.app_from };
}

/** The template's app name, once it answered (sent with get-sms and register). */
const appNameOf = (f: Form) => templateOf(f.template())?.appName || undefined;

/** A wrong image captcha (get-sms '101', register '-1'): a new image, the field emptied, the server's message. */
function captchaWrong({ el, captcha, notices }: Form, answer: PromoAnswer) {
  el.captchaField.value = '';
  void captcha.refresh();
  notices.server(answer.message);
  el.captchaField.focus();
}

/** §4: registered or already registered → the download page, unless the query has down_id or links_id. */
function finish(f: Form) {
  if (redirectsToDownload(f.query)) f.goToDownload();
}

/** get-sms and its §8 answers: '0' starts the countdown, '101' a new captcha, '11' the download page. */
async function requestCode(f: Form): Promise<void> {
  const { el, query, notices } = f;
  const answer = await f.api.getSms({
    phone: el.phone.value,
    capcode: el.captchaField.value,
    sid: f.captcha.sid(),
    appName: appNameOf(f),
    app_from: query.app_from,
    user_from: query.user_from,
    utm_tag: query.utm_tag,
  });
  switch (answer.code) {
    case promotionCodes.sent:
      notices.fixed('codeSent');
      f.countdown.start();
      el.smsCode.focus();
      return;
    case promotionCodes.captchaWrongSms:
      return captchaWrong(f, answer);
    case promotionCodes.alreadyRegistered:
      notices.fixed('alreadyRegistered');
      return finish(f);
    default:
      notices.server(answer.message);
      // Too soon after another code to this phone (decision 025): the button counts the wait; the captcha
      // answer stays good for this phone, so it is kept.
      if (answer.retryAfter !== undefined) f.countdown.start(answer.retryAfter);
  }
}

/** The apply click, then register and its §8 answers: '0' (with the conversion pixel) and '11' finish, '-1' a new captcha. */
async function apply(f: Form): Promise<void> {
  const { el, query, notices } = f;
  f.api.trackClick({ ...trackingOf(f), phone: el.phone.value });
  const answer = await f.api.register({
    phone: el.phone.value,
    capcode: el.captchaField.value,
    sid: f.captcha.sid(),
    appName: appNameOf(f),
    smsCode: el.smsCode.value,
    invite_code: query.invite_code,
    user_from: query.user_from,
    id: query.id,
    app_from: query.app_from,
    utm_tag: query.utm_tag,
  });
  switch (answer.code) {
    case promotionCodes.registered: {
      notices.fixed('registered');
      const template = templateOf(f.template());
      trackConversion(template?.pixelId, query.UC, template?.id ?? query.id);
      return finish(f);
    }
    case promotionCodes.alreadyRegistered:
      notices.fixed('alreadyRegistered');
      return finish(f);
    case promotionCodes.captchaWrongRegister:
      return captchaWrong(f, answer);
    default:
      notices.server(answer.message);
  }
}

/** The captcha refresh, get-code and apply buttons, each after its §5 checks. */
function bindButtons(f: Form): void {
  const { el, notices, countdown, captcha } = f;
  const { phoneOk, captchaOk, smsCodeOk } = fieldChecks(f);
  const sendCode = guarded(el.codeButton, notices, () => requestCode(f));
  const register = guarded(el.applyButton, notices, () => apply(f));

  el.refreshButton.addEventListener('click', () => {
    // §5: refreshing the captcha needs a phone number.
    if (phoneOk()) void captcha.refresh();
  });

  el.codeButton.addEventListener('click', () => {
    if (countdown.isRunning()) return notices.fixed('doNotResend');
    if (phoneOk() && captchaOk()) void sendCode();
  });

  f.form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (phoneOk() && captchaOk() && smsCodeOk()) void register();
  });
}

/**
 * The registration form (§4, §5, §7, §8): phone, image captcha with refresh,
 * SMS code with the 60 s countdown, apply. Every message is a toast; the
 * field it is about gets the focus.
 */
export function setupRegistration(options: RegistrationOptions): Registration {
  const el = formElements(options.form);
  const captcha = createCaptcha({ api: options.api, image: el.captchaImage, notices: options.notices, now: options.now });
  const f: Form = { ...options, el, captcha, countdown: codeButtonCountdown(el.codeButton, options.lang) };

  keepFormat(el.phone, phoneInput);
  keepFormat(el.captchaField, captchaInput);
  keepFormat(el.smsCode, smsCodeInput);
  bindButtons(f);

  let started: Promise<void> | null = null;
  return {
    start() {
      started ??= (async () => {
        options.api.trackVisit(trackingOf(f));
        await captcha.refresh();
      })();
      return started;
    },
  };
}
