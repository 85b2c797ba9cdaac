import { repayableStatuses, statusIn } from '@presta/contract/order-status';
import type { z } from 'zod';
import type { TextValue } from '@presta/contract/api/common';
import type { channelSchema, extensionDataSchema, repaymentDataSchema } from '@presta/contract/api/repayment';
import { errorCodes } from '@presta/contract/error-codes';
import { addDays, todayIn } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { marketOf, type MarketCode } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { AppError } from '../../lib/app-error';
import type { BorrowerContext, CallContext } from '../../plugins/app/repositories';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn, taxLabel, taxName } from '../../i18n/market-texts';
import { extensionQuote, loanPosition, type ExtensionQuoteResult } from '../ledger/ledger-position';
import type { LoanPosition } from '../ledger/ledger-math/position';
import type { InstalmentComponent } from '../ledger/ledger-math/state';
import { ownedOrder, type OwnedOrder } from '../orders/order-reads';
import { paymentChannels, type PaymentChannel } from '../payments/payment-provider';
import type { PaymentProviders } from '../payments/payment-providers';
import { barcodeUrl, type PaymentReference } from '../payments/payment-references';
import { repaymentQuote } from '../payments/repayment-quote';

type RepaymentData = z.input<typeof repaymentDataSchema>;
type ExtensionData = z.input<typeof extensionDataSchema>;
type Channel = z.input<typeof channelSchema>;

/** Logos of the channels (files of the web app). */
export const channelLogos: Record<PaymentChannel, string> = {
  store: '/assets/channels/store.svg',
  spei: '/assets/channels/spei.svg',
  upi: '/assets/channels/upi.svg',
  bank_transfer: '/assets/channels/bank_transfer.svg',
};

export const channelTexts: Record<PaymentChannel, { title: MessageKey; desc: MessageKey }> = {
  store: { title: 'channelStoreTitle', desc: 'channelStoreDesc' },
  spei: { title: 'channelSpeiTitle', desc: 'channelSpeiDesc' },
  upi: { title: 'channelUpiTitle', desc: 'channelUpiDesc' },
  bank_transfer: { title: 'channelBankTransferTitle', desc: 'channelBankTransferDesc' },
};

const isVoucherChannel = (id: string): id is PaymentChannel => (paymentChannels as readonly string[]).includes(id);

/**
 * The channels paid through a voucher that the loan's market offers and a provider serves (PAYMENT_CHANNELS), in the
 * market's order (Mexico: store, SPEI; India: UPI, bank transfer).
 */
export function voucherChannelsOf(market: MarketCode, payments: PaymentProviders): PaymentChannel[] {
  return marketOf(market).paymentChannels.filter(isVoucherChannel).filter((channel) => payments.forChannel(market, channel) !== undefined);
}

/** A repayment page's call: the borrower's, with the payment providers that say which channels are offered. */
export type RepaymentContext = BorrowerContext & { payments: PaymentProviders };

/** The market offers the card (the card repayment page): Mexico. */
export const offersCard = (market: MarketCode) => marketOf(market).paymentChannels.includes('card');

export function assertPayable(order: Pick<OwnedOrder, 'orderNo' | 'status'>): void {
  if (order.status === '200') throw new AppError(409, errorCodes.invalidTransition, 'loanAlreadySettled', { orderNo: order.orderNo });
  if (!statusIn(repayableStatuses, order.status)) {
    throw new AppError(409, errorCodes.invalidTransition, 'repaymentNotAvailable', { orderNo: order.orderNo, status: order.status });
  }
}

const extensionReasonKeys: Record<NonNullable<ExtensionQuoteResult['reason']>, MessageKey> = {
  disabled: 'extensionUnavailableDisabled',
  nothingOwed: 'extensionUnavailableNothingOwed',
  nothingToExtend: 'extensionUnavailableNothingToExtend',
  status: 'extensionUnavailableStatus',
};

/** The extension the order can buy now (409 with the reason when none is available). */
export async function availableExtension(ctx: CallContext, order: OwnedOrder): Promise<ExtensionQuoteResult & { toDueDate: string }> {
  const quote = await extensionQuote(ctx.repos.ledgers, order.id);
  if (!quote.available || !quote.toDueDate) {
    throw new AppError(409, errorCodes.invalidTransition, extensionReasonKeys[quote.reason ?? 'nothingToExtend'], {
      orderNo: order.orderNo,
      status: order.status,
    });
  }
  return quote as ExtensionQuoteResult & { toDueDate: string };
}

