import { repayableStatuses, statusIn } from '@presta/contract/order-status';
import type { z } from 'zod';
import type { TextValue } from '@presta/contract/api/common';
import type { channelSchema, extensionDataSchema, repaymentDataSchema, voucherDataSchema } from '@presta/contract/api/repayment';
import { errorCodes } from '@presta/contract/error-codes';
import { addDays, formatDate, todayIn, type CalendarDate } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { endSentence, marketOf, type MarketCode, type SupportContacts, type TaxableCharge } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import type { OrderStatus } from '@presta/contract/order-status';
import type { Db } from '../../db/database';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { finalAnswer } from '../../lib/reply';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn, taxLabel, taxName } from '../../i18n/market-texts';
import { getLoanPosition, quoteExtension, type ExtensionQuoteResult } from '../ledger/ledger-service';
import { readLedger, type LedgerCache } from '../ledger/ledger-read-model';
import { type LoanPosition } from '../ledger/ledger-math/position';
import { PREPAYMENT_MIN_DAYS } from '../ledger/ledger-math/rules';
import { type InstalmentComponent } from '../ledger/ledger-math/state';
import { toDbId } from '../../lib/db-id';
import { paymentChannels, type PaymentChannel, type PaymentProvider, type PaymentPurpose } from '../payments/payment-provider';
import {
  barcodeUrl,
  createOrReuseReference,
  findOpenReferences,
  qrCodeUrl,
  type OpenReferencesCache,
  type PaymentReference,
} from '../payments/payment-references';
import { endOfDayIn, extensionStableThrough, repaymentQuote } from '../payments/repayment-quote';
import { referenceUpiUri } from '../payments/upi-link';

type RepaymentData = z.input<typeof repaymentDataSchema>;
type ExtensionData = z.input<typeof extensionDataSchema>;
type VoucherData = z.input<typeof voucherDataSchema>;
type Channel = z.input<typeof channelSchema>;

/** Statuses whose loan is repaid and extended on these pages (§4: Repay on 174 and 180). */

/** Logos of the channels (files of the web app). */
export const channelLogos: Record<PaymentChannel, string> = {
  store: '/assets/channels/store.svg',
  spei: '/assets/channels/spei.svg',
  upi: '/assets/channels/upi.svg',
  bank_transfer: '/assets/channels/bank_transfer.svg',
};

const channelTexts: Record<PaymentChannel, { title: MessageKey; desc: MessageKey }> = {
  store: { title: 'channelStoreTitle', desc: 'channelStoreDesc' },
  spei: { title: 'channelSpeiTitle', desc: 'channelSpeiDesc' },
  upi: { title: 'channelUpiTitle', desc: 'channelUpiDesc' },
  bank_transfer: { title: 'channelBankTransferTitle', desc: 'channelBankTransferDesc' },
};

const isVoucherChannel = (id: string): id is PaymentChannel => (paymentChannels as readonly string[]).includes(id);

/** The channels paid through a voucher that the loan's market offers, in its order (Mexico: store, SPEI; India: UPI, bank transfer). */
export function voucherChannelsOf(market: MarketCode): PaymentChannel[] {
  return marketOf(market).paymentChannels.filter(isVoucherChannel);
}

/** The market offers the card (the card repayment page): Mexico. */
export const offersCard = (market: MarketCode) => marketOf(market).paymentChannels.includes('card');

export type OwnedOrder = {
  id: number;
  orderNo: string;
  status: OrderStatus;
  productName: string;
  productLogo: string;
  timeZone: string;
  /** The product's market: currency, channels, legal entity (issue 12). */
  market: MarketCode;
  /** The tax that priced the loan (the order's snapshot: rate and base). */
  taxPpm: number;
  taxBase: TaxableCharge[];
};

/**
 * The caches the borrower's reads go through (app.caches, decision 007): the ledger reads and the orders' open
 * references, both dropped when the database announces a change to the order. Absent or off: read the database.
 */
export type ReadCaches = { ledgers?: LedgerCache; openReferences?: OpenReferencesCache };

/**
 * The borrower's order (404 orderNotFound for unknown and foreign ids alike), from the ledger read model's read
 * (cached between changes): the repayment pages then read its ledger without another round trip.
 */
export async function ownedOrder(db: Db, borrowerId: number, orderIdRaw: string, caches: ReadCaches = {}): Promise<OwnedOrder> {
  const orderId = toDbId(orderIdRaw);
  const read = orderId === undefined ? undefined : await readLedger(db, orderId, caches.ledgers);
  if (!read || read.order.borrowerId !== borrowerId) throw notFound('orderNotFound');
  const o = read.order;
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    productName: o.productName,
    productLogo: o.productLogo,
    timeZone: o.timeZone,
    market: o.market,
    taxPpm: o.tax.ratePpm,
    taxBase: o.tax.base,
  };
}

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

