/**
 * Helpers of the signed agreement (issue 38, docs/agreements.md): the borrower signs the agreement of the confirmed
 * figures with an SMS code before the application is sent.
 *
 * - `agreementTexts`: what the signing dialog (web: loan/messages.ts) and the borrower's pages show of it, copied on
 *   purpose (the journeys check the pages against these copies, not against the pages' own catalogue).
 * - `borrowerPhone`: the phone of a borrower (a demo order's, whose code the journey reads from the SMS outbox).
 * - `signingSms`: the newest 'agreement_signature_code' message of a phone, once it names `tail`.
 * - `signAgreement`: after the submit tap, the dialog: its text names the amount and the hash tail the SMS names;
 *   the code from the SMS filled in, "Sign and apply" tapped; answers the agreement's number and the code.
 * - `signAgreementByApi`: the same through the API (agreement-prepare, then agreement-sign), for the journeys that
 *   send loan-detail-push themselves: answers the agreementNo to send with it.
 */
import { eq } from 'drizzle-orm';
import type { APIRequestContext, Page } from '@playwright/test';
import { AGREEMENT_HASH_TAIL_LENGTH } from '@presta/contract/api/agreement';
import { borrowers } from '../../../apps/server/src/db/schema';
import type { Lang } from './account';
import { e2eDb } from './e2e-database';
import { codeOf, minorFromText, smsOutbox, type SmsMessage } from './payments';
import { expect } from './test';

export const agreementTexts = {
  es: {
    title: 'Firme su contrato',
    readPdf: 'Leer el contrato (PDF)',
    codeLabel: 'Código SMS',
    sign: 'Firmar y solicitar',
    resend: 'Reenviar código',
    cancel: 'Cancelar',
    signedPdf: 'Contrato firmado (PDF)',
  },
  en: {
    title: 'Sign your agreement',
    readPdf: 'Read the agreement (PDF)',
    codeLabel: 'SMS code',
    sign: 'Sign and apply',
    resend: 'Resend code',
    cancel: 'Cancel',
    signedPdf: 'Signed agreement (PDF)',
  },
} as const satisfies Record<Lang, object>;

const SMS_PURPOSE = 'agreement_signature_code';
/** The document's tail as the dialog writes it: "(documento …1a2b3c4d)". */
const tailPattern = new RegExp(`…([0-9a-f]{${AGREEMENT_HASH_TAIL_LENGTH}})\\b`);

/** The phone of a borrower (by id, as a demo order names it). */
export async function borrowerPhone(borrowerId: string | number): Promise<string> {
  const { db } = await e2eDb();
  const [row] = await db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, Number(borrowerId)));
  if (!row) throw new Error(`no borrower ${borrowerId}`);
  return row.phone;
}

/** The newest signing code's message to the phone, waited for until it names the document's tail. */
export async function signingSms(request: APIRequestContext, phone: string, tail: string): Promise<SmsMessage> {
  let newest: SmsMessage | undefined;
  await expect
    .poll(
      async () => {
        newest = (await smsOutbox(request, phone)).find((m) => m.purpose === SMS_PURPOSE);
        return newest?.body ?? '';
      },
      { message: `the signing code's SMS naming …${tail}` },
    )
    .toContain(tail);
  return newest!;
}

export type Signed = { agreementNo?: string; code: string; tail: string };

/**
 * After the submit tap: the signing dialog opens; its text names the amount and the document's tail, both also in
 * the code's SMS; the code is typed and "Sign and apply" tapped. Resolves once the signature is answered.
 */
export async function signAgreement(page: Page, request: APIRequestContext, phone: string, lang: Lang = 'es'): Promise<Signed> {
  const t = agreementTexts[lang];
  const dialog = page.getByRole('dialog', { name: t.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(tailPattern);
  const text = (await dialog.textContent()) ?? '';
  const tail = tailPattern.exec(text)![1]!;
  const sms = await signingSms(request, phone, tail);
  expect(minorFromText(text), 'the dialog and the SMS name the same amount').toBe(minorFromText(sms.body));
  // The document's number, from its link (/api/agreements/<agreementNo>.pdf): the answer's body is gone once the page moves on.
  const href = (await dialog.getByRole('link', { name: t.readPdf }).getAttribute('href')) ?? '';
  const agreementNo = /\/api\/agreements\/([0-9A-Z]+)\.pdf/.exec(href)?.[1];
  const code = codeOf(sms);
  await dialog.getByLabel(t.codeLabel).fill(code);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/agreement-sign') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: t.sign }).click();
  expect((await answer).status(), 'the signature answered').toBe(200);
  return { agreementNo, code, tail };
}

/** A borrower API call as the app sends it (session parameters in the query, a form body). */
type Caller = (path: string, form: Record<string, string | number>) => Promise<{ code: string; data: Record<string, unknown> | null }>;

/** The figures of a submission, as loan-detail-push takes them. */
export type Figures = { productId: string | number; amount: number; periods: number; termUnit: number; proposalNo?: string };

/** agreement-prepare for the figures, the code from the SMS, agreement-sign: the agreementNo loan-detail-push needs. */
export async function signAgreementByApi(call: Caller, request: APIRequestContext, phone: string, figures: Figures): Promise<string> {
  const form = Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
  const prepared = await call('/v3/loan-confirm/agreement-prepare', form);
  expect(prepared.code, `agreement-prepare: ${JSON.stringify(prepared)}`).toBe('0');
  const { agreementNo, hashTail } = prepared.data as { agreementNo: string; hashTail: string };
  const code = codeOf(await signingSms(request, phone, hashTail));
  const signed = await call('/v3/loan-confirm/agreement-sign', { agreementNo, code });
  expect(signed.code, `agreement-sign: ${JSON.stringify(signed)}`).toBe('0');
  return agreementNo;
}
