import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { getSms, register, promotionTemplateSchema } from '@presta/contract/api/promotion';
import { PROMO_PHONE_PATTERN, promotionCodes } from '@presta/contract/promotion-rules';
import { errorCodes } from '@presta/contract/error-codes';
import type { Db, DbOrTx } from '../../db/database';
import { borrowers, promoEvents, promotionTemplates } from '../../db/schema';
import { translate, type MessageKey } from '../../i18n/messages';
import { outboxSmsSender } from '../sms/sms-sender';
import { CAPTCHA_TTL_MS, captchaPassedFor, captchaSid, checkCaptcha, holdCaptcha, spendCaptcha } from '../verification/captcha';
import { checkCode, issueCode, lockPhone, SMS_CODE_TTL_MS, type CodeCheck } from '../verification/verification-codes';
import type { Language } from '@presta/contract/language';

/** The captcha's answer as stored (the tests and the e2e fixtures set a known answer with it). */
export { answerHash } from '../verification/captcha';

/*
 * The promotion funnel (docs/promotion.md): templates, registration and page
 * tracking. The captcha and the SMS codes (hashed, 5 minutes, single use, 5
 * wrong tries, 60 s between sends, daily caps per phone and per client
 * address, counted in PostgreSQL under a per-phone advisory lock, so across
 * API processes) are modules/verification's, shared with sign-in.
 */

type Template = z.input<typeof promotionTemplateSchema>;
type GetSmsInput = z.output<typeof getSms.request>;
type RegisterInput = z.output<typeof register.request>;

/** A §8 answer: the wrapper's code and message (data null). */
export type PromoAnswer = {
  code: string;
  messageKey: MessageKey;
  vars?: Record<string, string | number>;
  status?: number;
  /** A resend too soon: the seconds to wait, sent as Retry-After. */
  retryAfter?: number;
};

/** The page sends every field of §7's payload, empty when the landing address has none: stored as absent (null). */
const absentIfBlank = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value);

/** A phone as §5 wants it: 11 digits, 1 then 3–9 (spaces and dashes dropped). */
export function normalisePhone(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]/g, '');
  return PROMO_PHONE_PATTERN.test(digits) ? digits : undefined;
}

// ---------------------------------------------------------------------------
// Template
// ---------------------------------------------------------------------------

/**
 * The template record (1, the default, for an unknown id), its texts in `lang` when the template has
 * them (its translations), else in its own language, Spanish; textLanguage says which.
 */
export async function findTemplate(db: Db, idRaw: string | undefined, lang: Language = 'es'): Promise<Template | undefined> {
  const id = idRaw && /^\d{1,9}$/.test(idRaw.trim()) ? Number(idRaw) : 1;
  const rows = await db
    .select()
    .from(promotionTemplates)
    .where(and(eq(promotionTemplates.active, true), sql`${promotionTemplates.id} in (${id}, 1)`));
  const t = rows.find((r) => r.id === id) ?? rows.find((r) => r.id === 1);
  if (!t) return undefined;
  const translated = lang === 'es' ? undefined : completeTexts(t.translations[lang]);
  const texts = translated ?? t;
  return {
    id: String(t.id),
    appName: t.appName,
    agreementTitle: texts.agreementTitle,
    agreementParagraphs: texts.agreementParagraphs,
    downloadTitle: texts.downloadTitle,
    downloadText: texts.downloadText,
    iosUrl: t.iosUrl,
    androidUrl: t.androidUrl,
    pixelId: t.pixelId,
    textLanguage: translated ? lang : 'es',
  };
}

/** A translation with all four texts (an operator's partial or mistyped one is not answered). */
export function completeTexts(value: unknown): { agreementTitle: string; agreementParagraphs: string[]; downloadTitle: string; downloadText: string } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const isText = (x: unknown): x is string => typeof x === 'string' && x.trim() !== '';
  const paragraphs = v.agreementParagraphs;
  if (!isText(v.agreementTitle) || !isText(v.downloadTitle) || !isText(v.downloadText)) return undefined;
  if (!Array.isArray(paragraphs) || paragraphs.length === 0 || !paragraphs.every(isText)) return undefined;
  return { agreementTitle: v.agreementTitle, agreementParagraphs: paragraphs, downloadTitle: v.downloadTitle, downloadText: v.downloadText };
}

async function isRegistered(tx: DbOrTx, phone: string): Promise<boolean> {
  const [b] = await tx.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.phone, phone)).limit(1);
  return b !== undefined;
}

// ---------------------------------------------------------------------------
// get-sms
// ---------------------------------------------------------------------------

/**
 * Sends a registration code. Order of checks: phone format; sid; captcha
 * ('101', counted; the captcha is then used up for this phone); already
 * registered ('11'); 60 s since the last code to this phone; daily caps per
 * phone and per client address. The code is stored hashed and queued in the
 * SMS outbox in the same transaction (expiring with the code); `outboxId` is
 * what the caller hands to deliverQueuedSms after the commit.
 */
