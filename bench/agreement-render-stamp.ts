/**
 * The signed agreement's cost of npm run bench (issue 38, docs/benchmarks.md "Agreement render and time-stamp"): per
 * market, one borrower with an offer (India: its Key Facts Statement acknowledged), then N agreements made one after
 * the other, in-process with the server's own modules, as agreement-prepare and agreement-sign make them:
 * - render: the content (the confirmation's own quote, agreement-content.ts) and the PDF (agreement-pdf.ts);
 * - stamp: the PDF's SHA-256 and its time-stamp token from the local authority (timestamp/local-authority.ts, the
 *   demo's and the tests': its keys made at first use, before the warm-up);
 * - both, and the PDF's size. The last token is verified against the document (verifyTimestamp): a row whose token
 *   does not verify fails.
 * A warm-up of WARMUP agreements (fonts parsed, keys made, code compiled) is not counted.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Config } from '../apps/server/src/config';
import { agreementContent, type AgreementInput } from '../apps/server/src/modules/agreements/agreement-content';
import { renderAgreementPdf } from '../apps/server/src/modules/agreements/agreement-pdf';
import { createTimestampAuthority } from '../apps/server/src/modules/agreements/timestamp/timestamp-authorities';
import { verifyTimestamp } from '../apps/server/src/modules/agreements/timestamp/timestamp-verify';
import { createDemoBorrower, productByCode } from '../apps/server/src/modules/demo/demo-orders';
import { issueAcknowledgedKeyFacts } from '../apps/server/src/modules/loan/key-facts-service';
import type { BorrowerContext } from '../apps/server/src/plugins/app/repositories';
import { createRepositories } from '../apps/server/src/repositories';
import { nextBenchPhone, type BenchDb } from './fixtures';
import { ms2, percentile } from './latency';

/** The BENCH_CALLS name of the row. */
export const AGREEMENT_RENDER_STAMP_CALL = 'agreement-render-stamp';

const WARMUP = 5;

const markets = [
  { market: 'MX', productCode: 'presta-mx', language: 'es', phone: nextBenchPhone },
  // An Indian phone ending in 7 (the disbursal row's end in 3, the provider bursts' in 1, the demo's in 0).
  { market: 'IN', productCode: 'presta-in', language: 'en', phone: () => `9${String(randomInt(0, 1e8)).padStart(8, '0')}7` },
] as const;
type Market = (typeof markets)[number];

export type AgreementRenderStampRow = {
  name: string;
  market: Market['market'];
  agreements: number;
  renderP50Ms: number;
  renderP99Ms: number;
  stampP50Ms: number;
  stampP99Ms: number;
  bothP50Ms: number;
  bothP99Ms: number;
  /** The PDF's size in bytes (the last one; every one of a market states the same figures). */
  pdfBytes: number;
  /** The last token verified against its document. */
  verified: boolean;
  pass: boolean;
};

/** A borrower with an offer on the market's product, and the agreement's input for half its limit over 2 instalments. */
async function borrowerAndInput(database: BenchDb, m: Market, now: Date): Promise<{ ctx: BorrowerContext; input: AgreementInput }> {
  const db = database.db;
  const product = await productByCode(db, m.productCode);
  const { borrowerId } = await createDemoBorrower(db, { fullName: `Bench Agreement ${m.market}`, phone: m.phone(), language: m.language, productCode: m.productCode });
  const amount = Math.floor(product.amountMax / 4 / product.amountStep) * product.amountStep;
  const periods = Math.min(2, product.periodsMax);
  const keyFacts = await issueAcknowledgedKeyFacts(db, { borrowerId, product, amount, periods, couponAmount: 0, now, lang: m.language });
  const ctx: BorrowerContext = { db, repos: createRepositories(db), lang: m.language, now, borrowerId };
  return { ctx, input: { productId: product.id, amount, periods, termUnit: product.termUnitDays, ...(keyFacts ? { proposalNo: keyFacts.proposalNo } : {}) } };
}

const documentNo = () => `AG${randomBytes(6).toString('hex').toUpperCase()}`;

/** Per market, `count` agreements rendered and time-stamped one after the other (after the warm-up). */
export async function measureAgreementRenderStamp(database: BenchDb, config: Config, count: number): Promise<AgreementRenderStampRow[]> {
  const authority = createTimestampAuthority({ config });
  const rows: AgreementRenderStampRow[] = [];
  for (const m of markets) {
    const { ctx, input } = await borrowerAndInput(database, m, new Date());
    const render: number[] = [];
    const stamp: number[] = [];
    let last: { pdf: Buffer; sha256: Buffer; response: Buffer } | undefined;
    for (let i = 0; i < WARMUP + count; i++) {
      const t0 = performance.now();
      const pdf = await renderAgreementPdf(await agreementContent(ctx, input), { documentNo: documentNo(), createdAt: new Date() });
      const t1 = performance.now();
      const sha256 = createHash('sha256').update(pdf).digest();
      const token = await authority.stamp(sha256);
      const t2 = performance.now();
      if (i < WARMUP) continue;
      render.push(t1 - t0);
      stamp.push(t2 - t1);
      last = { pdf, sha256, response: token.response };
    }
    const verified = (await verifyTimestamp(last!.response, last!.sha256, await authority.chainPem())).valid;
    rows.push(row(m, render, stamp, last!.pdf.length, verified));
  }
  return rows;
}

function row(m: Market, render: number[], stamp: number[], pdfBytes: number, verified: boolean): AgreementRenderStampRow {
  const both = render.map((r, i) => r + stamp[i]!);
  const p = (xs: number[], q: number) => ms2(percentile(Float64Array.from(xs).sort(), q));
  return {
    name: `${m.market} (${m.language}${m.market === 'IN' ? ', KFS included' : ''})`,
    market: m.market,
    agreements: render.length,
    renderP50Ms: p(render, 50),
    renderP99Ms: p(render, 99),
    stampP50Ms: p(stamp, 50),
    stampP99Ms: p(stamp, 99),
    bothP50Ms: p(both, 50),
    bothP99Ms: p(both, 99),
    pdfBytes,
    verified,
    pass: verified,
  };
}
