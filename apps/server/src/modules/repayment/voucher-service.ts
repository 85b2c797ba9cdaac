import type { z } from 'zod';
import type { voucherDataSchema } from '@presta/contract/api/repayment';
import { errorCodes } from '@presta/contract/error-codes';
import { formatDate, todayIn, type CalendarDate } from '@presta/contract/dates';
import { marketOf, type MarketCode, type SupportContacts } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { AppError, badRequest } from '../../lib/app-error';
import { finalAnswer } from '../../lib/reply';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn } from '../../i18n/market-texts';
import { loanPosition } from '../ledger/ledger-position';
import { PREPAYMENT_MIN_DAYS } from '../ledger/ledger-math/rules';
import { ownedOrder, payerOf, type OwnedOrder } from '../orders/order-reads';
import { paymentChannels, ProviderUnavailable, type PaymentChannel, type PaymentProvider, type PaymentPurpose } from '../payments/payment-provider';
import type { PaymentProviders } from '../payments/payment-providers';
import { barcodeUrl, qrCodeUrl, type PaymentReference, type ReferenceRequest } from '../payments/payment-references';
import { endOfDayIn, extensionStableThrough, repaymentQuote } from '../payments/repayment-quote';
import { referenceUpiUri } from '../payments/upi-link';
import { paymentInstructions } from './payment-instructions';
import { assertPayable, availableExtension, channelLogos, channelTexts, voucherChannelsOf } from './repayment-service';

type VoucherData = z.input<typeof voucherDataSchema>;

export type VoucherInput = { orderId: string; amount: number; payCode: string; requestType: number };

/** The customer service contacts of a market (configuration: SUPPORT_*, SUPPORT_IN_*). */
export type SupportDirectory = (market: MarketCode) => SupportContacts;

/** A voucher's call: the borrower's, with the payment providers that make references and the markets' contacts. */
export type VoucherContext = BorrowerContext & { payments: PaymentProviders; support: SupportDirectory };

/** What a voucher page is shown with: the borrower's language, the market's contacts and the provider's stores. */
type VoucherSetting = { lang: BorrowerContext['lang']; contacts: SupportContacts; stores: readonly string[] };

/** Per channel: what the voucher's head says (`ownAccountDes` when the borrower types no reference: the loan's own account), its logos' title. */
const voucherTexts: Record<PaymentChannel, { des: MessageKey; ownAccountDes: MessageKey; images: MessageKey }> = {
  store: { des: 'voucherStoreDes', ownAccountDes: 'voucherStoreDes', images: 'voucherStoresTitle' },
  spei: { des: 'voucherSpeiDes', ownAccountDes: 'voucherSpeiOwnAccountDes', images: 'voucherBanksTitle' },
  upi: { des: 'voucherUpiDes', ownAccountDes: 'voucherUpiDes', images: 'voucherUpiAppsTitle' },
  bank_transfer: { des: 'voucherBankTransferDes', ownAccountDes: 'voucherBankTransferOwnAccountDes', images: 'voucherIndianBanksTitle' },
};

/**
 * The voucher (§3) of a payment reference for the order: requestType 1 a
 * repayment of exactly what the repayment page quotes now, 2 an extension at
 * exactly its price now. The channel must be one the loan's market offers and
 * a provider serves (400 otherwise). Reuses the open reference for the same
 * order, purpose, channel and amount; a new one, made by the channel's
 * provider, is valid through the last day the amount stays the same (at most
 * REFERENCE_MAX_DAYS, end of day in the product's time zone). A provider that
 * cannot make it now: 422 channelUnavailable (makeReference). Amounts, the
 * payee (the market's legal entity) and the contact e-mail are the loan's
 * market's, whatever the language.
 */
