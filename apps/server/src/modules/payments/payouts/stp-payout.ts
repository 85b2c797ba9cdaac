import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { ProviderUnavailable } from '../payment-provider';
import type { PayoutProvider } from './payout-provider';

/** FRAME PLACEHOLDER (issue 37): the Stp payout adapter replaces this file. */
export function createStpPayouts(_options: { config: Config; log?: FastifyBaseLogger }): PayoutProvider {
  const notYet = () => Promise.reject(new ProviderUnavailable('stp', 'not built yet'));
  return { id: 'stp', market: 'MX', verification: '', createPayout: notYet, getPayout: notYet, handleWebhook: notYet, validateAccount: notYet, getValidation: notYet };
}
