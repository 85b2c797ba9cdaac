import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Brand } from '@presta/contract/brand';
import type { TextValue } from '@presta/contract/api/common';
import type { channelSchema, extensionDataSchema, repaymentDataSchema, voucherDataSchema } from '@presta/contract/api/repayment';
import { errorCodes } from '@presta/contract/error-codes';
import { addDays, formatDate, todayIn } from '@presta/contract/dates';
import { languages, type Language } from '@presta/contract/language';
import { formatMoney, type Minor } from '@presta/contract/money';
import type { OrderStatus } from '@presta/contract/order-status';
import type { Db } from '../../db/database';
import { orders, products } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { translate, type MessageKey } from '../../i18n/messages';
import { getLoanPosition, quoteExtension, type ExtensionQuoteResult } from '../ledger/ledger-service';
import type { InstalmentComponent } from '../ledger/ledger-math';
import { toDbId } from '../loan/loan-service';
import { paymentChannels, type PaymentChannel, type PaymentProvider, type PaymentPurpose } from '../payments/payment-provider';
import { barcodeUrl, createOrReuseReference, findOpenReferences, type PaymentReference } from './payment-references';
import { endOfDayIn, extensionStableThrough, repaymentQuote } from './repayment-quote';

type RepaymentData = z.input<typeof repaymentDataSchema>;
type ExtensionData = z.input<typeof extensionDataSchema>;
type VoucherData = z.input<typeof voucherDataSchema>;
type Channel = z.input<typeof channelSchema>;

/** Statuses whose loan is repaid and extended on these pages (§4: Repay on 174 and 180). */
const payableStatuses: readonly string[] = ['174', '180'];

/** Logos of the channels (files of the web app). */
export const channelLogos: Record<PaymentChannel, string> = {
  store: '/assets/channels/store.svg',
  spei: '/assets/channels/spei.svg',
};

const channelTexts: Record<PaymentChannel, { title: MessageKey; desc: MessageKey }> = {
  store: { title: 'channelStoreTitle', desc: 'channelStoreDesc' },
  spei: { title: 'channelSpeiTitle', desc: 'channelSpeiDesc' },
};

export type OwnedOrder = {
  id: number;
  orderNo: string;
  status: OrderStatus;
  productName: string;
  productLogo: string;
  timeZone: string;
};

/** The borrower's order (404 orderNotFound for unknown and foreign ids alike). */
export async function ownedOrder(db: Db, borrowerId: number, orderIdRaw: string): Promise<OwnedOrder> {
  const orderId = toDbId(orderIdRaw);
  const [order] =
    orderId === undefined
      ? []
      : await db
          .select({
            id: orders.id,
            orderNo: orders.orderNo,
            status: orders.status,
            productName: products.name,
            productLogo: products.logoUrl,
            timeZone: products.timeZone,
          })
          .from(orders)
          .innerJoin(products, eq(products.id, orders.productId))
          .where(and(eq(orders.id, orderId), eq(orders.borrowerId, borrowerId)))
          .limit(1);
  if (!order) throw notFound('orderNotFound');
  return order;
}

export function assertPayable(order: Pick<OwnedOrder, 'orderNo' | 'status'>): void {
  if (order.status === '200') throw new AppError(409, errorCodes.invalidTransition, 'loanAlreadySettled', { orderNo: order.orderNo });
  if (!payableStatuses.includes(order.status)) {
    throw new AppError(409, errorCodes.invalidTransition, 'repaymentNotAvailable', { orderNo: order.orderNo, status: order.status });
  }
}

const extensionReasonKeys: Record<NonNullable<ExtensionQuoteResult['reason']>, MessageKey> = {
  disabled: 'extensionUnavailableDisabled',
  nothingOwed: 'extensionUnavailableNothingOwed',
  nothingToExtend: 'extensionUnavailableNothingToExtend',
  status: 'extensionUnavailableStatus',
};

