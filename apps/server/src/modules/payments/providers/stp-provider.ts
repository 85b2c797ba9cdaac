import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../payment-provider';

// PLACEHOLDER (issue 36): h2 writes the STP adapter; the merge takes h2's file.
export type StpOptions = {
  apiUrl: string;
  empresa: string;
  /** PEM, for firma. */
  privateKey: string;
  privateKeyPassphrase?: string;
  /** 10 digits: 646 + 180 + the lender's 4. */
  clabePrefix: string;
  allowedAddresses: readonly string[];
  nextSeq: () => number | Promise<number>;
  timeoutMs: number;
  log?: FastifyBaseLogger;
};

export function createStpProvider(opts: StpOptions): PaymentProvider {
  void opts;
  throw new Error('not built yet');
}
