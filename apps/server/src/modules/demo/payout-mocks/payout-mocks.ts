import fs from 'node:fs';
import path from 'node:path';
import type { PayoutProviderId, PayoutsConfig } from '../../../config';
import { pemFromEnv } from '../../../config';
import type { DeliveryBehaviour } from '../payment-mocks/mock-kit';
import type { PaymentMocks } from '../payment-mocks/payment-mocks';
import type { StpMock } from '../payment-mocks/stp-mock';
import type { PayoutMock } from './payout-mock';
import { startRazorpayxPayoutMock } from './razorpayx-payout-mock';
import { startStpPayoutMock } from './stp-payout-mock';

/*
 * The local mocks of the payout providers in use (docs/disbursal.md "Mocks"): development starts them with the
 * server unless PAYOUT_PROVIDER_MOCKS=0 (production refuses them), and their settings point the adapters at them.
 * Each settles an accepted payout by itself after PAYOUT_MOCK_SETTLE_MS; `demo payout` plays another answer.
 */

export type PayoutMocks = {
  /** Every mock's settings, merged: the server loads its configuration with them. */
  env: Record<string, string>;
  byProvider: Partial<Record<PayoutProviderId, PayoutMock>>;
  close(): Promise<void>;
};

export type PayoutMocksOptions = {
  publicBaseUrl: string;
  payouts: Pick<PayoutsConfig, 'providers' | 'mockSettleMs'>;
  /** The payment mocks already running: STP's deposit mock shares its key pair, company and address with the payout mock. */
  paymentMocks?: PaymentMocks;
  /** The holder's name the banks return for an account (default: the name the lender sent). */
  validationName?: (account: string) => string;
  /** How the mocks deliver their callbacks (default: the providers' way, retried and repeated). */
  delivery?: Partial<DeliveryBehaviour>;
};

/** Starts the mock of each market's payout provider; one that fails to start closes those already started. */
export async function startPayoutMocks(opts: PayoutMocksOptions): Promise<PayoutMocks> {
  const byProvider: PayoutMocks['byProvider'] = {};
  const close = async () => {
    await Promise.all(Object.values(byProvider).map((mock) => mock.close()));
  };
  const base = { publicBaseUrl: opts.publicBaseUrl.replace(/\/$/, ''), settleMs: opts.payouts.mockSettleMs, ...(opts.validationName ? { validationName: opts.validationName } : {}), ...(opts.delivery ? { delivery: opts.delivery } : {}) };
  try {
    for (const id of new Set(Object.values(opts.payouts.providers))) {
      byProvider[id] = id === 'stp' ? await startStpPayoutMock({ ...base, ...sharedStp(opts.paymentMocks) }) : await startRazorpayxPayoutMock(base);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const env = Object.assign({}, ...Object.values(byProvider).map((mock) => mock.env)) as Record<string, string>;
  return { env, byProvider, close };
}

/** STP's deposit mock's key pair, company and address, when it runs: one STP, one set of settings. */
function sharedStp(paymentMocks: PaymentMocks | undefined): { keys?: { privateKey: string; publicKey: string }; empresa?: string; fallbackUrl?: string } {
  const deposits = paymentMocks?.byProvider.stp as StpMock | undefined;
  const privateKey = pemFromEnv(deposits?.env.STP_PRIVATE_KEY);
  if (!deposits || !privateKey) return {};
  return { keys: { privateKey, publicKey: deposits.publicKey }, empresa: deposits.env.STP_EMPRESA ?? '', fallbackUrl: deposits.url };
}

/**
 * Where the running development server on `port` leaves its payout mocks' settings (under DATA_DIR), so the operator
 * command (`npm run ops -- disburse` in another process, with the same PORT) pays through the same mocks. Development
 * only: the file holds the mocks' own throwaway keys, and production never starts mocks.
 */
export const payoutMocksFile = (dataDir: string, port: number) => path.join(dataDir, `payout-mocks-${port}.json`);

export function writePayoutMocksFile(dataDir: string, port: number, env: Record<string, string>): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(payoutMocksFile(dataDir, port), JSON.stringify(env), { mode: 0o600 });
}

export function removePayoutMocksFile(dataDir: string, port: number): void {
  fs.rmSync(payoutMocksFile(dataDir, port), { force: true });
}

/** The payout mocks' settings of the server running on `port`, or {} (none running, or not development). */
export function readPayoutMocksFile(dataDir: string, port: number): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(payoutMocksFile(dataDir, port), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}
