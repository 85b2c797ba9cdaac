import type { DbOrTx } from '../../db/database';
import { applyPayment, type ApplyPaymentInput, type ApplyPaymentResult } from '../ledger/ledger-service';
import { expireOpenReferences } from './payment-references';

/*
 * Money taken for a loan, whatever brought it (a provider's notification, a card charge, an operator assigning
 * suspense, the demo tools): the one way a payment reaches the ledger (docs/payments.md "Recording a payment").
 */

/**
 * Records a payment in ONE transaction (a savepoint inside the caller's): the ledger applies it (applyPayment:
 * idempotent by provider and event id, the order row locked) and, when it was applied, every open payment
 * reference of the order is expired — each was priced before this payment, so none is offered again. A repeated
 * delivery (duplicate) changes nothing. Refusals: applyPayment's, with nothing written.
 */
export async function recordPayment(db: DbOrTx, input: ApplyPaymentInput): Promise<ApplyPaymentResult> {
  return db.transaction(async (tx) => {
    const result = await applyPayment(tx, input);
    if (result.applied) await expireOpenReferences(tx, result.orderId);
    return result;
  });
}
