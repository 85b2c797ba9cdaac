import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../payment-provider';

// PLACEHOLDER (issue 36): h1 writes the Conekta adapter; the merge takes h1's file.
export type ConektaOptions = {
  apiUrl: string;
  privateKey: string;
  /** PEM of the account's webhook key. */
  webhookPublicKey: string;
  stores: readonly string[];
  nextSeq: () => number | Promise<number>;
  timeoutMs: number;
  log?: FastifyBaseLogger;
};

export function createConektaProvider(opts: ConektaOptions): PaymentProvider {
  void opts;
  throw new Error('not built yet');
}
