import { z } from 'zod';
import { marketSchema } from './common';
import { staffRoles } from '../staff-roles';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';

/*
 * The back office's calls (issue 17, decision 018; docs/back-office.md): JSON bodies under /console/api, the
 * console session in the presta_console cookie (HttpOnly, Secure, SameSite=Strict, Path=/console). Every call
 * after sign-in that changes something carries the session's CSRF token in the x-csrf-token header.
 */

/** The console session's cookie. */
export const consoleCookieName = 'presta_console';
/** The header a state-changing console call carries its CSRF token in. */
export const csrfHeaderName = 'x-csrf-token';
/**
 * The header every console call's answer names the member's roles in, as read for that call (comma-separated, the
 * roles table's order): the open console follows a change of roles at its next call (decision 023).
 */
export const staffRolesHeaderName = 'x-staff-roles';
/** A staff password's least length (the set-up page checks it as the server does), counted by `passwordLength`. */
export const staffPasswordMinLength = 12;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A password's length as a person counts it: its characters as seen (grapheme clusters), not UTF-16 units. An
 * emoji is one character (two UTF-16 units, a family emoji eleven), as are a letter and its combining accent.
 */
export function passwordLength(password: string): number {
  let length = 0;
  for (const _ of graphemes.segment(password)) length += 1;
  return length;
}

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(staffRoles)),
});

/** A signed-in member, the CSRF token of their session, and when the session ends at the latest. */
const consoleSessionSchema = z.object({ member: staffMemberSchema, csrfToken: z.string(), expiresAt: z.string() });

const emailField = z.string().trim().min(3).max(254);
const passwordField = z.string().min(1).max(256);
const totpField = z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits of the authenticator app');
/** A set-up link's token: 32 random bytes, base64url. */
const setUpTokenField = z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token of a set-up link');

export const consoleSignIn = endpoint({
  ...apiRoutes.consoleSignIn,
  summary: 'Back office sign-in: e-mail, password and a TOTP code (or a recovery code); sets the presta_console cookie',
  request: z
    .object({ email: emailField, password: passwordField, code: totpField.optional(), recoveryCode: z.string().trim().min(10).max(20).optional() })
    .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), { message: 'give either code or recoveryCode' }),
  data: consoleSessionSchema,
});

export const consoleMe = endpoint({
  ...apiRoutes.consoleMe,
  summary: 'The signed-in staff member, their roles now, and the CSRF token of the session',
  request: z.object({}),
  data: consoleSessionSchema,
});

export const consoleSignOut = endpoint({
  ...apiRoutes.consoleSignOut,
  summary: 'Back office sign-out: the session is refused at once on every server; the cookie is cleared',
  request: z.object({}),
  data: z.object({ signedOut: z.literal(true) }),
});

export const consoleSetUpOpen = endpoint({
  ...apiRoutes.consoleSetUpOpen,
  summary: "A set-up link opened: whose it is, and the TOTP secret to enrol (an otpauth:// URI for a QR code)",
  request: z.object({ token: setUpTokenField }),
  data: z.object({ email: z.string(), name: z.string(), totpUri: z.string(), totpSecret: z.string() }),
});

export const consoleSetUpComplete = endpoint({
  ...apiRoutes.consoleSetUpComplete,
  summary: 'A set-up link completed: the password and a code of the enrolled secret; answers the recovery codes, once',
  request: z.object({ token: setUpTokenField, password: passwordField, code: totpField }),
  data: z.object({ member: staffMemberSchema, recoveryCodes: z.array(z.string()) }),
});

// ---------------------------------------------------------------------------
// Review and disbursal (reviewer: approve, reject; finance: disburse)
// ---------------------------------------------------------------------------

const orderNoField = z.string().trim().regex(/^PR\d{16}$/, 'must be an order number (PR and 16 digits)');
const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/** An application in the review queue: the order, the borrower, the account it would pay, their record with us. */
export const applicationSchema = z.object({
  orderNo: z.string(),
  status: z.enum(['21', '151']),
  appliedAt: z.string(),
  product: z.object({ code: z.string(), name: z.string(), market: marketSchema, currency: z.string() }),
  /** Minor units of the product's currency. */
  principal: z.number().int(),
  totalOwed: z.number().int(),
  periods: z.number().int(),
  termUnitDays: z.number().int(),
  /** The borrower's offer on this product (minor units), the most they may take. */
  offerLimit: z.number().int().nullable(),
  borrower: z.object({ id: z.number().int(), fullName: z.string(), maskedPhone: z.string(), language: z.enum(['es', 'en']) }),
  /** The account a disbursal would pay (masked), or null: it cannot be disbursed yet. */
  bankAccount: z.object({ bankName: z.string(), masked: z.string() }).nullable(),
  /** Their other loans with us: how many, settled, overdue now, rejected. */
  record: z.object({ loans: z.number().int(), settled: z.number().int(), overdueNow: z.number().int(), rejected: z.number().int() }),
});

