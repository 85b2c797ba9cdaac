import type { Language } from '@presta/contract/language';

/**
 * The landing page's texts. `es` (the default) and `en` (`?language=1`) hold
 * the page's own texts: promo/index.html carries the Spanish ones statically
 * (elements marked `data-i18n="key"`, a test keeps the two equal) and
 * static-texts.ts swaps them for English. `zh` holds the messages that §5 and
 * §8 give in Chinese: they are shown exactly so, whatever the page language.
 */
const es = {
  pageTitle: 'Regístrese y reciba su préstamo',
  metaDescription: 'Regístrese con su número de teléfono y descargue la aplicación para solicitar su préstamo.',
  brandName: 'Presta',
  heroTitle: 'Su préstamo en minutos',
  heroText: 'Regístrese con su número de teléfono y descargue la aplicación para solicitarlo.',
  formLabel: 'Registro',
  phoneLabel: 'Número de teléfono',
  phonePlaceholder: '11 dígitos',
  captchaLabel: 'Código de la imagen',
  captchaPlaceholder: '4 caracteres',
  captchaRefresh: 'Cambiar la imagen del código',
  smsLabel: 'Código SMS',
  smsPlaceholder: '6 dígitos',
  getCode: 'Obtener código',
  apply: 'Solicitar ahora',
  agreementPrefix: 'Al registrarse acepta el',
  agreementLink: 'Acuerdo de usuario',
  downloadTitle: 'Descargue la aplicación',
  downloadText: 'Instale la aplicación e inicie sesión con su número de teléfono.',
  appStore: 'Descargar en App Store',
  googlePlay: 'Descargar en Google Play',
  noStoreLinks: 'Los enlaces de descarga aún no están disponibles.',
  signInLink: '¿Ya tiene una cuenta? Inicie sesión en el navegador',
  agreementTitle: 'Acuerdo de usuario',
  agreementUnavailable: 'El acuerdo no está disponible en este momento. Inténtelo más tarde.',
  loading: 'Cargando…',
  backToRegistration: 'Volver al registro',
};

type PageMessages = Record<keyof typeof es, string>;

const en: PageMessages = {
  pageTitle: 'Sign up and get your loan',
  metaDescription: 'Sign up with your phone number and download the app to apply for your loan.',
  brandName: 'Presta',
  heroTitle: 'Your loan in minutes',
  heroText: 'Sign up with your phone number and download the app to apply.',
  formLabel: 'Sign-up',
  phoneLabel: 'Phone number',
  phonePlaceholder: '11 digits',
  captchaLabel: 'Image code',
  captchaPlaceholder: '4 characters',
  captchaRefresh: 'Show another code image',
  smsLabel: 'SMS code',
  smsPlaceholder: '6 digits',
  getCode: 'Get code',
  apply: 'Apply now',
  agreementPrefix: 'By signing up you accept the',
  agreementLink: 'User agreement',
  downloadTitle: 'Download the app',
  downloadText: 'Install the app and sign in with your phone number.',
  appStore: 'Download on the App Store',
  googlePlay: 'Get it on Google Play',
  noStoreLinks: 'The download links are not available yet.',
  signInLink: 'Already registered? Sign in in your browser',
  agreementTitle: 'User agreement',
  agreementUnavailable: 'The agreement is not available right now. Please try again later.',
  loading: 'Loading…',
  backToRegistration: 'Back to sign-up',
};

/** §5 and §8: shown exactly as written, in every page language. */
const zh = {
  /** §5 phone: 11 digits, first 1, second 3–9 (also when refreshing the captcha without a phone). */
  phoneInvalid: '请正确输入手机号码',
  /** §5 image captcha: required (4 characters) when sending the SMS or applying. */
  captchaInvalid: '请正确输入图形验证码',
  /** §5 SMS code: required (6 digits) when applying. */
  smsCodeInvalid: '请正确输入短信验证码',
  /** §5 resend while the countdown runs. */
  doNotResend: '请勿重复发送验证码',
  /** §8 get-sms '0'. */
  codeSent: '验证码已发送，请注意查收',
  /** §8 get-sms / register '11'. */
  alreadyRegistered: '已注册，请下载APP登录',
  /** §8 register '0'. */
  registered: '注册成功',
  /** §8 network failure on the registration page: the word 'error', as the spec gives it. */
  networkError: 'error',
} as const;

export type PageMessageKey = keyof PageMessages;
export type FixedMessageKey = keyof typeof zh;

export const promoMessages: { es: PageMessages; en: PageMessages; zh: typeof zh } = { es, en, zh };

export function pageMessages(lang: Language): PageMessages {
  return promoMessages[lang];
}

/** The countdown button's label while it runs (§4: it shows the seconds left). */
export function countdownLabel(seconds: number): string {
  return `${seconds} s`;
}
