import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../payment-provider';

// PLACEHOLDER (issue 36): h3 writes the Razorpay adapter; the merge takes h3's file.
export type RazorpayOptions = {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  nextSeq: () => number | Promise<number>;
  timeoutMs: number;
  log?: FastifyBaseLogger;
  loanAccountOf: (orderId: number) => Promise<{ providerReference: string; accountNumber: string; ifsc: string; bankName: string } | undefined>;
};

export function createRazorpayProvider(opts: RazorpayOptions): PaymentProvider {
  void opts;
  throw new Error('not built yet');
}