export const consoleApplications = endpoint({
  ...apiRoutes.consoleApplications,
  summary: 'The review queue: applications under review (21) or approved and waiting for their disbursal (151), oldest first',
  request: z.object({ status: z.enum(['21', '151']).default('21'), limit: z.coerce.number().int().min(1).max(200).default(50) }),
  data: z.object({ applications: z.array(applicationSchema) }),
});

const transitionSchema = z.object({ orderNo: z.string(), from: z.string(), to: z.string() });

export const consoleApprove = endpoint({
  ...apiRoutes.consoleApprove,
  summary: 'Approve an application (21 → 151); recorded in the audit trail',
  request: z.object({ orderNo: orderNoField }),
  data: transitionSchema,
});

export const consoleReject = endpoint({
  ...apiRoutes.consoleReject,
  summary: 'Reject an application (21 or 151 → 110) with the reason the borrower is told; recorded in the audit trail',
  request: z.object({ orderNo: orderNoField, reason: z.string().trim().min(3).max(500) }),
  data: transitionSchema,
});

export const consoleDisburse = endpoint({
  ...apiRoutes.consoleDisburse,
  summary: "Disburse one or several approved orders (151 → 174) to each borrower's active account, on a day (default today)",
  request: z.object({ orderNos: z.array(orderNoField).min(1).max(50), on: calendarDay.optional() }),
  data: z.object({
    disbursed: z.array(z.object({ orderNo: z.string(), disbursedOn: z.string(), bankAccount: z.object({ bankName: z.string(), masked: z.string() }) })),
    /** Orders not disbursed, each with the reason in the caller's language (the others are). */
    refused: z.array(z.object({ orderNo: z.string(), message: z.string() })),
  }),
});

// ---------------------------------------------------------------------------
// Staff and audit (admin: staff; admin and analyst: the audit trail)
// ---------------------------------------------------------------------------

const staffListItemSchema = staffMemberSchema.extend({ secondFactor: z.boolean(), state: z.enum(['active', 'locked', 'disabled']) });

export const consoleStaff = endpoint({
  ...apiRoutes.consoleStaff,
  summary: 'The staff: each member with their roles, whether their second factor is enrolled, and their state',
  request: z.object({}),
  data: z.object({ staff: z.array(staffListItemSchema) }),
});

/** A member and their one-time set-up link (to hand over; shown once). */
const memberWithLinkSchema = z.object({ member: staffMemberSchema, setUpLink: z.string() });

export const consoleStaffAdd = endpoint({
  ...apiRoutes.consoleStaffAdd,
  summary: 'Add a staff member with their roles; answers their one-time set-up link (24 hours)',
  request: z.object({ email: emailField, name: z.string().trim().max(120).optional(), roles: z.array(z.enum(staffRoles)).min(1).max(staffRoles.length) }),
  data: memberWithLinkSchema,
});

export const consoleStaffReset = endpoint({
  ...apiRoutes.consoleStaffReset,
  summary: "Reset a member: password and second factor cleared, sessions ended at once, a new set-up link",
  request: z.object({ email: emailField }),
  data: memberWithLinkSchema,
});

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorType: z.enum(['staff', 'system']),
  staffId: z.number().int().nullable(),
  actorLabel: z.string(),
  via: z.enum(['console', 'cli', 'job', 'api_token']),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  clientIp: z.string(),
});

export const consoleAudit = endpoint({
  ...apiRoutes.consoleAudit,
  summary: 'The audit trail, newest first, filtered by member, action, object and dates; beforeId pages back',
  request: z.object({
    staffId: z.coerce.number().int().positive().optional(),
    action: z.string().trim().max(64).optional(),
    objectType: z.string().trim().max(32).optional(),
    objectId: z.string().trim().max(64).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    beforeId: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  }),
  data: z.object({ events: z.array(auditEventSchema) }),
});

