import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import type { AgreementData } from '@presta/contract/api/loan';
import { marketOf } from '@presta/contract/markets';
import { finalAnswer } from '../../lib/reply';
import { maskBankAccount } from '../../lib/bank-account';
import type { BorrowerContext, CallContext } from '../../plugins/app/repositories';
import { moneyIn } from '../../i18n/market-texts';
import { getLoanPosition } from '../ledger/ledger-position';
import { agreementTerms } from '../loan/agreement-terms';
import { keyFactsOfOrder } from '../loan/key-facts-service';
import { orderTax } from '../pricing/loan-quote';
import type { AgreedPlan, AgreementOrder } from './agreement-repository';

/**
 * The promissory note of one of the borrower's orders (§3 "Loan contract",
 * §2 "Loan agreement"), by order number; 404 orderNotFound for unknown and
 * foreign numbers alike. Field meanings (docs/api.md):
 * username = userName = the borrower's full name; mount = the principal as
 * display text, amount = the principal in minor units; bankNo = the masked
 * deposit account (the account the disbursal paid, else the active one); daiDate = disbursal day ('' before disbursal); planDate =
 * the last instalment's current due date; contractAmount = total owed as
 * agreed (principal + interest + commission + tax); Interest = interest as
 * charged (after any coupon); IVA = the market's tax (IVA, GST); giveAmount =
 * what the borrower receives (the whole principal); contractDate = submission
 * day; company = the lender, the loan's market's legal entity. Money fields
 * other than `amount` are display strings in the loan's market's currency,
 * whatever the language (issue 12); `terms` is every figure the agreement
 * states (agreement-terms.ts), `market` the loan's market.
 */
export async function getAgreement(ctx: BorrowerContext, input: { orderNo: string }): Promise<AgreementData> {
  return ctx.repos.agreements.agreement(ctx.borrowerId, input.orderNo.trim(), ctx.lang, async (order) => finalAnswer(await buildAgreement(ctx, order)));
}

async function buildAgreement(ctx: CallContext, order: AgreementOrder): Promise<AgreementData> {
  const plan = await ctx.repos.agreements.agreedPlan(order.id);
  const terms = await agreementFigures(ctx, order, plan);
  const money = moneyIn(order.market);
  return {
    username: order.fullName,
    userName: order.fullName,
    productName: order.productName,
    mount: money(order.principal),
    amount: order.principal,
    bankNo: maskBankAccount(order.bankAccount),
    daiDate: order.disbursedOn ?? '',
    planDate: plan.at(-1)?.dueDate ?? '',
    contractAmount: money(terms.totals.total),
    commission: money(terms.totals.commission),
    Interest: money(terms.totals.interest),
    IVA: money(terms.totals.tax),
    giveAmount: money(order.principal),
    userAddress: order.address,
    contractDate: order.appliedOn,
    company: marketOf(order.market).legalEntity.name,
    market: order.market,
    terms,
    // India (issue 13): the Key Facts Statement the loan was applied with, the agreement's summary box.
    keyFacts: marketOf(order.market).keyFacts ? await keyFactsOfOrder(ctx.db, order.id, marketOf(order.market).timeZone) : null,
  };
}

/** Every figure the agreement states, of this order and its plan. */
async function agreementFigures(ctx: CallContext, order: AgreementOrder, plan: AgreedPlan) {
  const disbursed = order.disbursedOn !== null && statusIn(disbursedStatuses, order.status);
  // The loan's own one-off default penalty (new or repeat client) is the ledger's, once disbursed.
  const defaultPenalty = disbursed ? (await getLoanPosition(ctx.db, order.id)).defaultPenalty : undefined;
  return agreementTerms(
    {
      market: order.market,
      lateRule: order.lateRule,
      amount: order.principal,
      periods: order.periods,
      termUnitDays: order.termUnitDays,
      dailyRatePpm: order.dailyRatePpm,
      commissionPpm: order.commissionPpm,
      tax: orderTax(order),
      extensionEnabled: order.extensionEnabled,
      // The plan's due dates count from the disbursal day, from the submission day until then.
      startDate: order.disbursedOn ?? order.appliedOn,
      disbursed,
      ...(defaultPenalty === undefined ? {} : { defaultPenalty }),
      plan,
      received: order.principal,
    },
    ctx.lang,
  );
}
