import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AGREEMENT_HASH_TAIL_LENGTH, type agreementPrepare, type agreementSign } from '@presta/contract/api/agreement';
import { PROMO_SMS_RESEND_SECONDS } from '@presta/contract/promotion-rules';
import type { DbOrTx } from '../../db/database';
import { borrowers } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { MAX_INT4, toDbId } from '../../lib/db-id';
import { moneyIn } from '../../i18n/market-texts';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { maskPhone } from '../session/borrower-profile';
import { codeRefused, queueBorrowerCode } from '../verification/borrower-codes';
import { checkCodeOf, SMS_CODE_TTL_MS } from '../verification/verification-codes';
import { agreementContent, type AgreementContent } from './agreement-content';
import { agreementPdfUrl } from './agreement-links';
import { AGREEMENT_TEMPLATE_VERSION, renderAgreementPdf } from './agreement-pdf';
import {
  documentOf,
  insertDocument,
  insertPendingTimestamp,
  insertSignature,
  latestUnsignedDocument,
  newDocumentNo,
  signatureOf,
  timestampOf,
  type AgreementDocument,
  type AgreementSignature,
  type DocumentTerms,
} from './agreement-repository';
import { stampDocument } from './agreement-timestamps';
import type { TimestampAuthority } from './timestamp/timestamp-authority';

/*
 * The signing (issue 38, docs/agreements.md): agreement-prepare renders the agreement for the confirmed figures to a
 * PDF (a new version when a figure, the language or the template changed) and sends its signing code, bound to the
 * document; agreement-sign checks the code and records the signature with its evidence, then asks for the
 * time-stamp. loan-detail-push submits with the signed document's number (agreement-submission.ts).
 */

type PrepareInput = z.output<(typeof agreementPrepare)['request']>;
type PrepareData = z.input<(typeof agreementPrepare)['data']>;
type SignData = z.input<(typeof agreementSign)['data']>;

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const hashTailOf = (sha256: string) => sha256.slice(-AGREEMENT_HASH_TAIL_LENGTH);

async function borrowerPhone(db: DbOrTx, borrowerId: number) {
  const [row] = await db.select({ phone: borrowers.phone, language: borrowers.language }).from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!row) throw notFound('notFound');
  return row;
}

// ---------------------------------------------------------------------------
// agreement-prepare
// ---------------------------------------------------------------------------

/**
 * The document of these figures: the borrower's latest unsigned one with the same terms, language, template and
 * figures made while a code lives (the borrower asks for the code again), else a new one rendered now (not saved
 * yet: `fresh`).
 */
async function documentFor(ctx: BorrowerContext, input: PrepareInput): Promise<{ doc: Omit<AgreementDocument, 'id'>; fresh: boolean }> {
  const productId = toDbId(input.productId, MAX_INT4);
  if (productId === undefined) throw notFound('productNotFound');
  const content: AgreementContent = await agreementContent(ctx, { ...input, productId });
  const terms: DocumentTerms = {
    productId: content.product.id,
    amount: input.amount,
    periods: input.periods,
    termUnit: input.termUnit,
    proposalNo: content.keyFacts?.proposalNo ?? null,
    lang: content.language,
    templateVersion: AGREEMENT_TEMPLATE_VERSION,
  };
  const since = new Date(ctx.now.getTime() - SMS_CODE_TTL_MS);
  const kept = await latestUnsignedDocument(ctx.db, ctx.borrowerId, terms, content, since);
  if (kept) return { doc: kept, fresh: false };
  const documentNo = newDocumentNo();
  const pdf = await renderAgreementPdf(content, { documentNo, createdAt: ctx.now });
  const doc = { ...terms, documentNo, borrowerId: ctx.borrowerId, market: content.market, figures: content, pdf, sha256: sha256Hex(pdf), byteSize: pdf.length, createdAt: ctx.now };
  return { doc, fresh: true };
}

/**
 * agreement-prepare: refuses what the confirmation and the submission refuse (agreement-content.ts), renders or
 * reuses the document and, in one transaction, saves a new one and issues its code (purpose agreement_signature,
 * bound to the document by its number; the sign-in code's limits: 429 with the wait) with its SMS in the borrower's
 * language naming the amount and the hash's tail. `outboxId` is delivered after the commit.
 */