/** A member after an admin's change: their roles now and their state; changed false when it was so already. */
const staffChangeSchema = z.object({ member: staffMemberSchema, state: staffListItemSchema.shape.state, changed: z.boolean() });

export const consoleStaffDisable = endpoint({
  ...apiRoutes.consoleStaffDisable,
  summary: 'Disable a member: their console sessions end and their API tokens are revoked at once; an admin cannot disable themselves (409)',
  request: z.object({ email: emailField }),
  data: staffChangeSchema,
});

export const consoleStaffEnable = endpoint({
  ...apiRoutes.consoleStaffEnable,
  summary: 'Enable a disabled member again (they sign in again; their old sessions and tokens stay ended)',
  request: z.object({ email: emailField }),
  data: staffChangeSchema,
});

export const consoleStaffRoles = endpoint({
  ...apiRoutes.consoleStaffRoles,
  summary: "Set a member's roles (the whole set); they apply from the member's next call; an admin cannot drop their own admin role (409)",
  request: z.object({ email: emailField, roles: z.array(z.enum(staffRoles)).min(1).max(staffRoles.length) }),
  data: staffChangeSchema,
});

/** An API token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const consoleStaffTokens = endpoint({
  ...apiRoutes.consoleStaffTokens,
  summary: "Every member's API tokens (or one member's), oldest first, never their secret; all=true: the revoked ones too",
  request: z.object({ staffId: z.coerce.number().int().positive().optional(), all: z.enum(['true', 'false']).default('false') }),
  data: z.object({ tokens: z.array(apiTokenSchema) }),
});

export const consoleStaffTokenRevoke = endpoint({
  ...apiRoutes.consoleStaffTokenRevoke,
  summary: "Revoke any member's live API token at once",
  request: z.object({ id: z.coerce.number().int().positive() }),
  data: z.object({ token: apiTokenSchema }),
});

export const consoleMyTokens = endpoint({
  ...apiRoutes.consoleMyTokens,
  summary: "The signed-in member's live API tokens, oldest first, never their secret",
  request: z.object({}),
  data: z.object({ tokens: z.array(apiTokenSchema) }),
});

export const consoleMyTokenCreate = endpoint({
  ...apiRoutes.consoleMyTokenCreate,
  summary:
    'Make an API token for scripts (console session only): it acts as you with your roles at each call (Authorization: Bearer); the token is answered once, only its SHA-256 is kept',
  request: z.object({ name: z.string().trim().min(1).max(80) }),
  data: z.object({ token: apiTokenSchema, secret: z.string() }),
});

export const consoleMyTokenRevoke = endpoint({
  ...apiRoutes.consoleMyTokenRevoke,
  summary: 'Revoke one of your live API tokens at once',
  request: z.object({ id: z.coerce.number().int().positive() }),
  data: z.object({ token: apiTokenSchema }),
});

// ---------------------------------------------------------------------------
// Payments (finance): suspense, credit refunds, the provider's notifications
// ---------------------------------------------------------------------------

const noteField = z.string().trim().max(500).optional();

export const suspenseEntrySchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  paidAt: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  provider: z.string(),
  eventId: z.string(),
  reference: z.string(),
  channel: z.string().nullable(),
  /** The order the reference named, if any (the money is not applied to it until assigned). */
  orderNo: z.string().nullable(),
});

export const consoleSuspense = endpoint({
  ...apiRoutes.consoleSuspense,
  summary: 'Money held in suspense: the open entries, oldest first',
  request: z.object({}),
  data: z.object({ entries: z.array(suspenseEntrySchema) }),
});

export const consoleSuspenseAssign = endpoint({
  ...apiRoutes.consoleSuspenseAssign,
  summary: "Assign an open suspense entry to an order: it becomes that order's ledger payment, once",
  request: z.object({ id: z.coerce.number().int().positive(), orderNo: orderNoField, note: noteField }),
  data: z.object({ id: z.number().int(), orderNo: z.string(), paymentId: z.number().int(), credited: z.number().int(), statusFrom: z.string(), statusTo: z.string() }),
});

export const consoleSuspenseRefund = endpoint({
  ...apiRoutes.consoleSuspenseRefund,
  summary: "Record an open suspense entry's money as paid back to the payer, once",
  request: z.object({ id: z.coerce.number().int().positive(), note: noteField }),
  data: z.object({ id: z.number().int(), amount: z.number().int() }),
});