export async function generateVoucher(ctx: VoucherContext, input: VoucherInput): Promise<VoucherData> {
  const channel = paymentChannels.find((c) => c === input.payCode);
  if (!channel) throw badRequest('payCodeUnknown', { payCode: input.payCode.slice(0, 40) });
  const order = await ownedOrder(ctx, input.orderId);
  const offered = voucherChannelsOf(order.market, ctx.payments);
  const provider = ctx.payments.forChannel(order.market, channel);
  if (!provider || !offered.includes(channel)) throw badRequest('payCodeNotInMarket', { payCode: channel, channels: offered.join(', ') });
  assertPayable(order);

  const { purpose, validThrough } =
    input.requestType === 1 ? await repaymentVoucherTerms(ctx, order, input.amount) : await extensionVoucherTerms(ctx, order, input.amount);
  const reference = await makeReference(ctx, provider, order, {
    orderId: order.id,
    borrowerId: ctx.borrowerId,
    purpose,
    channel,
    amount: input.amount,
    expiresAt: endOfDayIn(validThrough, order.timeZone),
    orderNo: order.orderNo,
    currency: marketOf(order.market).currency.code,
    // Read only if the provider makes a new reference; sent to it alone, never logged.
    payer: () => payerOf(ctx.db, ctx.borrowerId),
    now: ctx.now,
  });
  const setting = { lang: ctx.lang, contacts: ctx.support(order.market), stores: provider.stores };
  // A borrower reopening a voucher (most calls) gets the answer built for the same reference, frozen with its
  // JSON (finalAnswer), instead of building, checking and stringifying it again (decision 019). Everything the
  // voucher shows is the reference's, the order's or the market's contacts; the key holds the parts not fixed by
  // the reference.
  const key = `${ctx.lang}|${purpose}|${order.orderNo}|${order.productLogo}|${order.timeZone}|${setting.contacts.email}|${setting.stores.join(',')}`;
  return ctx.repos.paymentReferences.answerFor(reference, key, () => finalAnswer(voucherOf(setting, order, reference, purpose)));
}

/**
 * The open reference, or a new one from the provider. A provider that cannot make one now (ProviderUnavailable:
 * no answer in time, 5xx, its breaker open) is 422 channelUnavailable with Retry-After: the borrower waits a few
 * minutes or pays another way; never a 5xx, never a hang.
 */
async function makeReference(ctx: VoucherContext, provider: PaymentProvider, order: OwnedOrder, request: ReferenceRequest): Promise<PaymentReference> {
  try {
    return (await ctx.repos.paymentReferences.createOrReuse(provider, request)).reference;
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    const channel = translate(ctx.lang, channelTexts[request.channel].title);
    const retryAfter = Math.max(1, ctx.payments.unavailableFor(provider.id));
    throw new AppError(422, errorCodes.productUnavailable, 'channelUnavailable', { channel, orderNo: order.orderNo }, retryAfter);
  }
}

/** What a reference is made for and the last day its amount stays the same (its validity, at most). */
type VoucherTerms = { purpose: PaymentPurpose; validThrough: CalendarDate };

/** requestType 1: exactly what the repayment page quotes now (409 paymentNotOpenYet before payments open, 422 otherwise). */
async function repaymentVoucherTerms(ctx: VoucherContext, order: OwnedOrder, amount: Minor): Promise<VoucherTerms> {
  const today = todayIn(order.timeZone, ctx.now);
  const { position } = await loanPosition(ctx.repos.ledgers, order.id, today);
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
async function extensionVoucherTerms(ctx: VoucherContext, order: OwnedOrder, amount: Minor): Promise<VoucherTerms> {
  const quote = await availableExtension(ctx, order);
  if (amount !== quote.amount) {
    const money = moneyIn(order.market);
    throw new AppError(422, errorCodes.outsideProductRules, 'extensionAmountMismatch', { amount: money(amount), due: money(quote.amount) });
  }
  const { position } = await loanPosition(ctx.repos.ledgers, order.id, quote.asOf);
  return { purpose: 'extension', validThrough: extensionStableThrough(position) };
}

/**
 * The voucher page of a reference: amount, what to enter and where, its validity, the channel's logos and the market's contacts;
 * a store voucher's barcode and its stores, a UPI voucher's payment link and its QR code (issue 32).
 */
function voucherOf({ lang, contacts, stores }: VoucherSetting, order: OwnedOrder, ref: PaymentReference, purpose: PaymentPurpose): VoucherData {
  const channel = ref.channel;
  const payee = marketOf(order.market).legalEntity.name;
  const amount = moneyIn(order.market)(ref.amount);
  const validUntil = formatDate(ref.expiresAt, { withTime: true, timeZone: order.timeZone });
  const purposeText = translate(lang, purpose === 'repayment' ? 'voucherConceptRepayment' : 'voucherConceptExtension', { orderNo: order.orderNo });
  const { details, howTo } = paymentInstructions(lang, { ref, payee, amount, purposeText, stores });
  const codeImage = channel === 'store' ? barcodeUrl(ref) : channel === 'upi' ? qrCodeUrl(ref) : '';

  return {
    topLogo: order.productLogo,
    repayDetail: {
      amount: ref.amount,
      repayTitle: translate(lang, channelTexts[channel].title),
      repayDes: translate(lang, ref.payerTypesReference ? voucherTexts[channel].des : voucherTexts[channel].ownAccountDes, { amount }),
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
    payLink: channel === 'upi' ? (ref.payLink ?? referenceUpiUri(ref)) : '',
    stores: channel === 'store' ? [...stores] : [],
  };
}