export async function requestSmsCode(
  db: Db,
  input: GetSmsInput,
  clientIp: string,
  lang: Language,
  now = new Date(),
): Promise<{ answer: PromoAnswer; outboxId?: number }> {
  const phone = normalisePhone(input.phone);
  if (!phone) return { answer: { code: '400001', messageKey: 'promoPhoneInvalid', status: 400 } };
  const sid = input.sid.trim();
  if (!captchaSid(sid)) return { answer: { code: promotionCodes.captchaWrongSms, messageKey: 'promoCaptchaWrong' } };

  return db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    // The captcha is spent on this phone once it sent or decided something: one SMS per captcha.
    if ((await checkCaptcha(tx, sid, input.capcode, phone, now)) === 'wrong') {
      return { answer: { code: promotionCodes.captchaWrongSms, messageKey: 'promoCaptchaWrong' } };
    }
    if (await isRegistered(tx, phone)) {
      await spendCaptcha(tx, sid, phone, now);
      return { answer: { code: promotionCodes.alreadyRegistered, messageKey: 'promoAlreadyRegistered' } };
    }

    const tracking = { appFrom: absentIfBlank(input.app_from), userFrom: absentIfBlank(input.user_from), utmTag: absentIfBlank(input.utm_tag) };
    const issued = await issueCode(tx, { purpose: 'register', phone, clientIp, sid, tracking, now });
    if (!issued.ok) {
      // Refused by a limit: the captcha stays good for this phone through the wait (decision 025).
      await holdCaptcha(tx, sid, phone);
      return issued.refusal === 'wait'
        ? { answer: { code: '429001', messageKey: 'promoResendWait', vars: { seconds: issued.seconds }, status: 429, retryAfter: issued.seconds } }
        : { answer: { code: '429001', messageKey: 'promoDailyCap', status: 429 } };
    }
    await spendCaptcha(tx, sid, phone, now);
    const body = translate(lang, 'promoSmsBody', { code: issued.code, minutes: SMS_CODE_TTL_MS / 60_000 });
    const outboxId = await outboxSmsSender.send(tx, { phone, purpose: 'promo_register_code', body, expiresAt: issued.expiresAt });
    return { answer: { code: promotionCodes.sent, messageKey: 'promoSmsSent' }, outboxId };
  });
}

// ---------------------------------------------------------------------------
// register
// ---------------------------------------------------------------------------

/** register's §8 answers to a code it does not accept. */
const codeRefusals: Record<Exclude<CodeCheck, 'ok'>, MessageKey> = {
  expired: 'promoSmsExpired',
  tooManyTries: 'promoSmsTooManyTries',
  wrong: 'promoSmsWrong',
};

/**
 * Registers a visitor: phone format; the sid's captcha passed for this phone
 * ('-1' otherwise); already registered ('11'); the latest code sent to the
 * phone, unexpired and unused, with fewer than 5 wrong tries (a sixth try is
 * refused even when right); then the borrower is created with where they came
 * from, and the code is used up — one transaction. Answers the new borrower's id with '0' (the route signs
 * them in: the code proved the phone as sign-in's would, decision 025).
 */
export async function registerVisitor(db: Db, input: RegisterInput, now = new Date()): Promise<PromoAnswer & { borrowerId?: number }> {
  const phone = normalisePhone(input.phone);
  if (!phone) return { code: '400001', messageKey: 'promoPhoneInvalid', status: 400 };
  const sid = input.sid.trim();
  const smsCode = input.smsCode.trim();
  return db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const captchaOk = await captchaPassedFor(tx, { sid, answer: input.capcode, phone }, CAPTCHA_TTL_MS + SMS_CODE_TTL_MS, now);
    if (!captchaOk) return { code: promotionCodes.captchaWrongRegister, messageKey: 'promoCaptchaWrong' };
    if (await isRegistered(tx, phone)) return { code: promotionCodes.alreadyRegistered, messageKey: 'promoAlreadyRegistered' };

    const checked = await checkCode(tx, { purpose: 'register', phone, code: smsCode, now });
    if (checked !== 'ok') return { code: errorCodes.smsCodeWrong, messageKey: codeRefusals[checked], status: 400 };
    const templateId = input.id && /^\d{1,9}$/.test(input.id) ? Number(input.id) : null;
    const [created] = await tx
      .insert(borrowers)
      .values({
      phone,
      language: 'es',
      promoTemplateId: templateId,
      appFrom: absentIfBlank(input.app_from),
      userFrom: absentIfBlank(input.user_from),
      utmTag: absentIfBlank(input.utm_tag),
      inviteCode: absentIfBlank(input.invite_code),
    })
      .returning({ id: borrowers.id });
    return { code: promotionCodes.registered, messageKey: 'promoRegistered', borrowerId: created?.id };
  });
}

// ---------------------------------------------------------------------------
// Tracking and the funnel
// ---------------------------------------------------------------------------

export type TrackInput = { page_id?: string; user_from?: string; client_type?: string; page_type?: string; utm_tag?: string; app_from?: string; phone?: string };