export const consoleCreditRefund = endpoint({
  ...apiRoutes.consoleCreditRefund,
  summary: "Pay back part or all of a settled loan's credit (minor units)",
  request: z.object({ orderNo: orderNoField, amount: z.coerce.number().int().positive().max(1e12), note: noteField }),
  data: z.object({ orderNo: z.string(), amount: z.number().int(), valueDate: z.string(), creditLeft: z.number().int(), creditEventId: z.number().int() }),
});

export const consoleNotifications = endpoint({
  ...apiRoutes.consoleNotifications,
  summary: "The payment provider's notifications, newest first, with their outcome; review=open: those an operator must look at",
  request: z.object({ review: z.enum(['open', 'all']).default('all'), limit: z.coerce.number().int().min(1).max(500).default(50) }),
  data: z.object({
    notifications: z.array(
      z.object({
        id: z.number().int(),
        receivedAt: z.string(),
        provider: z.string(),
        eventId: z.string().nullable(),
        reference: z.string().nullable(),
        amount: z.number().int().nullable(),
        outcome: z.string(),
        reason: z.string().nullable(),
        review: z.enum(['none', 'open', 'resolved']),
        orderNo: z.string().nullable(),
        /** A refused notification's review resolved through the console: when, by whom (e-mail), the note. */
        reviewedAt: z.string().nullable(),
        reviewedBy: z.string().nullable(),
        reviewNote: z.string().nullable(),
      }),
    ),
  }),
});

export const consoleNotificationResolve = endpoint({
  ...apiRoutes.consoleNotificationResolve,
  summary:
    "Resolve the open review of a refused notification, with a note of what was done (a held one's review closes with its suspense entry); recorded in the audit trail",
  request: z.object({ id: z.coerce.number().int().positive(), note: z.string().trim().min(3).max(500) }),
  data: z.object({ id: z.number().int(), review: z.literal('resolved'), reviewedAt: z.string(), reviewedBy: z.string(), reviewNote: z.string() }),
});

// ---------------------------------------------------------------------------
// Complaints (support)
// ---------------------------------------------------------------------------

export const consoleComplaints = endpoint({
  ...apiRoutes.consoleComplaints,
  summary: "The complaints inbox, newest first, by status: the borrower's text and images, the reply, the borrower's score",
  request: z.object({ status: z.enum(['open', 'answered', 'closed']).optional(), type: z.coerce.number().int().min(0).max(9999).optional() }),
  data: z.object({
    complaints: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(['open', 'answered', 'closed']),
        createdAt: z.string(),
        orderNo: z.string(),
        maskedPhone: z.string(),
        typeValue: z.number().int(),
        subTypeValue: z.number().int().nullable(),
        detail: z.string(),
        /** Each image's id (GET /console/api/complaints/images/{id}) and who uploaded it. */
        images: z.array(z.object({ id: z.number().int(), uploader: z.enum(['borrower', 'support']) })),
        replyText: z.string().nullable(),
        repliedAt: z.string().nullable(),
        repliedBy: z.string().nullable(),
        score: z.number().int().nullable(),
      }),
    ),
  }),
});

export const consoleComplaintReply = endpoint({
  ...apiRoutes.consoleComplaintReply,
  summary: 'Answer a complaint (text); it becomes answered and the borrower is asked for a score; recorded in the audit trail',
  request: z.object({ problemId: z.coerce.number().int().positive(), text: z.string().trim().min(1).max(2000) }),
  data: z.object({ problemId: z.string(), images: z.number().int() }),
});

/** The multipart field of support's reply images (repeated, one file each). */
export const consoleReplyImageField = 'images';

export const consoleComplaintReplyWithImages = endpoint({
  ...apiRoutes.consoleComplaintReplyWithImages,
  summary:
    "Answer a complaint with text and images (multipart: problemId, text, and up to 9 files in `images`, each JPEG, PNG or WebP of at most 5 MB, checked and re-encoded like a borrower's upload); the borrower sees them in the complaint's detail; recorded in the audit trail",
  /** The form's text fields (the files are read from the multipart body). */
  request: z.object({ problemId: z.coerce.number().int().positive(), text: z.string().trim().min(1).max(2000) }),
  /** images: how many were attached; imageIds: each one's id (GET /console/api/complaints/images/{id}). */
  data: z.object({ problemId: z.string(), images: z.number().int(), imageIds: z.array(z.number().int()) }),
});