export async function prepareAgreement(
  ctx: BorrowerContext,
  input: PrepareInput,
  call: { clientIp: string; brandName: string },
): Promise<{ data: PrepareData; outboxId: number | undefined }> {
  const { doc, fresh } = await documentFor(ctx, input);
  const hashTail = hashTailOf(doc.sha256);
  const { phone, queued } = await ctx.db.transaction(async (tx) => {
    if (fresh) await insertDocument(tx, doc.documentNo, doc);
    const borrower = await borrowerPhone(tx, ctx.borrowerId);
    const code = await queueBorrowerCode(tx, {
      purpose: 'agreement_signature',
      smsPurpose: 'agreement_signature_code',
      body: 'agreementCodeSms',
      borrower,
      clientIp: call.clientIp,
      now: ctx.now,
      sid: doc.documentNo,
      vars: { brand: call.brandName, amount: moneyIn(doc.market)(doc.amount), hashTail },
    });
    return { phone: borrower.phone, queued: code };
  });
  const data: PrepareData = {
    agreementNo: doc.documentNo,
    sha256: doc.sha256,
    hashTail,
    amount: doc.amount,
    phoneMasked: maskPhone(phone),
    pdfUrl: agreementPdfUrl(doc.documentNo),
    resendAfter: PROMO_SMS_RESEND_SECONDS,
    expiresIn: SMS_CODE_TTL_MS / 1000,
  };
  return { data, outboxId: queued.outboxId };
}

// ---------------------------------------------------------------------------
// agreement-sign
// ---------------------------------------------------------------------------

/** Where and how the borrower signed: the call's address, browser, the app's device id and the session's digest. */
export type SignerEvidence = { clientIp: string; userAgent: string; deviceId: string | null; sessionHash: string };

export type SignDeps = { authority: TimestampAuthority; log: FastifyBaseLogger };

const signAnswer = (doc: AgreementDocument, signature: AgreementSignature, stamped: boolean): SignData => ({
  agreementNo: doc.documentNo,
  signedAt: signature.signedAt.toISOString(),
  timestamped: stamped ? 1 : 0,
});

/**
 * agreement-sign: the borrower's document (404 otherwise) signed with its code. Refusals are 400 smsCodeWrong: wrong
 * (the try counted), expired or none, 5 wrong tries, or a code sent for another document (another version). A
 * signed document answers its signature again without a code (a retry of an answer that was lost). The signature
 * keeps the evidence; the time-stamp is asked for at once and, when the authority does not answer, left pending
 * for the job (timestamped 0): the signature stands either way.
 */
export async function signAgreement(ctx: BorrowerContext, input: { agreementNo: string; code: string }, signer: SignerEvidence, deps: SignDeps): Promise<SignData> {
  const doc = await documentOf(ctx.db, ctx.borrowerId, input.agreementNo);
  if (!doc) throw notFound('agreementNotFound');
  const existing = await signatureOf(ctx.db, doc.id);
  if (existing) return signAnswer(doc, existing, (await timestampOf(ctx.db, doc.id))?.status === 'stamped');
  const result = await ctx.db.transaction(async (tx) => {
    const { phone } = await borrowerPhone(tx, ctx.borrowerId);
    const check = await checkCodeOf(tx, { purpose: 'agreement_signature', phone, code: input.code, now: ctx.now, sid: doc.documentNo });
    if (check.check !== 'ok') return check;
    const signature = await insertSignature(tx, {
      documentId: doc.id,
      borrowerId: ctx.borrowerId,
      phone,
      codeId: check.codeId,
      codeVerification: { method: 'sms_otp', issuedAt: check.issuedAt.toISOString(), wrongTries: check.wrongTries, verifiedAt: ctx.now.toISOString() },
      signedAt: ctx.now,
      ...signer,
    });
    await insertPendingTimestamp(tx, doc.id, deps.authority.id);
    return { check: 'ok' as const, signature };
  });
  if (result.check !== 'ok') {
    // Signed meanwhile by the same borrower's other call (a double tap): its code was that call's.
    const signed = await signatureOf(ctx.db, doc.id);
    if (signed) return signAnswer(doc, signed, (await timestampOf(ctx.db, doc.id))?.status === 'stamped');
    throw codeRefused(result.check);
  }
  const signature = result.signature ?? (await signatureOf(ctx.db, doc.id))!;
  const stamped = await stampDocument({ db: ctx.db, ...deps }, { documentId: doc.id, sha256: doc.sha256 });
  return signAnswer(doc, signature, stamped);
}

// ---------------------------------------------------------------------------
// The PDF
// ---------------------------------------------------------------------------

/** The borrower's document's bytes and hash, or undefined (unknown and foreign numbers alike). */
export async function agreementPdfOf(ctx: Pick<BorrowerContext, 'db' | 'borrowerId'>, documentNo: string): Promise<{ pdf: Buffer; sha256: string } | undefined> {
  const doc = await documentOf(ctx.db, ctx.borrowerId, documentNo);
  return doc ? { pdf: doc.pdf, sha256: doc.sha256 } : undefined;
}
