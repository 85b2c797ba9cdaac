import { eq, sql } from 'drizzle-orm';
import type { TextValue } from '@presta/contract/api/common';
import type { KeyFactsCharge } from '@presta/contract/api/key-facts';
import type { AgreementTerms } from '@presta/contract/api/loan';
import type { CalendarDate } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { marketOf, type CurrencyCode, type LegalEntity, type MarketCode, type SupportContacts } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import type { DbOrTx } from '../../db/database';
import { borrowers } from '../../db/schema';
import { maskBankAccount } from '../../lib/bank-account';
import { moneyIn } from '../../i18n/market-texts';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { getKeyFacts, requireKeyFacts } from '../loan/key-facts-service';
import { confirmedQuote } from '../loan/loan-confirmation';
import { orderAccountNumberSql } from '../orders/order-reads';
import { maskPhone } from '../session/borrower-profile';

/*
 * What the signed agreement states (issue 38): the confirmation page's own quote (loan-confirmation.ts: the same
 * refusals, detail rows, plan and agreement terms, the annual cost among them), the promissory note's fields as
 * contract-detail fills them (repayment/agreement-service.ts), India's Key Facts Statement the borrower
 * acknowledged, the market's lender and contacts, and the borrower. Plain JSON: the PDF (agreement-pdf.ts)
 * words it in `language`; every amount the page shows as text is kept as that text, so the document reads
 * to the minor unit what the page read.
 */

export type AgreementInput = { productId: number; amount: number; periods: number; termUnit: number; proposalNo?: string | undefined };

/** India's Key Facts Statement as the agreement includes it (its own figures, priced from its issue day). */
export type AgreementKeyFacts = {
  proposalNo: string;
  issuedAt: string;
  validUntil: CalendarDate;
  acknowledgedAt: string | null;
  /** The APR the statement states, and the total it states. */
  apr: string;
  aprComputedOn: CalendarDate;
  total: string;
  charges: KeyFactsCharge[];
  coolingOffDays: number;
  grievance: { name: string; phone: string; email: string };
};

export type AgreementContent = {
  /** The borrower's request language: the document's words. */
  language: Language;
  market: MarketCode;
  currency: CurrencyCode;
  /** The lender: the market's legal entity, and its customer service. */
  lender: LegalEntity & { support: SupportContacts };
  borrower: { fullName: string; phoneMasked: string; address: string; bankAccountMasked: string };
  product: { id: number; name: string };
  /** The confirmed figures: principal (minor units), instalments, days per instalment, the coupon applied. */
  loan: { amount: Minor; periods: number; termUnitDays: number; couponAmount: Minor };
  /** The day the quote starts (the lender's calendar): the agreement's date. */
  quotedOn: CalendarDate;
  /** The confirmation page's detail rows, word for word. */
  details: TextValue[];
  /** The confirmation page's plan: each instalment's title, parts, amount (minor units and as written) and due date. */
  plan: { title: string; description: string; amount: Minor; amountText: string; dueDate: CalendarDate }[];
  /** The promissory note's fields as contract-detail writes them (amounts in the market's currency). */
  note: {
    amount: string;
    contractAmount: string;
    interest: string;
    commission: string;
    tax: string;
    received: string;
    /** The last instalment's due date: the day the note is payable. */
    repaymentDate: CalendarDate;
  };
  /** Every rate, charge and rule the agreement states (agreement-terms.ts), the annual cost (CAT, APR) included. */
  terms: AgreementTerms;
  /** India: the Key Facts Statement, part of the agreement; null elsewhere. */
  keyFacts: AgreementKeyFacts | null;
};

/**
 * The agreement for the figures the borrower confirmed. Refuses what the confirmation refuses (409
 * activeLoanExists, 404 productNotFound, 422 outside the product's rules, the term unit included) and, in a
 * market with a Key Facts Statement, what loan-detail-push refuses of it (409 keyFactsRequired: none named, not
 * the borrower's, another quote, expired or not acknowledged).
 */
