import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { KeyFactsCharge, KeyFactsData, KeyFactsSummary } from '@presta/contract/api/key-facts';
import type { AgreementTerms } from '@presta/contract/api/loan';
import { addWorkingDays } from '@presta/contract/annual-cost';
import { addDays, formatDate, todayIn, type CalendarDate } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import type { Language } from '@presta/contract/language';
import { marketOf, type KeyFactsRules } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { routes } from '@presta/contract/routes';
import type { DbOrTx } from '../../db/database';
import { borrowers, keyFactsStatements, orders, products } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { getLoanPosition } from '../ledger/ledger-position';
import { agreementTerms } from './agreement-terms';
import { quoteLoan, type LoanTax } from '../pricing/loan-quote';

/*
 * India's Key Facts Statement (issue 13, docs/key-facts.md): issued for an offer before the borrower
 * applies, acknowledged on the confirmation page, required by loan-detail-push, part of the agreement
 * once applied for. The one writer of key_facts_statements.
 */

type Product = typeof products.$inferSelect;
type KfsRow = typeof keyFactsStatements.$inferSelect;

/** KFS_VALIDITY_WORKING_DAYS: valid through the n-th working day after issue (3 for a tenor of 7 days or more, else 1). */
export function keyFactsValidUntil(rules: KeyFactsRules, issuedOn: CalendarDate, tenorDays: number): CalendarDate {
  const days = tenorDays >= 7 ? rules.validWorkingDays.tenorFrom7Days : rules.validWorkingDays.shorterTenor;
  return addWorkingDays(issuedOn, days);
}

/** 'KFS' + the issue day + 8 random hex digits: unique (the column's constraint) and not guessable. */
function newProposalNo(issuedOn: CalendarDate): string {
  return `KFS${issuedOn.replaceAll('-', '')}${randomBytes(4).toString('hex').toUpperCase()}`;
}

const keyFactsUrl = (proposalNo: string) => `${routes.keyFacts}?proposalNo=${proposalNo}`;

function summaryOf(row: KfsRow): KeyFactsSummary {
  return { proposalNo: row.proposalNo, validUntil: row.validUntil, acknowledged: row.acknowledgedAt !== null, url: keyFactsUrl(row.proposalNo) };
}

/** Whether a KFS states exactly this quote of the product as it is priced now. */
function statesQuote(row: KfsRow, product: Product, amount: Minor, periods: number): boolean {
  return (
    row.principal === amount &&
    row.periods === periods &&
    row.termUnitDays === product.termUnitDays &&
    row.dailyRatePpm === product.dailyRatePpm &&
    row.commissionPpm === product.commissionPpm &&
    row.vatPpm === product.vatPpm &&
    row.taxBase.join() === marketOf(product.market).tax.base.join()
  );
}

/**
 * The KFS of an offer (loan-detail-confirm): the borrower's latest one for this quote that is still valid
 * and not applied for, or a new one. Null for a market without a KFS.
 */
export async function offerKeyFacts(
  db: DbOrTx,
  input: { borrowerId: number; product: Product; amount: Minor; periods: number; couponAmount: Minor; now: Date },
): Promise<KeyFactsSummary | null> {
  const { product, borrowerId, amount, periods } = input;
  const rules = marketOf(product.market).keyFacts;
  if (!rules) return null;
  const today = todayIn(product.timeZone, input.now);
  const candidates = await db
    .select()
    .from(keyFactsStatements)
    .where(
      and(
        eq(keyFactsStatements.borrowerId, borrowerId),
        eq(keyFactsStatements.productId, product.id),
        isNull(keyFactsStatements.orderId),
        gte(keyFactsStatements.validUntil, today),
        eq(keyFactsStatements.principal, amount),
        eq(keyFactsStatements.periods, periods),
      ),
    )
    .orderBy(desc(keyFactsStatements.id))
    .limit(5);
  const reusable = candidates.find((row) => statesQuote(row, product, amount, periods) && row.couponAmount === input.couponAmount);
  if (reusable) return summaryOf(reusable);
  const [created] = await db
    .insert(keyFactsStatements)
    .values({
      proposalNo: newProposalNo(today),
      borrowerId,
      productId: product.id,
      principal: amount,
      periods,
      termUnitDays: product.termUnitDays,
      dailyRatePpm: product.dailyRatePpm,
      commissionPpm: product.commissionPpm,
      vatPpm: product.vatPpm,
      taxBase: [...marketOf(product.market).tax.base],
      couponAmount: input.couponAmount,
      issuedOn: today,
      issuedAt: input.now,
      validUntil: keyFactsValidUntil(rules, today, periods * product.termUnitDays),
    })
    .returning();
  return summaryOf(created!);
}

