import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { ProviderUnavailable } from '../payment-provider';
import type { PayoutProvider } from './payout-provider';

/** FRAME PLACEHOLDER (issue 37): the Razorpayx payout adapter replaces this file. */
export function createRazorpayxPayouts(_options: { config: Config; log?: FastifyBaseLogger }): PayoutProvider {
  const notYet = () => Promise.reject(new ProviderUnavailable('razorpayx', 'not built yet'));
  return { id: 'razorpayx', market: 'IN', verification: '', createPayout: notYet, getPayout: notYet, handleWebhook: notYet, validateAccount: notYet, getValidation: notYet };
}
