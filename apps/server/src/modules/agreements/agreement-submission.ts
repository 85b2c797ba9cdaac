import { eq } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import type { DbOrTx } from '../../db/database';
import { borrowers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn } from '../../i18n/market-texts';
import { loanDetailsUrl } from '../loan/loan-texts';
import type { Order } from '../orders/order-repository';
import { outboxSmsSender } from '../sms/sms-sender';
import { documentOf, linkSignatureToOrder, signatureOf, type AgreementDocument } from './agreement-repository';

/*
 * The signed agreement at submission (issue 38, docs/agreements.md "Submission"): loan-detail-push names the signed
 * document, which must be this borrower's, for exactly the submitted figures and not submitted with another order.
 * In the order's own transaction the signature gets the order, and the borrower's SMS with the loan's page is
 * queued: the order exists only if all of it commits.
 */

export type SubmittedTerms = {
  borrowerId: number;
  agreementNo: string | undefined;
  productId: number;
  amount: number;
  periods: number;
  termUnit: number;
  proposalNo?: string | undefined;
};

const refused = (key: MessageKey) => new AppError(409, errorCodes.agreementNotSigned, key);

/** Whether a document states exactly these terms (India: the Key Facts Statement it includes is the one named). */
function statesTerms(doc: AgreementDocument, t: SubmittedTerms): boolean {
  return (
    doc.productId === t.productId &&
    doc.amount === t.amount &&
    doc.periods === t.periods &&
    doc.termUnit === t.termUnit &&
    (doc.proposalNo === null || doc.proposalNo === t.proposalNo)
  );
}

/**
 * The signed document the submission names, linked to the new order (409 agreementNotSigned otherwise: none named,
 * unknown, another borrower's or unsigned; another loan's figures or already submitted with another order).
 */
async function linkSignedAgreement(tx: DbOrTx, terms: SubmittedTerms, order: Order): Promise<AgreementDocument> {
  const doc = terms.agreementNo ? await documentOf(tx, terms.borrowerId, terms.agreementNo) : undefined;
  const signature = doc ? await signatureOf(tx, doc.id) : undefined;
  if (!doc || !signature) throw refused('agreementNotSigned');
  if (!statesTerms(doc, terms) || signature.orderId !== null) throw refused('agreementMismatch');
  if (!(await linkSignatureToOrder(tx, signature.id, order.id))) throw refused('agreementMismatch');
  return doc;
}

export type SignedSmsLink = { publicBaseUrl: string; brandName: string };

/** The borrower's SMS after submission: the agreement signed, and the loan's page (it needs their session) to read it. */
async function queueSignedSms(tx: DbOrTx, doc: AgreementDocument, order: Order, link: SignedSmsLink): Promise<number | undefined> {
  const [borrower] = await tx.select({ phone: borrowers.phone, language: borrowers.language }).from(borrowers).where(eq(borrowers.id, order.borrowerId));
  if (!borrower) return undefined;
  const body = translate(borrower.language, 'agreementSignedSms', {
    brand: link.brandName,
    agreementNo: doc.documentNo,
    orderNo: order.orderNo,
    amount: moneyIn(doc.market)(doc.amount),
    url: `${link.publicBaseUrl}${loanDetailsUrl(order.id, order.productId)}`,
  });
  return outboxSmsSender.send(tx, { phone: borrower.phone, purpose: 'agreement_signed', body, dedupeKey: `agreement-signed:${doc.documentNo}` });
}

/**
 * createOrder's onCreated for a submission: the signed agreement required and linked, its SMS queued. `outboxId()`
 * is the SMS to deliver after the commit (undefined: none, e.g. a retry answered with the open order).
 */
export function signedAgreementOnCreate(terms: SubmittedTerms, link: SignedSmsLink) {
  let outboxId: number | undefined;
  return {
    onCreated: async (tx: DbOrTx, order: Order) => {
      const doc = await linkSignedAgreement(tx, terms, order);
      outboxId = await queueSignedSms(tx, doc, order, link);
    },
    outboxId: () => outboxId,
  };
}
