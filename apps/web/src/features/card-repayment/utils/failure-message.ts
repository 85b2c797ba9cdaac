import type { Normalised } from '@presta/contract/envelope';
import { legacyPaymentCodes } from '@presta/contract/legacy-payment-rules';
import { clientErrorCodes } from '@/shared/http/api-request';
import { getMessage } from '@/shared/i18n/use-messages';
import { cardRepaymentMessages, type CardRepaymentMessageKey } from '../messages';

/**
 * The message of a failed legacy payment call (§8): the network message when
 * no answer came, else the server's message, else the default of the call
 * ('processing failed', or 'card list query failed' for the card list). ''
 * for a cancelled request (nothing to show).
 */
export function failureMessage(result: Normalised<unknown>, fallback: CardRepaymentMessageKey = 'processingFailed'): string {
  if (result.code === clientErrorCodes.aborted) return '';
  if (result.code === clientErrorCodes.network || result.code === clientErrorCodes.timeout) {
    return getMessage(cardRepaymentMessages, 'networkError');
  }
  return result.message.trim() || getMessage(cardRepaymentMessages, fallback);
}

/** The message of a refused commit: '800005' (repeat request) shows the server's message. */
export function commitFailureMessage(result: Normalised<unknown>): string {
  if (result.success) return getMessage(cardRepaymentMessages, 'processingFailed');
  if (result.code === legacyPaymentCodes.repeatPaymentRequest) {
    return result.message.trim() || getMessage(cardRepaymentMessages, 'repeatPayment');
  }
  return failureMessage(result);
}
