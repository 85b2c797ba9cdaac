import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import type { Language } from '@presta/contract/language';
import { endSentence, formatMarketMoney, marketOf, type MarketCode } from '@presta/contract/markets';
import type { Db } from '../../db/database';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { cardCheckouts, orders, products } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn } from '../../i18n/market-texts';
import { PREPAYMENT_MIN_DAYS } from '../ledger/ledger-math/rules';
import type { CardProcessor } from '../payments/card-processor';
import { chargeCardAndApply, priceCardPayment, type CardPaymentOutcome } from '../payments/card-payment';
import { ownedOrder } from '../orders/order-reads';
import { assertPayable } from '../repayment/repayment-service';
import { assertCardOffered } from './card-repayment-service';

/*
 * repayment-huichao: the card processor's hosted payment page, where the
 * borrower pays with a card that is not on file. The page address carries a
 * random single-use token (stored hashed); the card number goes to the
 * processor (tokenise) and never into our tables. One checkout charges once.
 */

export const CHECKOUT_PATH_PREFIX = '/api/payments/card-checkout';
export const CHECKOUT_TTL_MS = 30 * 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a checkout for `amount` (positive, at most what is payable now) and answers its address. */
export async function createCheckout(ctx: BorrowerContext, input: { orderId: string; amount: number }, baseUrl: string): Promise<{ url: string }> {
  const { db, borrowerId, lang, now } = ctx;
  const order = await ownedOrder(ctx, input.orderId);
  assertPayable(order);
  assertCardOffered(order);
  const { quote } = await priceCardPayment(db, order, 0, now);
  const money = moneyIn(order.market);
  if (quote.payable <= 0) {
    throw new AppError(409, errorCodes.invalidTransition, 'paymentNotOpenYet', { date: quote.payableFrom ?? '', days: PREPAYMENT_MIN_DAYS });
  }
  if (input.amount > quote.payable) {
    throw new AppError(422, errorCodes.outsideProductRules, 'cardAmountTooHigh', { amount: money(input.amount), due: money(quote.payable) });
  }
  const token = randomBytes(16).toString('hex');
  await db.insert(cardCheckouts).values({
    tokenHash: sha256(token),
    orderId: order.id,
    borrowerId,
    amount: input.amount,
    instalmentSeq: quote.instalments[0]?.seq ?? 0,
    language: lang,
    expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
  });
  return { url: `${baseUrl}${CHECKOUT_PATH_PREFIX}/${token}` };
}

/** A checkout with its order's number and market (the currency of its amount, the lender it pays). */
type Checkout = typeof cardCheckouts.$inferSelect & { orderNo: string; market: MarketCode };