function channelEntry(lang: Language, channel: PaymentChannel, ref: PaymentReference | undefined): Channel {
  return {
    payCode: channel,
    logo: channelLogos[channel],
    desc: translate(lang, channelTexts[channel].desc),
    vCode: ref?.voucherCode ?? '',
    BARcodeImg: ref && channel === 'store' ? barcodeUrl(ref) : '',
  };
}

/** One group per voucher channel offered for the loan's market, each with its open reference for the amount (newest), if any. */
function channelGroups(lang: Language, market: MarketCode, payments: PaymentProviders, refs: PaymentReference[]) {
  return voucherChannelsOf(market, payments).map((channel) => ({
    title: translate(lang, channelTexts[channel].title),
    list: [channelEntry(lang, channel, refs.find((r) => r.channel === channel))],
  }));
}

/** Card: paid on the card repayment page (/card-repayment), not through a voucher; repayment only. */
export const CARD_PAY_CODE = 'card';
export const cardChannelLogo = '/assets/channels/card.svg';

function cardGroup(lang: Language) {
  return {
    title: translate(lang, 'channelCardTitle'),
    list: [{ payCode: CARD_PAY_CODE, logo: cardChannelLogo, desc: translate(lang, 'channelCardDesc'), vCode: '', BARcodeImg: '' }],
  };
}

const sumOf = (xs: { outstanding: Record<InstalmentComponent, Minor> }[], c: InstalmentComponent) =>
  xs.reduce((acc, x) => acc + x.outstanding[c], 0);

/**
 * "Ya pagado": every payment the borrower made on the loan, as the ledger
 * holds it (what went to instalments, extension fees and their tax, credit).
 */
const paidOnLoan = (p: LoanPosition): Minor => p.received;

// ---------------------------------------------------------------------------
// The repayment detail (loan-play-detail)
// ---------------------------------------------------------------------------

/**
 * The instalment repayment page (§3): what is due now from the ledger
 * (REPAYMENT_AMOUNT_DUE_OR_NEXT), its breakdown (every row, zero ones too: the
 * page hides them), and the channels with the open reference for that amount.
 */
export async function getRepaymentDetail(ctx: RepaymentContext, input: { orderId: string }): Promise<RepaymentData> {
  const { lang, now } = ctx;
  const order = await ownedOrder(ctx, input.orderId);
  assertPayable(order);
  const { position } = await loanPosition(ctx.repos.ledgers, order.id, todayIn(order.timeZone, now));
  const quote = repaymentQuote(position);
  const money = moneyIn(order.market);
  const refs = quote.payable > 0 ? await ctx.repos.paymentReferences.findOpen(order.id, { purpose: 'repayment', amount: quote.payable }, now) : [];
  const xs = quote.instalments;
  const row = (key: MessageKey, value: string): TextValue => ({ text: translate(lang, key), value });

  // What must be paid today first (the page folds the list to two rows), then what it is made of, then the
  // loan's payments. "Total a pagar hoy" only names an amount due today; the next instalment before it
  // falls due (payable early or not yet) is its amount.
  const dueToday = position.amountDueNow > 0;
  const detail: TextValue[] = [
    row(dueToday ? 'repayRowTotal' : 'repayRowInstalmentTotal', money(quote.shown)),
    // Late charges only when there are some (an empty value hides the row, §5): the fold then shows the next row.
    row('repayRowLateFee', sumOf(xs, 'late_fee') > 0 ? money(sumOf(xs, 'late_fee')) : ''),
    row('repayRowPenalty', sumOf(xs, 'default_penalty') > 0 ? money(sumOf(xs, 'default_penalty')) : ''),
    row(
      'repayRowInstalment',
      xs.length === 0 ? '' : translate(lang, 'repayRowInstalmentValue', { seqs: xs.map((x) => x.seq).join(', '), count: position.instalments.length }),
    ),
    row('repayRowPrincipal', money(sumOf(xs, 'principal'))),
    row('detailInterest', money(sumOf(xs, 'interest'))),
    row('detailCommission', money(sumOf(xs, 'commission'))),
    { text: taxLabel(lang, order.market, { ratePpm: order.taxPpm, base: order.taxBase }), value: money(sumOf(xs, 'vat')) },
    row('repayRowPaid', money(paidOnLoan(position))),
    row('detailCredit', position.credit > 0 ? money(position.credit) : ''),
  ];

  let noticeMsg: string;
  // Nothing can be paid yet: one sentence, when and how much (the page then shows no channels, issue 32).
  if (quote.payableFrom) noticeMsg = translate(lang, 'nextPaymentNotOpenYet', { date: quote.payableFrom, amount: money(quote.shown) });
  else if (quote.overdue) noticeMsg = translate(lang, 'repayNoticeOverdue', { date: quote.dueDate ?? '', amount: money(quote.shown) });
  else noticeMsg = translate(lang, 'repayNotice', { date: quote.dueDate ?? '', amount: money(quote.shown) });

  return {
    repayAmount: quote.shown,
    productName: order.productName,
    repayDate: quote.dueDate ?? '',
    productLogo: order.productLogo,
    detail,
    // Nothing payable yet (prepayment window closed): no channel to tap; noticeMsg names the day.
    repayList:
      quote.payable > 0
        ? [...channelGroups(lang, order.market, ctx.payments, refs), ...(offersCard(order.market) ? [cardGroup(lang)] : [])].map((g) => ({
            reviewer: g.title,
            list: g.list,
          }))
        : [],
    noticeMsg,
    market: order.market,
  };
}

