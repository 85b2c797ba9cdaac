import type { FastifyBaseLogger } from 'fastify';
import type { MarketCode } from '@presta/contract/markets';
import type { Config, PayoutProviderId } from '../../../config';
import type { PayoutProvider, PayoutProviders } from './payout-provider';
import { createRazorpayxPayouts } from './razorpayx-payout';
import { createStpPayouts } from './stp-payout';

/*
 * The server's payout providers (docs/disbursal.md "Providers"): the rail of each market (PAYOUT_PROVIDERS), each
 * built once with its settings. A market without one cannot disburse (the disbursal says so).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The payout providers in use (app.ts builds them from config.payouts; tests may pass their own). */
    payouts: PayoutProviders;
  }
}

export type PayoutProvidersOptions = { config: Config; log?: FastifyBaseLogger };

/** Builds the provider of each market PAYOUT_PROVIDERS names. Throws when one lacks a setting it cannot work without. */
export function createPayoutProviders({ config, log }: PayoutProvidersOptions): PayoutProviders {
  const built = new Map<PayoutProviderId, PayoutProvider>();
  for (const id of new Set(Object.values(config.payouts.providers))) {
    // Development without a rail's settings (a test app, PAYOUT_PROVIDER_MOCKS=0): that market does not disburse.
    // Production never gets here without them (payoutProblems).
    if (!payoutSettingsGiven(config, id)) {
      log?.info({ provider: id }, 'payout provider without its settings: not in use');
      continue;
    }
    built.set(id, id === 'stp' ? createStpPayouts({ config, log }) : createRazorpayxPayouts({ config, log }));
  }
  return payoutProvidersOf(config.payouts.providers, [...built.values()]);
}

/** Whether a rail's settings are there: STP's company, key and account; RazorpayX's keys, account and webhook secret. */
function payoutSettingsGiven(config: Config, id: PayoutProviderId): boolean {
  const { stp, razorpayx } = config.payouts;
  if (id === 'stp') return Boolean(config.payments.stp.empresa && config.payments.stp.privateKey && stp.account);
  return Boolean(razorpayx.keyId && razorpayx.keySecret && razorpayx.accountNumber && razorpayx.webhookSecret);
}

/** A registry of providers already made (the tests'): `providers` says which market each serves. */
export function payoutProvidersOf(byMarket: Partial<Record<MarketCode, PayoutProviderId>>, providers: readonly PayoutProvider[]): PayoutProviders {
  const byId = new Map(providers.map((p) => [p.id, p]));
  return {
    forMarket: (market) => {
      const id = byMarket[market];
      return id === undefined ? undefined : byId.get(id);
    },
    byId: (id) => byId.get(id),
    all: () => [...byId.values()],
  };
}
