import { boolean, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, timestamptz } from '../columns';

// ---------------------------------------------------------------------------
// Promotion funnel (docs/promotion.md)
// ---------------------------------------------------------------------------

/**
 * Landing page templates; id 1 is the seeded default. Admins edit a template's texts, pixel and active flag in the
 * back office (issue 17; docs/back-office.md "Landing templates"); appName and the store links are the app's.
 */
export const promotionTemplates = pgTable('promotion_templates', {
  id: serial('id').primaryKey(),
  /** What staff call the template (the campaign); never shown to a visitor. */
  name: text('name').notNull().default(''),
  appName: text('app_name').notNull(),
  agreementTitle: text('agreement_title').notNull(),
  agreementParagraphs: text('agreement_paragraphs').array().notNull(),
  downloadTitle: text('download_title').notNull(),
  downloadText: text('download_text').notNull(),
  iosUrl: text('ios_url').notNull().default(''),
  androidUrl: text('android_url').notNull().default(''),
  /** Conversion pixel id ('' = off). */
  pixelId: text('pixel_id').notNull().default(''),
  /**
   * The template's texts in the languages other than its own (the columns above are Spanish): for each,
   * the agreement's title and paragraphs and the download page's title and text. channel-template answers
   * them to a page that asks in that language (issue 14; docs/promotion.md "Texts and languages").
   */
  translations: jsonb('translations')
    .$type<Partial<Record<'en', { agreementTitle: string; agreementParagraphs: string[]; downloadTitle: string; downloadText: string }>>>()
    .notNull()
    .default({}),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  /** The last change in the back office (the audit trail has who and what). */
  updatedAt: timestamptz('updated_at'),
});

/**
 * A visitor's captcha session (get-sid): the current captcha's answer (hashed
 * with the sid), when it was drawn, wrong answers, and the phone it was passed
 * for (one SMS per captcha; register accepts it again for that phone only).
 */
export const promoSessions = pgTable(
  'promo_sessions',
  {
    sid: text('sid').primaryKey(),
    answerHash: text('answer_hash'),
    drawnAt: timestamptz('drawn_at'),
    draws: integer('draws').notNull().default(0),
    wrongAnswers: smallint('wrong_answers').notNull().default(0),
    passedPhone: text('passed_phone'),
    passedAt: timestamptz('passed_at'),
    clientIp: text('client_ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('promo_sessions_created_idx').on(t.createdAt)],
);

/**
 * SMS codes that prove a phone (modules/verification, decision 017): hashed, 5 minutes, single use, 5 wrong
 * tries; each for one purpose. The daily limits on sending them hold across purposes, the 60 s wait per purpose
 * (decision 025). Tracking columns: the registration page's.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserialId(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'bank_account', 'application_consent', 'agreement_signature'] }).notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The captcha session that was passed to ask for it; an agreement's code: the agreement's number it signs. */
    sid: text('sid'),
    clientIp: text('client_ip').notNull().default(''),
    appFrom: text('app_from'),
    userFrom: text('user_from'),
    utmTag: text('utm_tag'),
    expiresAt: timestamptz('expires_at').notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_phone_idx').on(t.phone, t.createdAt),
    index('verification_codes_ip_idx').on(t.clientIp, t.createdAt),
  ],
);

/** Page views and apply clicks of the promotion page. */
export const promoEvents = pgTable(
  'promo_events',
  {
    id: bigserialId(),
    /** 'visit' (track-visit), 'click' (track-click: the apply button), 'sms_request' (every get-sms that reached the server: the SMS button). */
    kind: text('kind', { enum: ['visit', 'click', 'sms_request'] }).notNull(),
    pageId: text('page_id').notNull().default(''),
    userFrom: text('user_from').notNull().default(''),
    clientType: text('client_type').notNull().default(''),
    pageType: text('page_type').notNull().default(''),
    utmTag: text('utm_tag').notNull().default(''),
    appFrom: text('app_from').notNull().default(''),
    /** Clicks: the phone typed (to count distinct applicants). */
    phone: text('phone').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('promo_events_kind_idx').on(t.kind, t.createdAt)],
);
