import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { intField, marketSchema } from './common';
import { applicationSummarySchema } from './application';
import { signedAgreementLinkSchema } from './loan';

/*
 * The borrower's account (issue 16, decision 017, docs/sign-in.md): sign-in with phone, captcha and SMS code,
 * sessions, my loans, offers, profile, language and the bank account for disbursal. The spec shows none of
 * these calls: they are ours, for the native apps' login screen and for the pages in a plain browser.
 * Money in minor units of the market's currency; days as YYYY-MM-DD in the product's time zone.
 */

/** A phone as the borrower types it: digits (spaces, dashes and a leading + are dropped by the server). */
const phoneField = z.string().trim().min(1).max(20);
/** The captcha session of get-sid and the picture's answer (the registration page's captcha). */
const captchaFields = { sid: z.string().trim().max(64), capcode: z.string().trim().min(1).max(8) };
const smsCodeField = z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits of the SMS');

export const profileSchema = z.object({
  fullName: z.string(),
  /** '******0001': the last 4 digits only. */
  maskedPhone: z.string(),
  language: z.enum(['es', 'en']),
  /** The market of the borrower's products (the currency of their offers and loans). */
  market: marketSchema,
});

export const accountSignInCode = endpoint({
  ...apiRoutes.accountSignInCode,
  summary: 'Sign-in, step 1: the captcha checked, a 6-digit code sent by SMS to a registered phone',
  request: z.object({ phone: phoneField, ...captchaFields }),
  /** resendAfter: seconds before another code may be asked for this phone; expiresIn: the code's life, seconds. */
  data: z.object({ resendAfter: z.number().int(), expiresIn: z.number().int() }),
});

export const accountSignIn = endpoint({
  ...apiRoutes.accountSignIn,
  summary: 'Sign-in, step 2: the SMS code checked (5 tries), a new session',
  request: z.object({
    phone: phoneField,
    code: smsCodeField,
    /**
     * app (default): the session id is answered, for the native app to keep and put in the pages' addresses.
     * web: the session is set as an HttpOnly cookie and no id is answered (a plain browser).
     */
    client: z.enum(['app', 'web']).default('app'),
  }),
  data: z.object({
    /** '' for client=web (the cookie carries it). */
    sessionId: z.string(),
    expiresAt: z.string(),
    profile: profileSchema,
  }),
});

export const accountSignOut = endpoint({
  ...apiRoutes.accountSignOut,
  summary: "Sign out: this session is refused at once on every server (a browser's cookie is cleared)",
  request: z.object({}).loose(),
  data: z.object({ signedOut: z.literal(true) }),
});

export const accountSignOutEverywhere = endpoint({
  ...apiRoutes.accountSignOutEverywhere,
  summary: "Sign out everywhere: every session of the borrower, this one included, is refused at once",
  request: z.object({}).loose(),
  data: z.object({ signedOut: z.number().int() }),
});

export const sessionSummarySchema = z.object({
  /** The session's public handle (never its id). */
  ref: z.string(),
  deviceName: z.string(),
  os: z.string(),
  client: z.enum(['app', 'web']),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this call. */
  current: z.boolean(),
});

export const accountSessions = endpoint({
  ...apiRoutes.accountSessions,
  summary: 'The borrower’s active sessions, most recently seen first',
  request: z.object({}).loose(),
  data: z.object({ sessions: z.array(sessionSummarySchema) }),
});

export const accountSessionRevoke = endpoint({
  ...apiRoutes.accountSessionRevoke,
  summary: 'Sign out one of the borrower’s sessions by its handle (another borrower’s handle: 404)',
  request: z.object({ ref: z.string().trim().regex(/^[0-9a-f]{32}$/, 'must be a session handle') }),
  data: z.object({ signedOut: z.literal(true) }),
});

export const accountProfile = endpoint({
  ...apiRoutes.accountProfile,
  summary: 'The borrower’s profile: name, masked phone, language, market',
  request: z.object({}).loose(),
  data: profileSchema,
});

export const accountLanguage = endpoint({
  ...apiRoutes.accountLanguage,
  summary: 'The borrower’s language for pages, messages and SMS',
  request: z.object({ language: z.enum(['es', 'en']) }),
  data: profileSchema,
});

export const loanSummarySchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  status: z.string(),
  /** The status's name in the request's language (orderStatusNames). */
  statusText: z.string(),
  productId: z.string(),
  productName: z.string(),
  market: marketSchema,
  principal: z.number().int(),
  /** Agreed total (principal, interest, commission and tax of the plan). */
  totalOwed: z.number().int(),
  /** Outstanding today (late charges included) for a disbursed loan; 0 before disbursal and once settled. */
  outstanding: z.number().int(),
  /** The next payment of a loan being repaid: its date and amount (null otherwise). */
  nextPayment: z.object({ dueDate: z.string(), amount: z.number().int() }).nullable(),
  appliedOn: z.string(),
  disbursedOn: z.string().nullable(),
  /** Issue 38: the order's signed agreement (its PDF needs the session), or null. */
  signedAgreement: signedAgreementLinkSchema.nullable(),
});

