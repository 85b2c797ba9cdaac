import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketCode } from '@presta/contract/markets';
import { paymentProviderProblems, paymentProvidersInUse, type Config } from '../../config';
import type { Db } from '../../db/database';
import { paymentReferences } from '../../db/schema';
import { ProviderUnavailable, type CreateReferenceInput, type PaymentChannel, type PaymentProvider, type PaymentProviderId } from './payment-provider';
import { referenceSeqSource } from './payment-references';
import { createConektaProvider } from './providers/conekta-provider';
import { createRazorpayProvider } from './providers/razorpay-provider';
import { createStpProvider } from './providers/stp-provider';
import { createSandboxProvider } from './sandbox-provider';

/*
 * The server's payment providers (docs/payments.md "Providers"): which provider serves each market's channel
 * (PAYMENT_CHANNELS), and each provider by its id (its webhook route, the references it made). A channel with no
 * provider is not offered.
 */
export type PaymentProviders = {
  /** The provider serving a market's voucher channel, or undefined when none does (the channel is not offered). */
  forChannel(market: MarketCode, channel: PaymentChannel): PaymentProvider | undefined;
  /** A provider by its id ('sandbox', 'conekta', 'stp', 'razorpay'), when the server uses it. */
  byId(id: string): PaymentProvider | undefined;
  /** Every provider the server uses, each once. */
  readonly all: readonly PaymentProvider[];
  /**
   * Seconds until a provider that just failed to make a reference (ProviderUnavailable) is asked again; 0 when it
   * may be asked now. Meanwhile its createReference fails at once with ProviderUnavailable (the breaker).
   */
  unavailableFor(id: string): number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment providers in use (app.ts builds them from config.payments; tests may pass their own). */
    payments: PaymentProviders;
  }
}

/** How long a provider that failed to make a reference is not asked again in this process. */
export const PROVIDER_UNAVAILABLE_MS = 60_000;

export type PaymentProvidersOptions = { db: Db; config: Config; log?: FastifyBaseLogger; clock?: () => number };

/**
 * Builds each provider PAYMENT_CHANNELS names, once: the sandbox with PAYMENT_SANDBOX_SECRET, the others with their
 * settings (config.payments). Every provider numbers its references from the same database sequence. Throws when a
 * provider in use lacks a setting (production refuses to start before that: productionProblems).
 */
export function createPaymentProviders({ db, config, log, clock = Date.now }: PaymentProvidersOptions): PaymentProviders {
  const problems = paymentProviderProblems(config.payments);
  if (problems.length > 0) throw new Error(problems.join(' '));
  const nextSeq = referenceSeqSource(db);
  const built = paymentProvidersInUse(config.payments).map((id) => buildProvider(id, { db, config, log, nextSeq }));
  return providersOf(config.payments.channels, built, clock);
}

/**
 * A registry of providers already made (the tests'): `channels` says which serves what, by id; every provider of
 * `providers` is in use. Each provider's createReference goes through a breaker: after a ProviderUnavailable it
 * fails at once for PROVIDER_UNAVAILABLE_MS, so the next borrower's voucher does not wait for the same outage.
 */
export function providersOf(
  channels: Config['payments']['channels'],
  providers: readonly PaymentProvider[],
  clock: () => number = Date.now,
): PaymentProviders {
  const closedUntil = new Map<string, number>();
  const unavailableFor = (id: string) => Math.max(0, Math.ceil(((closedUntil.get(id) ?? 0) - clock()) / 1000));
  const guarded = providers.map((p) => withBreaker(p, { unavailableFor, trip: (id) => closedUntil.set(id, clock() + PROVIDER_UNAVAILABLE_MS) }));
  const byId = new Map(guarded.map((p) => [p.id as string, p]));
  return {
    forChannel: (market, channel) => {
      const id = channels[market]?.[channel];
      const provider = id === undefined ? undefined : byId.get(id);
      return provider?.channels.includes(channel) ? provider : undefined;
    },
    byId: (id) => byId.get(id),
    all: guarded,
    unavailableFor,
  };
}