export async function agreementContent(ctx: BorrowerContext, input: AgreementInput): Promise<AgreementContent> {
  const { amount, periods, termUnit } = input;
  const { product, couponAmount, startDate, priced } = await confirmedQuote(ctx, { productId: String(input.productId), amount, periods, termUnit });
  const keyFacts = await agreedKeyFacts(ctx, { productId: product.id, market: product.market, amount, periods, proposalNo: input.proposalNo });
  const market = marketOf(product.market);
  const money = moneyIn(market.code);
  const { terms } = priced;
  return {
    language: ctx.lang,
    market: market.code,
    currency: market.currency.code,
    lender: { ...market.legalEntity, support: { ...market.support } },
    borrower: await borrowerParty(ctx.db, ctx.borrowerId),
    product: { id: product.id, name: product.name },
    loan: { amount, periods, termUnitDays: product.termUnitDays, couponAmount },
    quotedOn: startDate,
    details: priced.details.map((r) => ({ ...r })),
    plan: priced.repay_plans.map((x) => ({ title: x.title, description: x.description, amount: x.amount, amountText: money(x.amount), dueDate: x.pay_time })),
    note: {
      amount: money(amount),
      contractAmount: money(terms.totals.total),
      interest: money(terms.totals.interest),
      commission: money(terms.totals.commission),
      tax: money(terms.totals.tax),
      received: money(terms.totals.received),
      repaymentDate: terms.plan.at(-1)?.dueDate ?? '',
    },
    terms: structuredClone(terms),
    keyFacts,
  };
}

/** The borrower as the note names them: full name, masked phone, address, the masked account the loan would be paid to. */
async function borrowerParty(db: DbOrTx, borrowerId: number): Promise<AgreementContent['borrower']> {
  const [row] = await db
    .select({
      fullName: borrowers.fullName,
      phone: borrowers.phone,
      address: borrowers.address,
      // The active account (an order not yet made has no disbursal account).
      bankAccount: orderAccountNumberSql({ borrowerId: sql`${borrowerId}::int`, disbursedToAccountId: sql`null::int` }),
    })
    .from(borrowers)
    .where(eq(borrowers.id, borrowerId))
    .limit(1);
  if (!row) throw new Error('the session names no borrower');
  return { fullName: row.fullName, phoneMasked: maskPhone(row.phone), address: row.address, bankAccountMasked: maskBankAccount(row.bankAccount) };
}

/**
 * India: the Key Facts Statement named by proposalNo, checked as loan-detail-push checks it (the borrower's, for
 * this quote, valid, acknowledged), read in the borrower's language. Null for a market without one.
 */
async function agreedKeyFacts(
  ctx: BorrowerContext,
  quote: { productId: number; market: MarketCode; amount: Minor; periods: number; proposalNo: string | undefined },
): Promise<AgreementKeyFacts | null> {
  if (!marketOf(quote.market).keyFacts) return null;
  const { borrowerId, db, now } = ctx;
  await requireKeyFacts(db, { borrowerId, productId: quote.productId, amount: quote.amount, periods: quote.periods, proposalNo: quote.proposalNo, now });
  const kfs = await getKeyFacts(db, borrowerId, { proposalNo: quote.proposalNo }, ctx.lang, now);
  return {
    proposalNo: kfs.proposalNo,
    issuedAt: kfs.issuedAt,
    validUntil: kfs.validUntil,
    acknowledgedAt: kfs.acknowledgedAt,
    apr: kfs.terms.annualCost.rate,
    aprComputedOn: kfs.terms.annualCost.computedOn,
    total: moneyIn(quote.market)(kfs.terms.totals.total),
    charges: kfs.charges,
    coolingOffDays: kfs.coolingOff.days,
    grievance: { ...kfs.grievance },
  };
}