// ---------------------------------------------------------------------------
// The extension detail (loan-play-delay-detail)
// ---------------------------------------------------------------------------

/**
 * The extension page (§3): the extension price (quoteExtension), the new due
 * date, the plan as it will be after the extension (each unpaid instalment
 * with what is left of it and its new date) and the channels with the open
 * reference for the price. 409 with the reason when no extension is available.
 */
export async function getExtensionDetail(ctx: RepaymentContext, input: { orderId: string }): Promise<ExtensionData> {
  const { lang, now } = ctx;
  const order = await ownedOrder(ctx, input.orderId);
  assertPayable(order);
  const quote = await availableExtension(ctx, order);
  const { position } = await loanPosition(ctx.repos.ledgers, order.id, quote.asOf);
  const money = moneyIn(order.market);
  const moved = new Set(quote.movedInstalmentIds);
  const count = position.instalments.length;

  const repayPlan = position.instalments
    .filter((x) => !x.paidOff)
    .map((x) => {
      const part = quote.parts.find((p) => p.instalmentId === x.id);
      const paidByExtension = part ? part.default_penalty + part.late_fee + part.vat + part.interest : 0;
      const isMoved = moved.has(x.id);
      return {
        title: translate(lang, 'planTitle', { seq: x.seq, count }),
        // What is left to pay after the extension and the credit held (which pays instalments by itself as they fall due).
        amount: x.dueAfterCredit - paidByExtension,
        remark: isMoved ? translate(lang, 'extensionPlanRemark', { date: x.dueDate }) : '',
        time: isMoved ? addDays(x.dueDate, quote.shiftDays) : x.dueDate,
      };
    })
    .filter((r) => r.amount > 0);

  const refs = await ctx.repos.paymentReferences.findOpen(order.id, { purpose: 'extension', amount: quote.amount }, now);
  return {
    productLogo: order.productLogo,
    productName: order.productName,
    delayInfo: {
      reviewer: translate(lang, 'extensionReviewer', { days: quote.shiftDays, date: quote.toDueDate }),
      delayAmount: quote.amount,
      delayTime: quote.toDueDate,
    },
    repayPlan,
    repayList: channelGroups(lang, order.market, ctx.payments, refs),
    // The extension fee carries the loan's tax only where the tax's base has it (Mexico's IVA; not India's GST).
    noticeMsg: order.taxBase.includes('extension_fee')
      ? translate(lang, 'extensionNoticeTaxed', { tax: taxName(lang, order.market) })
      : translate(lang, 'extensionNotice'),
    note: translate(lang, 'extensionNote', { amount: money(quote.amount) }),
    market: order.market,
  };
}