/** The charges the ledger can levy on this loan, with its figures (the agreement's terms). */
export function keyFactsCharges(terms: AgreementTerms): KeyFactsCharge[] {
  const base = { ratePpm: null, rate: '', amount: null, fromDay: null, toDay: null, contingent: false } as const;
  const charges: KeyFactsCharge[] = [
    { ...base, charge: 'interest', ratePpm: terms.interest.annual.ratePpm, rate: terms.interest.annual.rate, amount: terms.totals.interest, frequency: 'per_instalment' },
    { ...base, charge: 'commission', ratePpm: terms.commission.ratePpm, rate: terms.commission.rate, amount: terms.commission.total, frequency: 'per_instalment' },
    { ...base, charge: 'tax', ratePpm: terms.tax.ratePpm, rate: terms.tax.rate, amount: terms.totals.tax, frequency: 'per_instalment' },
    ...terms.lateCharges.tiers.map(
      (t): KeyFactsCharge => ({ ...base, charge: 'late_fee', ratePpm: t.ratePpm, rate: t.rate, fromDay: t.fromDay, toDay: t.toDay, frequency: 'per_day', contingent: true }),
    ),
  ];
  const penalty = terms.lateCharges.defaultPenalty;
  if (penalty) {
    charges.push({ ...base, charge: 'default_penalty', amount: penalty.applies || penalty.newClient, frequency: 'one_time', contingent: true });
  }
  if (terms.extension.available) {
    charges.push({ ...base, charge: 'extension_fee', ratePpm: terms.interest.daily.ratePpm, rate: terms.interest.daily.rate, amount: terms.extension.feeOnPrincipal, frequency: 'per_extension', contingent: true });
    if (terms.tax.base.includes('extension_fee')) {
      charges.push({ ...base, charge: 'extension_tax', ratePpm: terms.tax.ratePpm, rate: terms.tax.rate, amount: terms.extension.feeTaxOnPrincipal, frequency: 'per_extension', contingent: true });
    }
  }
  return charges;
}

/** The terms a KFS states: its snapshot priced from its issue day (or the loan's disbursal day once disbursed). */
function keyFactsTerms(
  row: KfsRow,
  product: Product,
  lang: Language,
  loan: { disbursedOn: CalendarDate | null; defaultPenalty: Minor | undefined },
): AgreementTerms {
  const tax: LoanTax = { ratePpm: row.vatPpm, base: row.taxBase };
  const startDate = loan.disbursedOn ?? row.issuedOn;
  const quote = quoteLoan({
    amount: row.principal,
    periods: row.periods,
    termUnitDays: row.termUnitDays,
    dailyRatePpm: row.dailyRatePpm,
    commissionPpm: row.commissionPpm,
    tax,
    couponAmount: row.couponAmount,
    startDate,
  });
  return agreementTerms(
    {
      market: product.market,
      lateRule: product.lateRule,
      amount: row.principal,
      periods: row.periods,
      termUnitDays: row.termUnitDays,
      dailyRatePpm: row.dailyRatePpm,
      commissionPpm: row.commissionPpm,
      tax,
      extensionEnabled: product.extensionEnabled,
      startDate,
      disbursed: loan.disbursedOn !== null,
      ...(loan.defaultPenalty !== undefined ? { defaultPenalty: loan.defaultPenalty } : {}),
      plan: quote.instalments,
      received: quote.totals.received,
    },
    lang,
  );
}

