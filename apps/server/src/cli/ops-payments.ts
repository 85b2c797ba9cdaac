import type { Db } from '../db/database';
import { AppError } from '../lib/app-error';
import { errorCodes } from '@presta/contract/error-codes';
import { ProviderUnavailable, type ReferenceStatus } from '../modules/payments/payment-provider';
import type { PaymentProviders } from '../modules/payments/payment-providers';
import { findNamedReference, referenceMoneyOf, type PaymentReference, type ReferenceMoney } from '../modules/payments/payment-references';

/** Where a command prints. */
type Out = { out: (line: string) => void };

/** The provider's view, or why there is none. */
type ProviderView = { status: ReferenceStatus } | { unavailable: string };

/**
 * payments status <reference or voucher code>: our record of a reference (its state, what the ledger took for it,
 * what is held in suspense for its provider reference) beside the provider's own view (fetchStatus), one row per
 * fact, and a line naming any difference in what was paid. The provider unavailable: said so, exit 1.
 */
export async function paymentsStatus(db: Db, payments: () => PaymentProviders, code: string, io: Out): Promise<void> {
  const ref = await findNamedReference(db, code);
  if (!ref) throw new AppError(404, errorCodes.notFound, 'opsReferenceUnknown', { code: code.slice(0, 80) });
  const provider = payments().byId(ref.provider);
  const [money, view] = await Promise.all([referenceMoneyOf(db, ref), providerView(provider, ref)]);
  io.out(`Payment reference ${ref.reference}: ${ref.provider}, ${ref.channel}, ${ref.purpose} of order id ${ref.orderId}; provider reference ${ref.providerReference}; voucher code ${ref.voucherCode}${ref.loanAccount ? ' (the loan\'s own account)' : ''}`);
  const table = rows(ref, money, view);
  const width = Math.max(...table.map(([, ours]) => ours.length)) + 3;
  for (const [label, ours, theirs] of table) io.out(`  ${label.padEnd(10)}${ours.padEnd(width)}${theirs}`.trimEnd());
  const paidHere = sum(money.payments) + sum(money.held);
  if ('unavailable' in view) {
    throw new AppError(503, errorCodes.serviceUnavailable, 'opsProviderUnavailable', { provider: ref.provider });
  }
  if (view.status.state !== 'unknown' && view.status.paidAmount !== paidHere) {
    io.out(`  DIFFERENCE: the provider says ${view.status.paidAmount} paid, our records ${paidHere} (applied and held): look at the notifications of ${ref.providerReference}.`);
  }
}

async function providerView(provider: ReturnType<PaymentProviders['byId']>, ref: PaymentReference): Promise<ProviderView> {
  if (!provider) return { unavailable: `${ref.provider} is not in use here (PAYMENT_CHANNELS)` };
  try {
    return { status: await provider.fetchStatus(ref.providerReference) };
  } catch (error) {
    if (error instanceof ProviderUnavailable) return { unavailable: error.message };
    throw error;
  }
}

const sum = (xs: readonly { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);

/** The side-by-side rows: label, ours, the provider's. */
function rows(ref: PaymentReference, money: ReferenceMoney, view: ProviderView): [string, string, string][] {
  const theirs = 'unavailable' in view ? undefined : view.status;
  const none = 'unavailable' in view ? `unavailable: ${view.unavailable}` : '';
  const ourEvents = [
    ...money.payments.map((p) => `${p.eventId} ${p.amount} applied ${p.receivedAt.toISOString()}`),
    ...money.held.map((h) => `${h.eventId} ${h.amount} held (${h.reason})`),
  ];
  const theirEvents = (theirs?.events ?? []).map((e) => `${e.dedupeKey} ${e.type} ${e.kind} ${e.amount} ${e.occurredAt.toISOString()}`);
  const table: [string, string, string][] = [
    ['', 'ours', `${ref.provider}`],
    ['state', `${ref.status} (until ${ref.expiresAt.toISOString()})`, theirs ? theirs.state : none],
    ['amount', String(ref.amount), ''],
    ['paid', `${sum(money.payments)} applied, ${sum(money.held)} held`, theirs ? String(theirs.paidAmount) : ''],
  ];
  for (let i = 0; i < Math.max(ourEvents.length, theirEvents.length, 1); i++) {
    table.push([i === 0 ? 'events' : '', ourEvents[i] ?? (i === 0 ? '-' : ''), theirEvents[i] ?? (i === 0 && theirs ? '-' : '')]);
  }
  return table;
}