async function availableExtension(db: Db, order: OwnedOrder, caches: ReadCaches): Promise<ExtensionQuoteResult & { toDueDate: string }> {
  const quote = await quoteExtension(db, order.id, undefined, caches.ledgers);
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

/** One group per voucher channel of the loan's market, each with its open reference for the amount (newest), if any. */
function channelGroups(lang: Language, market: MarketCode, refs: PaymentReference[]) {
  return voucherChannelsOf(market).map((channel) => ({
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
  caches: ReadCaches = {},
): Promise<RepaymentData> {
  const order = await ownedOrder(db, borrowerId, orderIdRaw, caches);
  assertPayable(order);
  const { position } = await getLoanPosition(db, order.id, todayIn(order.timeZone, now), caches.ledgers);
  const quote = repaymentQuote(position);
  const money = moneyIn(order.market);
  const refs = quote.payable > 0 ? await findOpenReferences(db, order.id, 'repayment', quote.payable, now, caches.openReferences) : [];
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
        ? [...channelGroups(lang, order.market, refs), ...(offersCard(order.market) ? [cardGroup(lang)] : [])].map((g) => ({
            reviewer: g.title,
            list: g.list,
          }))
        : [],
    noticeMsg,
    market: order.market,
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
  caches: ReadCaches = {},
): Promise<ExtensionData> {
  const order = await ownedOrder(db, borrowerId, orderIdRaw, caches);
  assertPayable(order);
  const quote = await availableExtension(db, order, caches);
  const { position } = await getLoanPosition(db, order.id, quote.asOf, caches.ledgers);
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
        remark: isMoved ? translate(lang, 'delayPlanRemark', { date: x.dueDate }) : '',
        time: isMoved ? addDays(x.dueDate, quote.shiftDays) : x.dueDate,
      };
    })
    .filter((r) => r.amount > 0);

  const refs = await findOpenReferences(db, order.id, 'extension', quote.amount, now, caches.openReferences);
  return {
    productLogo: order.productLogo,
    productName: order.productName,
    delayInfo: {
      reviewer: translate(lang, 'delayReviewer', { days: quote.shiftDays, date: quote.toDueDate }),
      delayAmount: quote.amount,
      delayTime: quote.toDueDate,
    },
    repayPlan,
    repayList: channelGroups(lang, order.market, refs),
    // The extension fee carries the loan's tax only where the tax's base has it (Mexico's IVA; not India's GST).
    noticeMsg: order.taxBase.includes('extension_fee')
      ? translate(lang, 'delayNoticeTaxed', { tax: taxName(lang, order.market) })
      : translate(lang, 'delayNotice'),
    note: translate(lang, 'delayNote', { amount: money(quote.amount) }),
    market: order.market,
  };
}

// ---------------------------------------------------------------------------
// generate-vcode
// ---------------------------------------------------------------------------

export type VoucherInput = { orderId: string; amount: number; payCode: string; requestType: number };

/** The customer service contacts of a market (configuration: SUPPORT_*, SUPPORT_IN_*). */
export type SupportDirectory = (market: MarketCode) => SupportContacts;

type PaymentDetail = VoucherData['paymentDetails'][number];
type HowToPay = { title: string; content: string[] };

/**
 * What the borrower enters to pay one reference (the voucher's paymentDetails, each with a copy button
 * unless it is a name) and the steps of its channel. The account to pay to comes first, then the reference
 * to type (the concept, note or remarks); the beneficiary is the loan's market's legal entity.
 */
function paymentInstructions(
  lang: Language,
  ref: PaymentReference,
  payee: string,
  amount: string,
  purposeText: string,
  stores: readonly string[],
): { details: PaymentDetail[]; howTo: HowToPay } {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const detail = (label: MessageKey, value: string, copy: 0 | 1 = 1): PaymentDetail => ({ label: t(label), value, copy });
  const purpose = detail('payToPurpose', purposeText, 0);
  const channel = ref.channel;
  switch (channel) {
    case 'store':
      return {
        details: [detail('payToStoreReference', ref.reference), purpose],
        howTo: {
          title: t('voucherHowStoreTitle'),
          content: [t('voucherHowStore1', { stores: stores.join(', ') }), t('voucherHowStore2'), t('voucherHowStore3', { reference: ref.reference }), t('voucherHowStore4', { amount })],
        },
      };
    case 'spei': {
      const clabe = ref.clabe ?? ref.voucherCode;
      return {
        details: [detail('payToClabe', clabe), detail('payToSpeiConcept', ref.reference), detail('payToBank', 'STP', 0), detail('payToBeneficiary', payee, 0), purpose],
        howTo: {
          title: t('voucherHowSpeiTitle'),
          content: [
            t('voucherHowSpei1'),
            endSentence(t('voucherHowSpei2', { clabe, company: payee })),
            t('voucherHowSpei3', { reference: ref.reference }),
            t('voucherHowSpei4', { amount }),
          ],
        },
      };
    }
    case 'upi': {
      const vpa = ref.vpa ?? ref.voucherCode;
      return {
        details: [detail('payToVpa', vpa), detail('payToUpiNote', ref.reference), detail('payToBeneficiary', payee, 0), purpose],
        howTo: {
          title: t('voucherHowUpiTitle'),
          content: [
            t('voucherHowUpi1'),
            endSentence(t('voucherHowUpi2', { vpa, company: payee })),
            t('voucherHowUpi3', { reference: ref.reference }),
            t('voucherHowUpi4', { amount }),
          ],
        },
      };
    }
    case 'bank_transfer': {
      const account = ref.accountNumber ?? ref.voucherCode;
      const ifsc = ref.ifsc ?? '';
      return {
        details: [
          detail('payToAccountNumber', account),
          detail('payToIfsc', ifsc),
          detail('payToBeneficiary', payee, 0),
          detail('payToBankRemark', ref.reference),
          purpose,
        ],
        howTo: {
          title: t('voucherHowBankTitle'),
          content: [
            t('voucherHowBank1', { account, ifsc }),
            endSentence(t('voucherHowBank2', { company: payee })),
            t('voucherHowBank3', { reference: ref.reference }),
            t('voucherHowBank4', { amount }),
          ],
        },
      };
    }
  }
}

const voucherTexts: Record<PaymentChannel, { des: MessageKey; images: MessageKey }> = {
  store: { des: 'voucherStoreDes', images: 'voucherStoresTitle' },
  spei: { des: 'voucherSpeiDes', images: 'voucherBanksTitle' },
  upi: { des: 'voucherUpiDes', images: 'voucherUpiAppsTitle' },
  bank_transfer: { des: 'voucherBankTransferDes', images: 'voucherIndianBanksTitle' },
};

/**
 * The voucher (§3) of a payment reference for the order: requestType 1 a
 * repayment of exactly what the repayment page quotes now, 2 an extension at
 * exactly its price now. The channel must be one the loan's market offers
 * (400 otherwise). Reuses the open reference for the same order, purpose,
 * channel and amount; a new one is valid through the last day the amount
 * stays the same (at most REFERENCE_MAX_DAYS, end of day in the product's
 * time zone). Amounts, the payee (the market's legal entity) and the
 * contact e-mail are the loan's market's, whatever the language.
 */
export async function generateVoucher(
  db: Db,
  provider: PaymentProvider,
  support: SupportDirectory,
  borrowerId: number,
  input: VoucherInput,
  lang: Language,
  now = new Date(),
  caches: ReadCaches = {},
): Promise<VoucherData> {
  const channel = paymentChannels.find((c) => c === input.payCode);
  if (!channel || !provider.channels.includes(channel)) {
    throw badRequest('payCodeUnknown', { payCode: input.payCode.slice(0, 40) });
  }
  const order = await ownedOrder(db, borrowerId, input.orderId, caches);
  const offered = voucherChannelsOf(order.market);
  if (!offered.includes(channel)) throw badRequest('payCodeNotInMarket', { payCode: channel, channels: offered.join(', ') });
  assertPayable(order);

  const { purpose, validThrough } =
    input.requestType === 1
      ? await repaymentVoucherTerms(db, order, input.amount, now, caches)
      : await extensionVoucherTerms(db, order, input.amount, caches);
  const { reference } = await createOrReuseReference(
    db,
    provider,
    { orderId: order.id, borrowerId, purpose, channel, amount: input.amount, expiresAt: endOfDayIn(validThrough, order.timeZone), now },
    caches.openReferences,
  );
  return builtVoucher(lang, order, reference, purpose, support(order.market), provider.stores);
}

/**
 * Vouchers built, by reference object: the open references' cache keeps one object per reference until the
 * order's references change, so a borrower reopening a voucher (most calls) gets the same answer, frozen with its
 * JSON (finalAnswer), instead of building, checking and stringifying it again (decision 019). Everything the
 * voucher shows is the reference's, the order's or the market's contacts; the key holds the parts not fixed by the
 * reference.
 */
const builtVouchers = new WeakMap<PaymentReference, Map<string, VoucherData>>();

function builtVoucher(
  lang: Language,
  order: OwnedOrder,
  ref: PaymentReference,
  purpose: PaymentPurpose,
  contacts: SupportContacts,
  stores: readonly string[],
): VoucherData {
  const key = `${lang}|${purpose}|${order.orderNo}|${order.productLogo}|${order.timeZone}|${contacts.email}|${stores.join(',')}`;
  let byKey = builtVouchers.get(ref);
  const kept = byKey?.get(key);
  if (kept) return kept;
  const voucher = finalAnswer(voucherOf(lang, order, ref, purpose, contacts, stores));
  if (!byKey) builtVouchers.set(ref, (byKey = new Map<string, VoucherData>()));
  byKey.set(key, voucher);
  return voucher;
}

/** What a reference is made for and the last day its amount stays the same (its validity, at most). */
type VoucherTerms = { purpose: PaymentPurpose; validThrough: CalendarDate };

/** requestType 1: exactly what the repayment page quotes now (409 paymentNotOpenYet before payments open, 422 otherwise). */
async function repaymentVoucherTerms(db: Db, order: OwnedOrder, amount: Minor, now: Date, caches: ReadCaches): Promise<VoucherTerms> {
  const today = todayIn(order.timeZone, now);
  const { position } = await getLoanPosition(db, order.id, today, caches.ledgers);
  const quote = repaymentQuote(position);
  if (quote.payable <= 0) {
    throw new AppError(409, errorCodes.invalidTransition, 'paymentNotOpenYet', { date: quote.payableFrom ?? today, days: PREPAYMENT_MIN_DAYS });
  }
  if (amount !== quote.payable) {
    const money = moneyIn(order.market);
    throw new AppError(422, errorCodes.outsideProductRules, 'paymentAmountMismatch', { amount: money(amount), due: money(quote.payable) });
  }
  return { purpose: 'repayment', validThrough: quote.stableThrough };
}

/** requestType 2: exactly the extension's price now (409 with the reason when none is available, 422 otherwise). */
async function extensionVoucherTerms(db: Db, order: OwnedOrder, amount: Minor, caches: ReadCaches): Promise<VoucherTerms> {
  const quote = await availableExtension(db, order, caches);
  if (amount !== quote.amount) {
    const money = moneyIn(order.market);
    throw new AppError(422, errorCodes.outsideProductRules, 'extensionAmountMismatch', { amount: money(amount), due: money(quote.amount) });
  }
  const { position } = await getLoanPosition(db, order.id, quote.asOf, caches.ledgers);
  return { purpose: 'extension', validThrough: extensionStableThrough(position) };
}

/**
 * The voucher page of a reference: amount, what to enter and where, its validity, the channel's logos and the market's contacts;
 * a store voucher's barcode and its stores, a UPI voucher's payment link and its QR code (issue 32).
 */
function voucherOf(
  lang: Language,
  order: OwnedOrder,
  ref: PaymentReference,
  purpose: PaymentPurpose,
  contacts: SupportContacts,
  stores: readonly string[],
): VoucherData {
  const channel = ref.channel;
  const payee = marketOf(order.market).legalEntity.name;
  const amount = moneyIn(order.market)(ref.amount);
  const validUntil = formatDate(ref.expiresAt, { withTime: true, timeZone: order.timeZone });
  const purposeText = translate(lang, purpose === 'repayment' ? 'voucherConceptRepayment' : 'voucherConceptExtension', { orderNo: order.orderNo });
  const { details, howTo } = paymentInstructions(lang, ref, payee, amount, purposeText, stores);
  const codeImage = channel === 'store' ? barcodeUrl(ref) : channel === 'upi' ? qrCodeUrl(ref) : '';

  return {
    topLogo: order.productLogo,
    repayDetail: {
      amount: ref.amount,
      repayTitle: translate(lang, channelTexts[channel].title),
      repayDes: translate(lang, voucherTexts[channel].des, { amount }),
      repayCode: codeImage,
      vCode: ref.voucherCode,
      companyName: payee,
    },
    dataList: [
      howTo,
      {
        title: translate(lang, 'voucherValidityTitle'),
        content: [translate(lang, 'voucherValidUntil', { datetime: validUntil }), translate(lang, 'voucherValidityAfter')],
      },
    ],
    imgList: {
      title: translate(lang, voucherTexts[channel].images),
      eMail: contacts.email,
      content: [channelLogos[channel]],
    },
    bottomLogo: channelLogos[channel],
    market: order.market,
    paymentDetails: details,
    payLink: channel === 'upi' ? referenceUpiUri(ref) : '',
    stores: channel === 'store' ? [...stores] : [],
  };
}