/** POST key-facts: a KFS of the borrower, by proposal number (an offer) or by the order it became part of. */
export async function getKeyFacts(
  db: DbOrTx,
  borrowerId: number,
  which: { proposalNo?: string | undefined; orderId?: number | undefined },
  lang: Language,
  now = new Date(),
): Promise<KeyFactsData> {
  const where =
    which.proposalNo !== undefined
      ? eq(keyFactsStatements.proposalNo, which.proposalNo)
      : which.orderId !== undefined
        ? eq(keyFactsStatements.orderId, which.orderId)
        : undefined;
  if (!where) throw notFound('keyFactsNotFound');
  const [found] = await db
    .select({ row: keyFactsStatements, product: products, borrowerName: borrowers.fullName, order: { orderNo: orders.orderNo, status: orders.status, disbursedOn: orders.disbursedOn } })
    .from(keyFactsStatements)
    .innerJoin(products, eq(products.id, keyFactsStatements.productId))
    .innerJoin(borrowers, eq(borrowers.id, keyFactsStatements.borrowerId))
    .leftJoin(orders, eq(orders.id, keyFactsStatements.orderId))
    .where(and(where, eq(keyFactsStatements.borrowerId, borrowerId)))
    .limit(1);
  if (!found) throw notFound('keyFactsNotFound');
  const { row, product } = found;
  const market = marketOf(product.market);
  const rules = market.keyFacts;
  if (!rules) throw notFound('keyFactsNotFound');
  const disbursedOn = found.order && statusIn(disbursedStatuses, found.order.status) ? found.order.disbursedOn : null;
  // Once disbursed, the loan's own default penalty (new or repeat client) is the ledger's.
  const defaultPenalty = disbursedOn !== null && row.orderId !== null ? (await getLoanPosition(db, row.orderId)).defaultPenalty : undefined;
  const terms = keyFactsTerms(row, product, lang, { disbursedOn, defaultPenalty });
  const today = todayIn(product.timeZone, now);
  return {
    proposalNo: row.proposalNo,
    market: market.code,
    currency: market.currency.code,
    borrowerName: found.borrowerName,
    productName: product.name,
    issuedOn: row.issuedOn,
    issuedAt: formatDate(row.issuedAt, { withTime: true, timeZone: product.timeZone }),
    validWorkingDays: row.periods * row.termUnitDays >= 7 ? rules.validWorkingDays.tenorFrom7Days : rules.validWorkingDays.shorterTenor,
    validUntil: row.validUntil,
    expired: row.orderId === null && row.validUntil < today,
    acknowledgedAt: row.acknowledgedAt ? formatDate(row.acknowledgedAt, { withTime: true, timeZone: product.timeZone }) : null,
    orderNo: found.order?.orderNo ?? null,
    orderId: row.orderId === null ? null : String(row.orderId),
    disbursedOn,
    coolingOff: { days: rules.coolingOffDays, until: disbursedOn ? addDays(disbursedOn, rules.coolingOffDays) : '' },
    terms,
    charges: keyFactsCharges(terms),
    grievance: { ...rules.grievanceOfficer },
    support: { ...market.support },
  };
}

/** A KFS of the borrower by proposal number, with its product (404 for unknown and foreign ones alike). */
async function ownedKeyFacts(db: DbOrTx, borrowerId: number, proposalNo: string | undefined) {
  if (!proposalNo) return undefined;
  const [found] = await db
    .select({ row: keyFactsStatements, product: products })
    .from(keyFactsStatements)
    .innerJoin(products, eq(products.id, keyFactsStatements.productId))
    .where(and(eq(keyFactsStatements.proposalNo, proposalNo), eq(keyFactsStatements.borrowerId, borrowerId)))
    .limit(1);
  return found;
}

const expired = (row: KfsRow) =>
  new AppError(409, errorCodes.keyFactsRequired, 'keyFactsExpired', { proposalNo: row.proposalNo, validUntil: row.validUntil });

/**
 * POST key-facts-acknowledge: the borrower has read and understood the KFS. Records when, in which
 * session (its SHA-256) and language; idempotent (a second acknowledgement keeps the first). An expired
 * KFS cannot be acknowledged (409 keyFactsRequired).
 */