async function availableExtension(db: Db, order: OwnedOrder): Promise<ExtensionQuoteResult & { toDueDate: string }> {
  const quote = await quoteExtension(db, order.id);
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

/** One group per channel, each with its open reference for the amount (newest), if any. */
function channelGroups(lang: Language, refs: PaymentReference[]) {
  return paymentChannels.map((channel) => ({
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

// ---------------------------------------------------------------------------
// loan-play-detail
// ---------------------------------------------------------------------------

/**
 * The instalment repayment page (§3): what is due now from the ledger
 * (REPAYMENT_AMOUNT_DUE_OR_NEXT), its breakdown (every row, zero ones too: the
 * page hides them), and the channels with the open reference for that amount.
 */
export async function getRepaymentDetail(
  db: Db,
  borrowerId: number,
  orderIdRaw: string,
  lang: Language,
  now = new Date(),
): Promise<RepaymentData> {
  const order = await ownedOrder(db, borrowerId, orderIdRaw);
  assertPayable(order);
  const { position } = await getLoanPosition(db, order.id, todayIn(order.timeZone, now));
  const quote = repaymentQuote(position);
  const money = (m: Minor) => formatMoney(m, languages[lang].currencySign);
  const refs = quote.payable > 0 ? await findOpenReferences(db, order.id, 'repayment', quote.payable, now) : [];
  const xs = quote.instalments;
  const row = (key: MessageKey, value: string): TextValue => ({ text: translate(lang, key), value });

  const detail: TextValue[] = [
    row(
      'repayRowInstalment',
      xs.length === 0 ? '' : translate(lang, 'repayRowInstalmentValue', { seqs: xs.map((x) => x.seq).join(', '), count: position.instalments.length }),
    ),
    row('repayRowPrincipal', money(sumOf(xs, 'principal'))),
    row('detailInterest', money(sumOf(xs, 'interest'))),
    row('detailCommission', money(sumOf(xs, 'commission'))),
    row('detailVat', money(sumOf(xs, 'vat'))),
    row('repayRowLateFee', money(sumOf(xs, 'late_fee'))),
    row('repayRowPenalty', money(sumOf(xs, 'default_penalty'))),
    row('repayRowPaid', money(xs.reduce((acc, x) => acc + x.totalPaid, 0))),
    row('repayRowTotal', money(quote.shown)),
  ];

  let noticeMsg: string;
  if (quote.payableFrom) noticeMsg = translate(lang, 'paymentNotOpenYet', { date: quote.payableFrom });
  else if (quote.overdue) noticeMsg = translate(lang, 'repayNoticeOverdue', { date: quote.dueDate ?? '', amount: money(quote.shown) });
  else noticeMsg = translate(lang, 'repayNotice', { date: quote.dueDate ?? '', amount: money(quote.shown) });

  return {
    repayAmount: quote.shown,
    productName: order.productName,
    repayDate: quote.dueDate ?? '',
    productLogo: order.productLogo,
    detail,
    // Nothing payable yet (prepayment window closed): no channel to tap; noticeMsg names the day.
    repayList: quote.payable > 0 ? [...channelGroups(lang, refs), cardGroup(lang)].map((g) => ({ reviewer: g.title, list: g.list })) : [],
    noticeMsg,
  };
}

// ---------------------------------------------------------------------------
// loan-play-delay-detail
// ---------------------------------------------------------------------------

/**
 * The extension page (§3): the extension price (quoteExtension), the new due
 * date, the plan as it will be after the extension (each unpaid instalment
 * with what is left of it and its new date) and the channels with the open
 * reference for the price. 409 with the reason when no extension is available.
 */
export async function getExtensionDetail(
  db: Db,
  borrowerId: number,
  orderIdRaw: string,
  lang: Language,
  now = new Date(),
): Promise<ExtensionData> {
  const order = await ownedOrder(db, borrowerId, orderIdRaw);
  assertPayable(order);
  const quote = await availableExtension(db, order);
  const { position } = await getLoanPosition(db, order.id, quote.asOf);
  const money = (m: Minor) => formatMoney(m, languages[lang].currencySign);
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
        amount: x.totalOutstanding - paidByExtension,
        remark: isMoved ? translate(lang, 'delayPlanRemark', { date: x.dueDate }) : '',
        time: isMoved ? addDays(x.dueDate, quote.shiftDays) : x.dueDate,
      };
    })
    .filter((r) => r.amount > 0);

  const refs = await findOpenReferences(db, order.id, 'extension', quote.amount, now);
  return {
    productLogo: order.productLogo,
    productName: order.productName,
    delayInfo: {
      reviewer: translate(lang, 'delayReviewer', { days: quote.shiftDays, date: quote.toDueDate }),
      delayAmount: quote.amount,
      delayTime: quote.toDueDate,
    },
    repayPlan,
    repayList: channelGroups(lang, refs),
    noticeMsg: translate(lang, 'delayNotice'),
    note: translate(lang, 'delayNote', { amount: money(quote.amount) }),
  };
}

// ---------------------------------------------------------------------------
// generate-vcode
// ---------------------------------------------------------------------------

export type VoucherInput = { orderId: string; amount: number; payCode: string; requestType: number };

/**
 * The voucher (§3) of a payment reference for the order: requestType 1 a
 * repayment of exactly what the repayment page quotes now, 2 an extension at
 * exactly its price now. Reuses the open reference for the same order,
 * purpose, channel and amount; a new one is valid through the last day the
 * amount stays the same (at most REFERENCE_MAX_DAYS, end of day in the
 * product's time zone).
 */
export async function generateVoucher(
  db: Db,
  provider: PaymentProvider,
  brand: Brand,
  borrowerId: number,
  input: VoucherInput,
  lang: Language,
  now = new Date(),
): Promise<VoucherData> {
  const channel = paymentChannels.find((c) => c === input.payCode);
  if (!channel || !provider.channels.includes(channel)) {
    throw badRequest('payCodeUnknown', { payCode: input.payCode.slice(0, 40) });
  }
  const order = await ownedOrder(db, borrowerId, input.orderId);
  assertPayable(order);
  const money = (m: Minor) => formatMoney(m, languages[lang].currencySign);
  const today = todayIn(order.timeZone, now);

  let purpose: PaymentPurpose;
  let validThrough: string;
  if (input.requestType === 1) {
    purpose = 'repayment';
    const { position } = await getLoanPosition(db, order.id, today);
    const quote = repaymentQuote(position);
    if (quote.payable <= 0) {
      throw new AppError(409, errorCodes.invalidTransition, 'paymentNotOpenYet', { date: quote.payableFrom ?? today });
    }
    if (input.amount !== quote.payable) {
      throw new AppError(422, errorCodes.outsideProductRules, 'paymentAmountMismatch', {
        amount: money(input.amount),
        due: money(quote.payable),
      });
    }
    validThrough = quote.stableThrough;
  } else {
    purpose = 'extension';
    const quote = await availableExtension(db, order);
    if (input.amount !== quote.amount) {
      throw new AppError(422, errorCodes.outsideProductRules, 'extensionAmountMismatch', {
        amount: money(input.amount),
        due: money(quote.amount),
      });
    }
    const { position } = await getLoanPosition(db, order.id, quote.asOf);
    validThrough = extensionStableThrough(position);
  }

  const { reference: ref } = await createOrReuseReference(db, provider, {
    orderId: order.id,
    borrowerId,
    purpose,
    channel,
    amount: input.amount,
    expiresAt: endOfDayIn(validThrough, order.timeZone),
    now,
  });

  const amount = money(ref.amount);
  const validUntil = formatDate(ref.expiresAt, { withTime: true, timeZone: order.timeZone });
  const howTo =
    channel === 'store'
      ? {
          title: translate(lang, 'voucherHowStoreTitle'),
          content: [
            translate(lang, 'voucherHowStore1'),
            translate(lang, 'voucherHowStore2'),
            translate(lang, 'voucherHowStore3', { reference: ref.reference }),
            translate(lang, 'voucherHowStore4', { amount }),
          ],
        }
      : {
          title: translate(lang, 'voucherHowSpeiTitle'),
          content: [
            translate(lang, 'voucherHowSpei1'),
            translate(lang, 'voucherHowSpei2', { clabe: ref.clabe ?? ref.voucherCode, company: brand.companyName }),
            translate(lang, 'voucherHowSpei3', { reference: ref.reference }),
            translate(lang, 'voucherHowSpei4', { amount }),
          ],
        };

  return {
    topLogo: order.productLogo,
    repayDetail: {
      amount: ref.amount,
      repayTitle: translate(lang, channelTexts[channel].title),
      repayDes: translate(lang, channel === 'store' ? 'voucherStoreDes' : 'voucherSpeiDes', { amount }),
      repayCode: channel === 'store' ? barcodeUrl(ref) : '',
      vCode: ref.voucherCode,
      companyName: brand.companyName,
    },
    dataList: [
      howTo,
      {
        title: translate(lang, 'voucherConceptTitle'),
        content: [
          translate(lang, purpose === 'repayment' ? 'voucherConceptRepayment' : 'voucherConceptExtension', { orderNo: order.orderNo }),
        ],
      },
      {
        title: translate(lang, 'voucherValidityTitle'),
        content: [translate(lang, 'voucherValidUntil', { datetime: validUntil }), translate(lang, 'voucherValidityAfter')],
      },
    ],
    imgList: {
      title: translate(lang, channel === 'store' ? 'voucherStoresTitle' : 'voucherBanksTitle'),
      eMail: brand.serviceEmail,
      content: [channelLogos[channel]],
    },
    bottomLogo: channelLogos[channel],
  };
}