export async function track(db: Db, kind: 'visit' | 'click' | 'sms_request', q: TrackInput): Promise<void> {
  await db.insert(promoEvents).values({
    kind,
    pageId: q.page_id ?? '',
    userFrom: q.user_from ?? '',
    clientType: q.client_type ?? '',
    pageType: q.page_type ?? '',
    utmTag: q.utm_tag ?? '',
    appFrom: q.app_from ?? '',
    phone: kind === 'click' ? (normalisePhone(q.phone ?? '') ?? '') : '',
  });
}

/** The funnel's counts of one template and utm_tag (over a period, or one day). */
type FunnelCounts = {
  visits: number;
  /** Apply button presses (track-click). */
  clicks: number;
  /** SMS button presses that reached the server (every get-sms, refused or not). */
  smsRequests: number;
  smsSent: number;
  registrations: number;
  /** registrations ÷ visits, in percent (one decimal); 0 without visits. */
  conversionPct: number;
};

export type FunnelRow = FunnelCounts & { template: string; utmTag: string };
/** One UTC day (YYYY-MM-DD) of a template and utm_tag; days with nothing are left out. */
export type FunnelDayRow = FunnelRow & { day: string };

const conversionPct = (registrations: number, visits: number) => (visits > 0 ? Math.round((registrations / visits) * 1000) / 10 : 0);

/**
 * Visits, apply clicks, SMS button presses, SMS codes sent and registrations per UTC day, template and utm_tag
 * between two instants. SMS requests carry no template: they are attributed to the template of the latest visit
 * with the same utm_tag ('' when none), whatever the day.
 */
export async function funnelByDay(db: Db, from: Date, to: Date): Promise<FunnelDayRow[]> {
  const [start, end] = [from.toISOString(), to.toISOString()];
  const rows = await db.execute<{ day: string; template: string; utm_tag: string; visits: number; clicks: number; sms_requests: number; sms: number; registrations: number }>(sql`
    with ev as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
             case when kind = 'sms_request'
               then coalesce((select v.page_id from promo_events v where v.kind = 'visit' and v.utm_tag = promo_events.utm_tag order by v.created_at desc limit 1), '')
               else page_id end as template,
             utm_tag,
             count(*) filter (where kind = 'visit')::int as visits,
             count(*) filter (where kind = 'click')::int as clicks,
             count(*) filter (where kind = 'sms_request')::int as sms_requests
      from promo_events where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
      group by 1, 2, 3
    ),
    sms as (
      select to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
             coalesce((select e.page_id from promo_events e where e.utm_tag = coalesce(c.utm_tag, '') and e.kind = 'visit' order by e.created_at desc limit 1), '') as template,
             coalesce(c.utm_tag, '') as utm_tag, count(*)::int as sms
      from verification_codes c where c.purpose = 'register' and c.created_at >= ${start}::timestamptz and c.created_at < ${end}::timestamptz
      group by 1, 2, 3
    ),
    reg as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
             coalesce(promo_template_id::text, '') as template, coalesce(utm_tag, '') as utm_tag, count(*)::int as registrations
      from borrowers where promo_template_id is not null and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
      group by 1, 2, 3
    ),
    keys as (select day, template, utm_tag from ev union select day, template, utm_tag from sms union select day, template, utm_tag from reg)
    select k.day, k.template, k.utm_tag, coalesce(ev.visits, 0) as visits, coalesce(ev.clicks, 0) as clicks, coalesce(ev.sms_requests, 0) as sms_requests,
           coalesce(sms.sms, 0) as sms, coalesce(reg.registrations, 0) as registrations
    from keys k
    left join ev using (day, template, utm_tag)
    left join sms using (day, template, utm_tag)
    left join reg using (day, template, utm_tag)
    order by k.day, k.template, k.utm_tag`);
  return [...rows].map((r) => ({
    day: r.day,
    template: r.template,
    utmTag: r.utm_tag,
    visits: r.visits,
    clicks: r.clicks,
    smsRequests: r.sms_requests,
    smsSent: r.sms,
    registrations: r.registrations,
    conversionPct: conversionPct(r.registrations, r.visits),
  }));
}

/** The funnel's totals per template and utm_tag over the days (funnelByDay's rows added up). */
export function funnelTotals(days: FunnelDayRow[]): FunnelRow[] {
  const totals = new Map<string, FunnelRow>();
  for (const d of days) {
    const key = JSON.stringify([d.template, d.utmTag]);
    const t = totals.get(key) ?? { template: d.template, utmTag: d.utmTag, visits: 0, clicks: 0, smsRequests: 0, smsSent: 0, registrations: 0, conversionPct: 0 };
    t.visits += d.visits;
    t.clicks += d.clicks;
    t.smsRequests += d.smsRequests;
    t.smsSent += d.smsSent;
    t.registrations += d.registrations;
    totals.set(key, t);
  }
  return [...totals.values()]
    .map((t) => ({ ...t, conversionPct: conversionPct(t.registrations, t.visits) }))
    .sort((a, b) => byText(a.template, b.template) || byText(a.utmTag, b.utmTag));
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Visits, apply clicks, SMS button presses, SMS codes sent and registrations per template and utm_tag between
 * two instants (the days of funnelByDay added up).
 */
export async function funnelReport(db: Db, from: Date, to: Date): Promise<FunnelRow[]> {
  return funnelTotals(await funnelByDay(db, from, to));
}