async function findCheckout(db: Db, token: string): Promise<Checkout | undefined> {
  if (!/^[0-9a-f]{32}$/.test(token)) return undefined;
  const [row] = await db
    .select({ checkout: cardCheckouts, orderNo: orders.orderNo, market: products.market })
    .from(cardCheckouts)
    .innerJoin(orders, eq(orders.id, cardCheckouts.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(cardCheckouts.tokenHash, sha256(token)))
    .limit(1);
  return row ? { ...row.checkout, orderNo: row.orderNo, market: row.market } : undefined;
}

export type CheckoutPage = { status: number; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(lang: Language, title: string, body: string): string {
  const t = (k: MessageKey) => escapeHtml(translate(lang, k));
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${t('checkoutProcessor')}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1f2e;background:#f5f5f7}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 4px}
.amount{font-size:28px;font-weight:700;margin:8px 0 16px}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
label{display:block;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;font-size:16px;padding:10px 12px;border:1px solid #8a8a99;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;font-size:17px;font-weight:600;padding:12px;border:0;border-radius:24px;background:#c4005a;color:#fff}
.error{color:#b00020;font-weight:600}.note{color:#55556a;font-size:14px}
</style></head>
<body><main><p class="note">${t('checkoutProcessor')}</p>${body}</main></body></html>`;
}

function formPage(c: Checkout, token: string, error?: string, kept: { expiry?: string; holder?: string } = {}): string {
  const lang = c.language;
  const t = (k: MessageKey) => escapeHtml(translate(lang, k));
  const money = formatMarketMoney(c.amount, c.market);
  return page(
    lang,
    translate(lang, 'checkoutTitle'),
    `<h1>${t('checkoutTitle')}</h1>
<p class="note">${escapeHtml(translate(lang, 'checkoutOrder', { orderNo: c.orderNo }))}</p>
<p class="note">${escapeHtml(endSentence(translate(lang, 'checkoutPayee', { company: marketOf(c.market).legalEntity.name })))}</p>
<p class="note" id="amount-label">${t('checkoutAmountLabel')}</p>
<p class="amount" aria-labelledby="amount-label">${escapeHtml(money)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form class="card" method="post" action="${CHECKOUT_PATH_PREFIX}/${token}">
<label for="cardNumber">${t('checkoutCardNumber')}</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
<div class="row"><div><label for="expiry">${t('checkoutExpiry')}</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="${lang === 'en' ? 'MM/YY' : 'MM/AA'}" maxlength="5" value="${escapeHtml(kept.expiry ?? '')}" required></div>
<div><label for="cvc">${t('checkoutCvc')}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div></div>
<label for="holder">${t('checkoutHolder')}</label>
<input id="holder" name="holder" autocomplete="cc-name" maxlength="80" value="${escapeHtml(kept.holder ?? '')}" required>
<button type="submit">${escapeHtml(translate(lang, 'checkoutPay', { amount: money }))}</button>
</form>
<p class="note">${t('checkoutSandboxNote')}</p>`,
  );
}

function resultPage(lang: Language, key: MessageKey, vars: Record<string, string> = {}): string {
  const text = escapeHtml(translate(lang, key, vars));
  return page(lang, translate(lang, key, vars), `<div class="card" role="status"><h1>${text}</h1><p>${escapeHtml(translate(lang, 'checkoutBackToApp'))}</p></div>`);
}

const notFoundPage = (lang: Language): CheckoutPage => ({ status: 404, html: resultPage(lang, 'checkoutNotFound') });

/** GET: the card form, or the outcome when the checkout is already closed. */
export async function renderCheckout(db: Db, token: string, now = new Date()): Promise<CheckoutPage> {
  const c = await findCheckout(db, token);
  if (!c) return notFoundPage('es');
  if (c.status === 'paid') return { status: 200, html: resultPage(c.language, 'checkoutPaid', { amount: formatMarketMoney(c.amount, c.market) }) };
  if (c.status !== 'open' || c.expiresAt.getTime() < now.getTime()) return { status: 410, html: resultPage(c.language, 'checkoutExpired') };
  return { status: 200, html: formPage(c, token) };
}

function validExpiry(expiry: string, now: Date): boolean {
  const m = /^(\d{2})\/?(\d{2})$/.exec(expiry.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  // Valid through the last day of its month.
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** The page of a checkout that closes uncharged: the loan owes nothing now, the instalment was paid, the amount changed. */
const closedPages: Record<Exclude<CardPaymentOutcome['kind'], 'charged' | 'declined'>, MessageKey> = {
  notRepayable: 'checkoutNothingOwed',
  paidOff: 'checkoutAlreadyPaid',
  aboveDue: 'checkoutAmountChanged',
};

/**
 * POST: checks the form, tokenises the card at the processor, charges it once
 * (idempotency key: the checkout and the card) and posts the payment to the ledger (payments'
 * chargeCardAndApply), all under a lock of the checkout row. A second POST answers the outcome of the first.
 */
export async function payCheckout(
  db: Db,
  processor: CardProcessor,
  token: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<CheckoutPage> {
  const found = await findCheckout(db, token);
  if (!found) return notFoundPage('es');
  const lang = found.language;
  const field = (k: string) => (typeof form[k] === 'string' ? form[k] : '').slice(0, 100);
  const cardNumber = field('cardNumber').replace(/[\s-]/g, '');
  const errorKey: MessageKey | undefined = !/^\d{12,19}$/.test(cardNumber)
    ? 'checkoutCardInvalid'
    : !validExpiry(field('expiry'), now)
      ? 'checkoutExpiryInvalid'
      : !/^\d{3,4}$/.test(field('cvc').trim())
        ? 'checkoutCvcInvalid'
        : field('holder').trim() === ''
          ? 'checkoutHolderMissing'
          : undefined;
  const tokenised = errorKey ? undefined : processor.tokenise(cardNumber);
  // What the borrower typed that is not card data is kept when the form comes back.
  const kept = { expiry: field('expiry').slice(0, 5), holder: field('holder').slice(0, 80) };
  if (errorKey || !tokenised || 'error' in tokenised) {
    return { status: 400, html: formPage(found, token, translate(lang, errorKey ?? 'checkoutCardInvalid'), kept) };
  }

  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(cardCheckouts).where(eq(cardCheckouts.id, found.id)).for('update');
    if (!c) return notFoundPage(lang);
    const money = formatMarketMoney(c.amount, found.market);
    if (c.status === 'paid') return { status: 200, html: resultPage(lang, 'checkoutPaid', { amount: money }) };
    if (c.status !== 'open' || c.expiresAt.getTime() < now.getTime()) return { status: 410, html: resultPage(lang, 'checkoutExpired') };
    // The same checks as a card on file (docs/card-repayment.md): the loan is still repayable, the instalment
    // this page was made for is still unpaid, and its amount is still due.
    const outcome = await chargeCardAndApply(tx, processor, {
      orderId: c.orderId,
      instalmentSeq: c.instalmentSeq,
      amount: c.amount,
      cardToken: tokenised.token,
      idempotencyKey: `card-checkout-${c.id}:${sha256(cardNumber).slice(0, 16)}`,
      now,
    });
    if (outcome.kind === 'declined') return { status: 402, html: formPage({ ...found, ...c }, token, translate(lang, 'cardDeclined'), kept) };
    if (outcome.kind !== 'charged') {
      await tx.update(cardCheckouts).set({ status: 'failed' }).where(eq(cardCheckouts.id, c.id));
      return { status: 409, html: resultPage(lang, closedPages[outcome.kind]) };
    }
    await tx.update(cardCheckouts).set({ status: 'paid', chargeId: outcome.chargeId }).where(eq(cardCheckouts.id, c.id));
    return { status: 200, html: resultPage(lang, 'checkoutPaid', { amount: money }) };
  });
}