type Breaker = { unavailableFor: (id: string) => number; trip: (id: string) => void };

/** The provider with its createReference behind the breaker (everything else as it is: the provider is its prototype). */
function withBreaker(provider: PaymentProvider, breaker: Breaker): PaymentProvider {
  const guarded = Object.create(provider) as PaymentProvider;
  const createReference = async (input: CreateReferenceInput) => {
    const wait = breaker.unavailableFor(provider.id);
    if (wait > 0) throw new ProviderUnavailable(provider.id, `${provider.id} failed a moment ago: not asked again for ${wait} s`);
    try {
      return await provider.createReference(input);
    } catch (error) {
      if (error instanceof ProviderUnavailable) breaker.trip(provider.id);
      throw error;
    }
  };
  Object.defineProperty(guarded, 'createReference', { value: createReference, enumerable: true });
  return guarded;
}

type BuildDeps = { db: Db; config: Config; log: FastifyBaseLogger | undefined; nextSeq: () => Promise<number> };

function buildProvider(id: PaymentProviderId, { db, config, log, nextSeq }: BuildDeps): PaymentProvider {
  const { payments } = config;
  const common = { nextSeq, timeoutMs: payments.timeoutMs, ...(log ? { log } : {}) };
  // paymentProviderProblems checked every setting below: the `!`s cannot fail.
  switch (id) {
    case 'sandbox':
      return createSandboxProvider({ secret: config.paymentSandboxSecret, nextSeq });
    case 'conekta': {
      const { apiUrl, privateKey, webhookPublicKey, stores } = payments.conekta;
      return createConektaProvider({ ...common, apiUrl, privateKey: privateKey!, webhookPublicKey: webhookPublicKey!, stores });
    }
    case 'stp': {
      const { apiUrl, queryUrl, empresa, privateKey, privateKeyPassphrase, clabePrefix, allowedAddresses } = payments.stp;
      return createStpProvider({
        ...common,
        apiUrl,
        ...(queryUrl ? { queryUrl } : {}),
        empresa: empresa!,
        privateKey: privateKey!,
        ...(privateKeyPassphrase ? { privateKeyPassphrase } : {}),
        clabePrefix: clabePrefix!,
        allowedAddresses,
      });
    }
    case 'razorpay': {
      const { apiUrl, keyId, keySecret, webhookSecret } = payments.razorpay;
      return createRazorpayProvider({ ...common, apiUrl, keyId: keyId!, keySecret: keySecret!, webhookSecret: webhookSecret!, loanAccountOf: (orderId) => razorpayLoanAccountOf(db, orderId) });
    }
  }
}

/**
 * The loan's Smart Collect account at Razorpay, if one was made before: the newest bank transfer reference of the
 * order that Razorpay made as the loan's own account. Its next references reuse it (the borrower keeps one account).
 */
export async function razorpayLoanAccountOf(
  db: Db,
  orderId: number,
): Promise<{ providerReference: string; accountNumber: string; ifsc: string; bankName: string } | undefined> {
  const [row] = await db
    .select({
      providerReference: paymentReferences.providerReference,
      accountNumber: paymentReferences.accountNumber,
      ifsc: paymentReferences.ifsc,
      bankName: paymentReferences.bankName,
    })
    .from(paymentReferences)
    .where(
      and(
        eq(paymentReferences.orderId, orderId),
        eq(paymentReferences.provider, 'razorpay'),
        eq(paymentReferences.loanAccount, true),
        eq(paymentReferences.channel, 'bank_transfer'),
      ),
    )
    .orderBy(desc(paymentReferences.id))
    .limit(1);
  if (!row?.accountNumber || !row.ifsc) return undefined;
  return { providerReference: row.providerReference, accountNumber: row.accountNumber, ifsc: row.ifsc, bankName: row.bankName ?? '' };
}
