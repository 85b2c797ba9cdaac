import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { accountLimitIncrease, limitIncreaseSchema } from '@presta/contract/api/account';
import { errorCodes } from '@presta/contract/error-codes';
import type { DbOrTx } from '../../db/database';
import { products } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit, systemActor } from '../audit/audit-log';
import { grantOffer } from '../pricing/loan-offers';
import { answerProposal, expireProposals, lockProposal, pendingProposals } from './credit-store';

/*
 * A returning borrower's limit increase, their side (issue 35, docs/account.md "Limit increases"): the proposals a
 * settlement's decision made (credit-redecision.ts), shown on home until they expire, and the borrower's answer.
 * Accepting is their recorded consent (when, from which session and address, on the proposal's row): only then is
 * product_offers' limit raised, through pricing's grantOffer, audited. Turning it down changes nothing else.
 */

export type LimitIncrease = z.input<typeof limitIncreaseSchema>;
export type LimitIncreaseAnswer = z.output<(typeof accountLimitIncrease)['request']>;

/** The borrower's proposals open to an answer at `now`, as home shows them (older pending ones marked expired). */
export async function limitIncreasesOf(db: DbOrTx, borrowerId: number, now: Date): Promise<LimitIncrease[]> {
  await expireProposals(db, borrowerId, now);
  const rows = await pendingProposals(db, borrowerId, now);
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.productId))];
  const named = await db.select({ id: products.id, name: products.name, market: products.market }).from(products).where(inArray(products.id, ids));
  const byId = new Map(named.map((p) => [p.id, p]));
  return rows.flatMap((r) => {
    const product = byId.get(r.productId);
    if (!product) return [];
    return [
      {
        proposalId: String(r.id),
        productId: String(r.productId),
        productName: product.name,
        market: product.market,
        currentLimit: r.currentLimit,
        proposedLimit: r.proposedLimit,
        expiresAt: r.expiresAt.toISOString(),
      },
    ];
  });
}

/**
 * The borrower's answer to one of their proposals. 404: not theirs, unknown, expired or superseded (all read as
 * "not found or expired"); 409: already answered. Accept: the offer's limit raised to the proposal's.
 */
export async function answerLimitIncrease(
  db: DbOrTx,
  input: { borrowerId: number; answer: LimitIncreaseAnswer; session: string; ip: string; now: Date },
): Promise<void> {
  const { borrowerId, answer, now } = input;
  await db.transaction(async (tx) => {
    const row = await lockProposal(tx, Number(answer.proposalId));
    const open = row?.status === 'pending' && row.expiresAt.getTime() > now.getTime();
    if (!row || row.borrowerId !== borrowerId || (!open && row.status !== 'accepted' && row.status !== 'declined')) throw notFound('limitIncreaseNotFound');
    if (!open) throw new AppError(409, errorCodes.invalidTransition, 'limitIncreaseAnswered');
    const status = answer.accept === 1 ? 'accepted' : 'declined';
    await answerProposal(tx, row.id, { status, at: now, session: input.session, ip: input.ip });
    if (status === 'accepted') {
      const [product] = await tx.select({ code: products.code }).from(products).where(eq(products.id, row.productId));
      await grantOffer(tx, { borrowerId, productCode: product!.code, limitAmount: row.proposedLimit, now, audit: systemActor });
    }
    await recordAudit(tx, systemActor, {
      action: 'credit.limitIncreaseAnswer',
      objectType: 'limit_increase_proposal',
      objectId: row.id,
      before: { status: row.status, currentLimit: row.currentLimit },
      after: { status, proposedLimit: row.proposedLimit, answeredSession: input.session },
    });
  });
}