export const accountLoans = endpoint({
  ...apiRoutes.accountLoans,
  summary: 'My loans: every order of the borrower, newest first, with status and amounts',
  request: z.object({}).loose(),
  data: z.object({ loans: z.array(loanSummarySchema) }),
});

export const offerSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  market: marketSchema,
  /** What may be borrowed now: the product's range within the offer's limit, in steps. */
  amountMin: z.number().int(),
  amountMax: z.number().int(),
  amountStep: z.number().int(),
  periodsMin: z.number().int(),
  periodsMax: z.number().int(),
  termUnitDays: z.number().int(),
  /** The daily interest rate as the agreement writes it. */
  dailyRate: z.string(),
});

/** A higher limit proposed on a product the borrower holds (issue 35, docs/credit-policy.md "After a loan is settled"). */
export const limitIncreaseSchema = z.object({
  proposalId: z.string(),
  productId: z.string(),
  productName: z.string(),
  market: marketSchema,
  /** Minor units of the market's currency. */
  currentLimit: z.number().int(),
  proposedLimit: z.number().int(),
  /** Until when it may be accepted (ISO time). */
  expiresAt: z.string(),
});

export const accountOffers = endpoint({
  ...apiRoutes.accountOffers,
  summary: 'The products the borrower may take now, with amount and term ranges (none while a loan is active)',
  request: z.object({}).loose(),
  data: z.object({
    offers: z.array(offerSchema),
    /** The borrower's open order (under review, approved, being repaid, overdue): no new loan until it ends. */
    activeOrderId: z.string().nullable(),
  }),
});

export const accountHome = endpoint({
  ...apiRoutes.accountHome,
  summary: 'Home: the active loan with its next payment, or the offers, or the credit application (to start, continue or follow)',
  request: z.object({}).loose(),
  data: z.object({
    profile: profileSchema,
    activeLoan: loanSummarySchema.nullable(),
    offers: z.array(offerSchema),
    /** The borrower's newest credit application (issue 34); null: none (home offers to apply when there are no offers either). */
    application: applicationSummarySchema.nullable(),
    /** Higher limits the lender proposes after a loan repaid well (issue 35): applied only when the borrower accepts. */
    limitIncreases: z.array(limitIncreaseSchema),
  }),
});

export const accountLimitIncrease = endpoint({
  ...apiRoutes.accountLimitIncrease,
  summary: 'Accept or turn down a proposed higher limit (issue 35): accepting is the borrower’s recorded consent; nothing changes otherwise',
  request: z.object({
    proposalId: z.string().trim().regex(/^\d{1,18}$/, 'must be a proposal id'),
    accept: intField(0, 1),
  }),
  data: z.object({ limitIncreases: z.array(limitIncreaseSchema), offers: z.array(offerSchema) }),
});

export const bankAccountSchema = z.object({
  market: marketSchema,
  /** MX: 'clabe'; IN: 'account' (number and IFSC). */
  kind: z.enum(['clabe', 'account']),
  /** '**** 1234'. */
  masked: z.string(),
  /** MX: the bank the CLABE names; IN: the IFSC's bank code. */
  bankName: z.string(),
  ifsc: z.string().nullable(),
  since: z.string(),
  /**
   * Issue 37 (docs/account.md "Verification"): whether the account was found to be in the borrower's name before its
   * first disbursal. verified (an account a reviewer accepted too), pending (being checked), review (the bank's
   * name differs: a reviewer decides), failed (the bank could not confirm it), rejected (not the borrower's: another
   * is needed); `text` says it in the request's language. Absent: never checked (accounts saved before issue 37).
   */
  verification: z
    .object({ status: z.enum(['verified', 'pending', 'review', 'failed', 'rejected']), text: z.string() })
    .optional(),
});

export const accountBankAccount = endpoint({
  ...apiRoutes.accountBankAccount,
  summary: 'The bank account loans are disbursed to (null: none yet)',
  request: z.object({}).loose(),
  data: z.object({ account: bankAccountSchema.nullable() }),
});

export const accountBankAccountCode = endpoint({
  ...apiRoutes.accountBankAccountCode,
  summary: 'Changing the bank account, step 1: a 6-digit code sent by SMS to the borrower’s phone',
  request: z.object({}).loose(),
  data: z.object({ resendAfter: z.number().int(), expiresIn: z.number().int() }),
});

export const accountBankAccountSave = endpoint({
  ...apiRoutes.accountBankAccountSave,
  summary: 'Changing the bank account, step 2: the account checked (CLABE; account number and IFSC) and saved with the SMS code',
  request: z.object({
    /** MX: the 18-digit CLABE. IN: the account number. */
    account: z.string().trim().min(1).max(34),
    /** IN only. */
    ifsc: z.string().trim().max(11).optional(),
    code: smsCodeField,
  }),
  data: z.object({ account: bankAccountSchema }),
});
