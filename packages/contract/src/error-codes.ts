/**
 * Application codes carried in the wrapper's `code` (the HTTP status is set too).
 * The §8 codes of the promotion and legacy payment calls are listed with their calls.
 */
export const errorCodes = {
  ok: '0',
  okTemplate: '00',
  badRequest: '400001',
  /** Registration, sign-in and the bank-account change: the SMS code is wrong, expired or used up (5 wrong tries). */
  smsCodeWrong: '400002',
  /** Sign-in (issue 16): the captcha's answer is wrong (a new picture is needed). */
  captchaWrong: '400003',
  /** Missing, unknown or expired session: the pages show the joint-logon failure page. */
  sessionInvalid: '401001',
  /** /metrics without the right METRICS_TOKEN (the operator token it once shared the code with is gone: decision 018). */
  metricsUnauthorized: '401002',
  /** Back office (issue 17): the e-mail, password or second-factor code is not right (which one is not said). */
  staffSignInRefused: '401003',
  /**
   * Back office: no console session, or it ended (signed out, idle 30 minutes, 12 hours old, reset, disabled); or an
   * API token that is wrong, revoked or whose member is disabled, or one on a call that takes a session only.
   */
  staffSessionInvalid: '401004',
  /** Back office: the staff member's roles do not allow the action. */
  forbidden: '403001',
  /** Back office: a state-changing call without the session's CSRF token, or from another site. */
  csrfInvalid: '403002',
  /** Unknown object, or one that belongs to another borrower (indistinguishable on purpose). */
  notFound: '404001',
  /** An order transition that the state machine forbids. */
  invalidTransition: '409001',
  /** A loan already in progress for this product with other terms. */
  orderInProgress: '409002',
  /** A card repayment that can no longer be confirmed (expired, failed, too many wrong codes), or a stale repay token. */
  cardRepaymentClosed: '409003',
  /** India (issue 13): applying without a valid Key Facts Statement the borrower acknowledged, or acknowledging an expired one. */
  keyFactsRequired: '409004',
  /** Issue 16: the borrower has a loan under review, approved or being repaid: no second one. */
  activeLoanExists: '409005',
  /** Issue 34: the credit application is submitted or decided: its answers can no longer be changed. */
  applicationClosed: '409006',
  /** Issue 34: a consent's text changed since the page showed it: the borrower reads the new text and signs again. */
  consentTextChanged: '409007',
  /** Issue 35: a new application before the day a declined one said the borrower may apply again (the message names it). */
  applicationTooSoon: '409008',
  /**
   * Issue 38: applying without the borrower's signature of the agreement for exactly these figures (sign again), or
   * disbursing an order whose agreement is not signed and time-stamped (console and ops say which).
   */
  agreementNotSigned: '409009',
  /** The card processor declined the charge. */
  cardDeclined: '402001',
  /** Amount or term outside the product's rules. */
  outsideProductRules: '422001',
  productUnavailable: '422002',
  rateLimited: '429001',
  internal: '500000',
  /** PostgreSQL cannot answer now, or the server is stopping: try again after Retry-After seconds. */
  serviceUnavailable: '503001',
} as const;

export const sessionErrorCodes: ReadonlySet<string> = new Set([errorCodes.sessionInvalid]);
