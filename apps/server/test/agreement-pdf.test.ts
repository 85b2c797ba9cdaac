import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFactsAcknowledge } from '@presta/contract/api/key-facts';
import { loanDetailConfirm, type LoanConfirmData } from '@presta/contract/api/loan';
import type { Language } from '@presta/contract/language';
import { AppError } from '../src/lib/app-error';
import { moneyIn } from '../src/i18n/market-texts';
import { agreementContent, type AgreementContent } from '../src/modules/agreements/agreement-content';
import { renderAgreementPdf } from '../src/modules/agreements/agreement-pdf';
import { annualCostText } from '../src/modules/agreements/agreement-texts';
import type { BorrowerContext } from '../src/plugins/app/repositories';
import { addCoupon, answerOf, borrowerWithOffer, buildTestApp, dataOf, injectAs, type TestApp } from './helpers';

/*
 * Issue 38: the agreement the borrower signs states, to the minor unit, what the confirmation page showed
 * (loan-detail-confirm for the same borrower, product, amount and instalments), in each market and language;
 * its fonts are embedded and its text extracts (pdftotext).
 */

const IN = { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered', vatPpm: 180_000, termUnitDays: 91, dailyRatePpm: 1_000, commissionPpm: 30_000, amountMin: 500_000, amountMax: 5_000_000, amountStep: 100_000, periodsMax: 4 } as const;
const queryLanguage: Record<Language, string> = { en: '1', es: '2' };
const meta = { documentNo: 'AG0123456789AB', createdAt: new Date('2026-11-29T12:55:37Z') };

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'agreement-pdf-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** pdftotext -layout of the bytes, and the same text with every run of white space made one space. */
function pdfText(pdf: Buffer, name: string): { layout: string; flat: string } {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const layout = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return { layout, flat: layout.replace(/\s+/g, ' ') };
}

function pdfFonts(pdf: Buffer, name: string): string[] {
  const file = path.join(dir, `${name}-fonts.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
}

type Quote = { market: 'MX' | 'IN'; lang: Language; amount: number; periods: number; coupon?: number };

/** A borrower with an offer, the confirmation they were shown, and the agreement's content for the same figures. */
async function confirmedAgreement(q: Quote): Promise<{ confirm: LoanConfirmData; content: AgreementContent; ctx: BorrowerContext; input: Parameters<typeof agreementContent>[1] }> {
  const who = await borrowerWithOffer(t.db, { limit: 2_000_000, ...(q.market === 'IN' ? { product: IN, borrower: { fullName: 'Priya Señora Test' } } : { borrower: { fullName: 'José Núñez Peña' } }) });
  if (q.coupon) await addCoupon(t.db, who.borrower.id, q.coupon);
  const call = (url: string, payload: Record<string, string | number>) => injectAs(t.app, who.sessionId, { url, payload, query: { language: queryLanguage[q.lang] } });
  const confirm = dataOf(await call(loanDetailConfirm.path, { productId: who.product.id, amount: q.amount, periods: q.periods }), loanDetailConfirm);
  const proposalNo = confirm.keyFacts?.proposalNo;
  if (proposalNo) expect(answerOf(await call(keyFactsAcknowledge.path, { proposalNo }), keyFactsAcknowledge).success).toBe(true);
  const ctx: BorrowerContext = { db: t.db, repos: t.app.repos, lang: q.lang, now: new Date(), borrowerId: who.borrower.id };
  const input = { productId: who.product.id, amount: q.amount, periods: q.periods, termUnit: who.product.termUnitDays, ...(proposalNo ? { proposalNo } : {}) };
  return { confirm, content: await agreementContent(ctx, input), ctx, input };
}

const cases: Quote[] = [
  { market: 'MX', lang: 'es', amount: 300_000, periods: 3, coupon: 2_000 },
  { market: 'MX', lang: 'en', amount: 750_000, periods: 2 },
  { market: 'IN', lang: 'en', amount: 1_000_000, periods: 2 },
  { market: 'IN', lang: 'es', amount: 1_500_000, periods: 1 },
];

describe('the agreement PDF states what the confirmation showed', () => {
  it.each(cases)('$market/$lang: every detail row, plan row and the annual cost, fonts embedded, under 200 KB', async (q) => {
    const { confirm, content } = await confirmedAgreement(q);
    const pdf = await renderAgreementPdf(content, meta);
    const { flat } = pdfText(pdf, `${q.market}-${q.lang}`);
    const money = moneyIn(q.market);

    expect(content.details).toEqual(confirm.details);
    for (const r of confirm.details) expect(flat, r.text).toContain(r.value);
    expect(confirm.repay_plans).toHaveLength(q.periods);
    for (const p of confirm.repay_plans) {
      expect(flat).toContain(`${p.title} ${p.pay_time} ${money(p.amount)}`);
      expect(flat).toContain(p.description);
    }
    expect(flat).toContain(annualCostText(q.lang, confirm.terms.annualCost));
    expect(flat).toContain(`${confirm.terms.annualCost.kind} ${confirm.terms.annualCost.rate}`);
    expect(flat).toContain(meta.documentNo);
    expect(flat).toContain(content.lender.name);
    expect(flat).toContain(content.borrower.fullName);
    expect(flat).toContain(content.borrower.phoneMasked);
    expect(flat).toContain(q.lang === 'es' ? 'Página 1 de' : 'Page 1 of');
    expect(flat).toContain(q.lang === 'es' ? 'Pagaré y contrato de préstamo' : 'Promissory note and loan agreement');
    expect(flat).toContain(q.lang === 'es' ? 'la firma y el sello de tiempo los conserva' : 'the signature and the time-stamp are kept by');

    const fonts = pdfFonts(pdf, `${q.market}-${q.lang}`);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const line of fonts) expect(line).toMatch(/DejaVuSans.*\byes\s+yes\s+yes\b/);
    expect(pdf.length).toBeLessThan(200 * 1024);
    console.info(`agreement PDF ${q.market}/${q.lang}: ${pdf.length} bytes`);
  });

  it('India: the Key Facts Statement acknowledged is part of it (proposal number, APR, charges)', async () => {
    const { content } = await confirmedAgreement({ market: 'IN', lang: 'en', amount: 1_000_000, periods: 2 });
    const kfs = content.keyFacts!;
    expect(kfs.acknowledgedAt).not.toBeNull();
    const { flat } = pdfText(await renderAgreementPdf(content, meta), 'in-kfs');
    expect(flat).toContain(`Key Facts Statement no. ${kfs.proposalNo} is part of this agreement`);
    expect(flat).toContain(`Annual percentage rate (APR) ${kfs.apr}`);
    expect(flat).toContain('₹1,000.00'); // the default penalty for a new client
    expect(flat).toContain('Cooling-off period');
    expect(flat).toContain(kfs.grievance.email);
  });
});

describe('what the agreement refuses', () => {
  it('as the confirmation: a term unit other than the product’s (422), a product not offered (404)', async () => {
    const { ctx, input } = await confirmedAgreement({ market: 'MX', lang: 'es', amount: 300_000, periods: 2 });
    await expect(agreementContent(ctx, { ...input, termUnit: 30 })).rejects.toMatchObject({ status: 422, messageKey: 'termUnitMismatch' });
    await expect(agreementContent(ctx, { ...input, amount: 123_456 })).rejects.toMatchObject({ status: 422 });
    await expect(agreementContent(ctx, { ...input, productId: 999_999_999 })).rejects.toMatchObject({ status: 404 });
  });

  it('India: no Key Facts Statement, another borrower’s, or one for other figures (409 keyFactsRequired)', async () => {
    const a = await confirmedAgreement({ market: 'IN', lang: 'en', amount: 1_000_000, periods: 2 });
    const b = await confirmedAgreement({ market: 'IN', lang: 'en', amount: 1_000_000, periods: 2 });
    const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(AppError);
    await refused(agreementContent(a.ctx, { ...a.input, proposalNo: undefined }));
    await refused(agreementContent(a.ctx, { ...a.input, proposalNo: b.input.proposalNo }));
    await refused(agreementContent(a.ctx, { ...a.input, amount: 1_100_000 }));
    await expect(agreementContent(a.ctx, { ...a.input, proposalNo: undefined })).rejects.toMatchObject({ status: 409, messageKey: "keyFactsRequired" });
  });
});

describe('rendering', () => {
  it('is deterministic (same content and meta, same bytes; a new time, new bytes) and safe to run concurrently per request', async () => {
    const { content } = await confirmedAgreement({ market: 'IN', lang: 'es', amount: 1_000_000, periods: 3 });
    const first = await renderAgreementPdf(content, meta);
    const again = await Promise.all(Array.from({ length: 8 }, () => renderAgreementPdf(structuredClone(content), { ...meta })));
    for (const pdf of again) expect(pdf.equals(first)).toBe(true);
    const later = await renderAgreementPdf(content, { ...meta, createdAt: new Date(meta.createdAt.getTime() + 1000) });
    expect(later.equals(first)).toBe(false);
    // The content is plain JSON: what is kept and read back renders the same document.
    const roundTrip = await renderAgreementPdf(JSON.parse(JSON.stringify(content)) as AgreementContent, meta);
    expect(roundTrip.equals(first)).toBe(true);
  });
});