export async function acknowledgeKeyFacts(
  db: DbOrTx,
  input: { borrowerId: number; proposalNo: string; sessionHash: string; lang: Language; now?: Date },
): Promise<{ proposalNo: string; acknowledgedAt: string; validUntil: string }> {
  const now = input.now ?? new Date();
  const found = await ownedKeyFacts(db, input.borrowerId, input.proposalNo);
  if (!found) throw notFound('keyFactsNotFound');
  const { row, product } = found;
  const answer = (at: Date) => ({ proposalNo: row.proposalNo, acknowledgedAt: formatDate(at, { withTime: true, timeZone: product.timeZone }), validUntil: row.validUntil });
  if (row.acknowledgedAt) return answer(row.acknowledgedAt);
  if (row.validUntil < todayIn(product.timeZone, now)) throw expired(row);
  const [updated] = await db
    .update(keyFactsStatements)
    .set({ acknowledgedAt: now, acknowledgedSession: input.sessionHash, acknowledgedLanguage: input.lang })
    .where(and(eq(keyFactsStatements.id, row.id), isNull(keyFactsStatements.acknowledgedAt)))
    .returning({ acknowledgedAt: keyFactsStatements.acknowledgedAt });
  return answer(updated?.acknowledgedAt ?? now);
}

/**
 * KFS_BEFORE_APPLICATION (loan-detail-push): an application for a product of a market with a KFS names
 * the proposal number of a KFS of this borrower for this quote, acknowledged and still valid (or already
 * applied for: a retry). Answers the KFS to link to the order (null: nothing to link). Refusals are
 * 409 keyFactsRequired with a message saying what to do.
 */
export async function requireKeyFacts(
  db: DbOrTx,
  input: { borrowerId: number; productId: number; amount: Minor; periods: number; proposalNo: string | undefined; now?: Date },
): Promise<number | null> {
  const [product] = await db.select().from(products).where(eq(products.id, input.productId)).limit(1);
  if (!product || !marketOf(product.market).keyFacts) return null;
  const found = await ownedKeyFacts(db, input.borrowerId, input.proposalNo);
  if (!found || found.row.productId !== product.id) throw new AppError(409, errorCodes.keyFactsRequired, 'keyFactsRequired');
  const { row } = found;
  if (row.orderId !== null) return null;
  if (!statesQuote(row, product, input.amount, input.periods)) {
    throw new AppError(409, errorCodes.keyFactsRequired, 'keyFactsMismatch', { proposalNo: row.proposalNo });
  }
  if (row.validUntil < todayIn(product.timeZone, input.now ?? new Date())) throw expired(row);
  if (!row.acknowledgedAt) throw new AppError(409, errorCodes.keyFactsRequired, 'keyFactsRequired');
  return row.id;
}

/** The KFS becomes part of the loan it was applied for (once: order_id is unique). */
export async function linkKeyFacts(db: DbOrTx, keyFactsId: number, orderId: number): Promise<void> {
  await db
    .update(keyFactsStatements)
    .set({ orderId })
    .where(and(eq(keyFactsStatements.id, keyFactsId), isNull(keyFactsStatements.orderId)));
}

/** The KFS of an order, for its agreement's summary box (null: none). */
export async function keyFactsOfOrder(db: DbOrTx, orderId: number, timeZone: string) {
  const [row] = await db
    .select({ proposalNo: keyFactsStatements.proposalNo, acknowledgedAt: keyFactsStatements.acknowledgedAt })
    .from(keyFactsStatements)
    .where(eq(keyFactsStatements.orderId, orderId))
    .limit(1);
  if (!row) return null;
  return {
    proposalNo: row.proposalNo,
    acknowledgedAt: row.acknowledgedAt ? formatDate(row.acknowledgedAt, { withTime: true, timeZone }) : null,
    url: `${routes.keyFacts}?orderId=${orderId}`,
  };
}

/** Demo and tests: issue and acknowledge the KFS of a quote in one go (a borrower who read it). */
export async function issueAcknowledgedKeyFacts(
  db: DbOrTx,
  input: { borrowerId: number; product: Product; amount: Minor; periods: number; couponAmount: Minor; now: Date; lang: Language },
): Promise<KeyFactsSummary | null> {
  const summary = await offerKeyFacts(db, input);
  if (!summary) return null;
  await acknowledgeKeyFacts(db, { borrowerId: input.borrowerId, proposalNo: summary.proposalNo, sessionHash: 'demo', lang: input.lang, now: input.now });
  return { ...summary, acknowledged: true };
}