// ---------------------------------------------------------------------------
// Loans: search and a loan's whole story
// ---------------------------------------------------------------------------

const loanRowSchema = z.object({
  orderNo: z.string(),
  status: z.string(),
  appliedAt: z.string(),
  product: z.object({ code: z.string(), name: z.string(), market: marketSchema, currency: z.string() }),
  principal: z.number().int(),
  borrower: z.object({ id: z.number().int(), fullName: z.string(), maskedPhone: z.string() }),
});

export const consoleLoanSearch = endpoint({
  ...apiRoutes.consoleLoanSearch,
  summary: "Find loans by order number, the borrower's phone (whole) or name (3+ characters); newest first, 50 at most. POST: a phone never travels in an address",
  request: z.object({ q: z.string().trim().min(3).max(80) }),
  data: z.object({ loans: z.array(loanRowSchema) }),
});

const allocationSchema = z.object({ seq: z.number().int().nullable(), component: z.string(), amount: z.number().int() });

export const consoleLoan = endpoint({
  ...apiRoutes.consoleLoan,
  summary: "A loan's whole story: the order and borrower, the account it paid, status history, plan, the ledger's position today, every payment and credit event with its allocation, the extensions bought and the complaints about it",
  request: z.object({ orderNo: orderNoField }),
  data: z.object({
    loan: loanRowSchema.extend({
      periods: z.number().int(),
      termUnitDays: z.number().int(),
      disbursedOn: z.string().nullable(),
      rejectReason: z.string().nullable(),
      disbursedTo: z.object({ bankName: z.string(), masked: z.string() }).nullable(),
    }),
    history: z.array(z.object({ at: z.string(), from: z.string().nullable(), to: z.string(), actor: z.string(), reason: z.string() })),
    plan: z.array(z.object({ seq: z.number().int(), dueDate: z.string().nullable(), principal: z.number().int(), interest: z.number().int(), commission: z.number().int(), vat: z.number().int() })),
    /** The ledger today; null before the disbursal. */
    position: z
      .object({
        asOf: z.string(),
        owedTotal: z.number().int(),
        paidTotal: z.number().int(),
        waivedTotal: z.number().int(),
        outstandingTotal: z.number().int(),
        received: z.number().int(),
        credit: z.number().int(),
        refunded: z.number().int(),
        heldInSuspense: z.number().int(),
        daysLate: z.number().int(),
        nextPayment: z.object({ dueDate: z.string(), amount: z.number().int() }).nullable(),
        expectedStatus: z.string(),
      })
      .nullable(),
    events: z.array(
      z.object({
        kind: z.string(),
        id: z.number().int(),
        at: z.string(),
        valueDate: z.string(),
        amount: z.number().int(),
        /** A payment's channel, provider and event id; a credit event's actor and note. */
        source: z.string(),
        allocations: z.array(allocationSchema),
      }),
    ),
    /** The extensions bought, oldest first: the payment that bought it (an event above), the due date moved, the parts of its price. */
    extensions: z.array(
      z.object({
        at: z.string(),
        paymentId: z.number().int(),
        fromDueDate: z.string(),
        toDueDate: z.string(),
        shiftDays: z.number().int(),
        lateCharges: z.number().int(),
        dueInterest: z.number().int(),
        dueInterestTax: z.number().int(),
        fee: z.number().int(),
        feeTax: z.number().int(),
      }),
    ),
    /** The complaints about this loan, newest first (GET /console/api/complaints has their text and images). */
    complaints: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(['open', 'answered', 'closed']),
        typeValue: z.number().int(),
        subTypeValue: z.number().int().nullable(),
        /** The type's title in the caller's language (`language` header). */
        type: z.string(),
        createdAt: z.string(),
        repliedAt: z.string().nullable(),
        repliedBy: z.string().nullable(),
        score: z.number().int().nullable(),
      }),
    ),
  }),
});

// ---------------------------------------------------------------------------
// Reports: the promotion funnel
// ---------------------------------------------------------------------------

/** The funnel's counts of a template and utm_tag. */
const funnelRowSchema = z.object({
  template: z.string(),
  utmTag: z.string(),
  visits: z.number().int(),
  clicks: z.number().int(),
  smsRequests: z.number().int(),
  smsSent: z.number().int(),
  registrations: z.number().int(),
  /** registrations ÷ visits, in percent (one decimal); 0 without visits. */
  conversionPct: z.number(),
});

export const consoleFunnel = endpoint({
  ...apiRoutes.consoleFunnel,
  summary:
    'The promotion funnel per template and utm_tag over UTC days [from, to] (default: the last 30 days): visits, apply clicks, SMS asked and sent, registrations; totals over the period (rows) and per day (byDay, for a chart)',
  request: z.object({ from: calendarDay.optional(), to: calendarDay.optional() }),
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** The totals over the period, by template then utm_tag. */
    rows: z.array(funnelRowSchema),
    /** The same counts per UTC day (YYYY-MM-DD), by day, template, utm_tag; a day with nothing for a template and tag has no row. Its days add up to rows. */
    byDay: z.array(funnelRowSchema.extend({ day: z.string() })),
  }),
});

// ---------------------------------------------------------------------------
// Landing templates (admin): the texts of the promotion page's download and agreement views
// ---------------------------------------------------------------------------

/** Plain text on one line: no control characters (the page shows it as text, never as HTML). */
const landingLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u, 'must be plain text on one line');

/** A template's texts in one language (every text a visitor reads from the template; the form's own texts are the page's catalogue). */
export const landingTextsSchema = z.object({
  /** The download view's heading (#/downloadTemplate). */
  downloadTitle: landingLine(80),
  /** The download view's text under it. */
  downloadText: landingLine(400),
  /** The agreement view's heading (#/agreementTemplate). */
  agreementTitle: landingLine(120),
  /** The agreement's paragraphs, in order. */
  agreementParagraphs: z.array(landingLine(1000)).min(1).max(20),
});

/** A conversion pixel's id ('' = off): letters, digits, '-' and '_'. */
const pixelIdField = z.string().trim().regex(/^[A-Za-z0-9_-]{0,64}$/, "must be a pixel id (letters, digits, '-' or '_'), or empty for none");
const templateNameField = z.string().trim().min(1).max(80);

export const landingTemplateSchema = z.object({
  id: z.number().int(),
  /** What staff call it (never shown to visitors). */
  name: z.string(),
  /** An inactive template is not answered: its address (/promo/?id=…) shows the default template, 1, which stays active. */
  active: z.boolean(),
  /** The app's name and store links: the app's, the same in every template (not edited here). */
  appName: z.string(),
  iosUrl: z.string(),
  androidUrl: z.string(),
  pixelId: z.string(),
  /** Spanish, always; English when the template has it (else an English page shows its own catalogue's download texts and the Spanish agreement). */
  texts: z.object({ es: landingTextsSchema, en: landingTextsSchema.nullable() }),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});

export const consolePromotionTemplates = endpoint({
  ...apiRoutes.consolePromotionTemplates,
  summary: "The promotion page's landing templates, by id: their texts in Spanish and English, pixel and active flag",
  request: z.object({}),
  data: z.object({ templates: z.array(landingTemplateSchema) }),
});

export const consolePromotionTemplateAdd = endpoint({
  ...apiRoutes.consolePromotionTemplateAdd,
  summary: "Add a landing template (a campaign's /promo/?id=…): its name and texts; the app's name and store links are the default template's; recorded in the audit trail",
  request: z.object({
    name: templateNameField,
    es: landingTextsSchema,
    en: landingTextsSchema.nullable().default(null),
    pixelId: pixelIdField.default(''),
    active: z.boolean().default(true),
  }),
  data: z.object({ template: landingTemplateSchema }),
});

export const consolePromotionTemplateUpdate = endpoint({
  ...apiRoutes.consolePromotionTemplateUpdate,
  summary:
    "Change a landing template: any of its name, active flag, pixel, Spanish texts, English texts (null: none); the page shows the change at once; recorded in the audit trail with before and after. The default template (1) stays active",
  request: z
    .object({
      id: z.coerce.number().int().positive(),
      name: templateNameField.optional(),
      active: z.boolean().optional(),
      pixelId: pixelIdField.optional(),
      es: landingTextsSchema.optional(),
      en: landingTextsSchema.nullable().optional(),
    })
    .refine((b) => Object.keys(b).some((k) => k !== 'id'), { message: 'name a field to change' }),
  data: z.object({ template: landingTemplateSchema }),
});
