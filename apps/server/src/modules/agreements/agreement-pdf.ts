import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDate } from '@presta/contract/dates';
import { endSentence, marketOf } from '@presta/contract/markets';
import { moneyIn, taxName } from '../../i18n/market-texts';
import type { AgreementContent } from './agreement-content';
import { agreementClauses, agreementText, annualCostText, keyFactsChargeText, type AgreementTextKey } from './agreement-texts';

/*
 * The signed agreement's PDF (issue 38): A4, DejaVu Sans embedded (Spanish accents, ₹), text a reader can extract.
 * The bytes are the document: its SHA-256 is what the borrower signs and what is time-stamped, so the same
 * content and meta give the same bytes (the dates and the file identifier come from meta.createdAt; pdfkit's
 * font subset tags from its font ids). AGREEMENT_TEMPLATE_VERSION names this layout: a change of words or
 * layout is a new version, kept with each document.
 */

export const AGREEMENT_TEMPLATE_VERSION = 'agreement/1';

export type AgreementPdfMeta = { documentNo: string; createdAt: Date };

type Doc = PDFKit.PDFDocument;
type Words = (key: AgreementTextKey, vars?: Record<string, string | number>) => string;

const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 841.89 - 34;
const SIZE = { title: 16, heading: 12, subheading: 10, body: 9.5, small: 8 };
const GREY = '#555555';

// ---------------------------------------------------------------------------
// Fonts: DejaVu Sans from dejavu-fonts-ttf, resolved from this module (src under tsx and vitest, dist in
// production), read and parsed once for every document.
// ---------------------------------------------------------------------------

const requireHere = createRequire(import.meta.url);
const fontFile = (name: string) => requireHere.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`);

/**
 * pdfkit takes a font parsed by its own fontkit as well as a file's bytes (PDFFontFactory.open: an object with
 * layout()); its types name only paths and bytes. Parsing DejaVu Sans per document costs ~70 ms, parsed once
 * ~5 ms, with the same bytes out: each document makes its own subset of the glyphs it uses.
 */
type ParsedFont = PDFKit.Mixins.PDFFontSource;
const pdfkitFontkit = () => createRequire(requireHere.resolve('pdfkit'))('fontkit') as { create(data: Buffer): object };
let fonts: Promise<{ regular: ParsedFont; bold: ParsedFont }> | undefined;

function loadFonts() {
  fonts ??= Promise.all([readFile(fontFile('DejaVuSans')), readFile(fontFile('DejaVuSans-Bold'))]).then(([regular, bold]) => {
    const fontkit = pdfkitFontkit();
    return { regular: fontkit.create(regular) as ParsedFont, bold: fontkit.create(bold) as ParsedFont };
  });
  // A failed read is tried again by the next document.
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

/** The agreement as a PDF: the same content and meta always give the same bytes. */
export async function renderAgreementPdf(content: AgreementContent, meta: AgreementPdfMeta): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const t: Words = (key, vars) => agreementText(content.language, key, vars);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // No standard font: the first font is the embedded one.
    font: '',
    lang: content.language,
    displayTitle: true,
    info: {
      Title: `${t('title')} ${meta.documentNo}`,
      Author: content.lender.name,
      Subject: content.product.name,
      Creator: AGREEMENT_TEMPLATE_VERSION,
      Producer: 'PDFKit',
      CreationDate: meta.createdAt,
      ModDate: meta.createdAt,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const bytes = collect(doc);
  renderHeader(doc, content, meta, t);
  renderParties(doc, content, t);
  if (content.keyFacts) renderKeyFacts(doc, content, t);
  renderNote(doc, content, t);
  renderFigures(doc, content, t);
  renderPlan(doc, content, t);
  renderClauses(doc, content, t);
  renderClosing(doc, content, t);
  numberPages(doc, meta, t);
  doc.end();
  return bytes;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

// ---------------------------------------------------------------------------
// Layout pieces
// ---------------------------------------------------------------------------

/** A new page unless `height` more points fit on this one. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8);
  // A heading never ends a page: it keeps a few lines of its section with it.
  ensureSpace(doc, 80);
  doc.font('bold').fontSize(SIZE.heading).fillColor('black').text(text, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.3);
}

function paragraph(doc: Doc, text: string, opts: { size?: number; color?: string } = {}) {
  doc.font('regular').fontSize(opts.size ?? SIZE.body).fillColor(opts.color ?? 'black');
  ensureSpace(doc, doc.heightOfString(text, { width: WIDTH }));
  doc.text(text, MARGIN, doc.y, { width: WIDTH });
  doc.fillColor('black');
}

/**
 * The two table layouts: figures (a long label, the amount right-aligned in a narrow column) and facts (a short
 * label, a long value such as a name, an address or contacts, left-aligned in a wide column).
 */
const columns = {
  figures: { label: WIDTH * 0.64, value: WIDTH * 0.36 - 8, align: 'right' },
  facts: { label: WIDTH * 0.32, value: WIDTH * 0.68 - 8, align: 'left' },
} as const;

/** A table row: the label on the left, the value beside it, a hairline under them. */
function row(doc: Doc, label: string, value: string, opts: { bold?: boolean; layout?: keyof typeof columns } = {}) {
  const col = columns[opts.layout ?? 'figures'];
  const shown = value.trim() || '—';
  doc.font(opts.bold ? 'bold' : 'regular').fontSize(SIZE.body);
  const height = Math.max(doc.heightOfString(label, { width: col.label }), doc.heightOfString(shown, { width: col.value }));
  ensureSpace(doc, height + 4);
  const y = doc.y;
  doc.text(label, MARGIN, y, { width: col.label });
  doc.text(shown, MARGIN + col.label + 8, y, { width: col.value, align: col.align });
  const bottom = y + height + 2;
  doc.moveTo(MARGIN, bottom).lineTo(MARGIN + WIDTH, bottom).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
  doc.x = MARGIN;
  doc.y = bottom + 3;
}

const fact = (doc: Doc, label: string, value: string) => row(doc, label, value, { layout: 'facts' });

// ---------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------

function renderHeader(doc: Doc, c: AgreementContent, meta: AgreementPdfMeta, t: Words) {
  const { timeZone } = marketOf(c.market);
  doc.font('bold').fontSize(SIZE.title).text(t('title'), MARGIN, MARGIN, { width: WIDTH });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(SIZE.body).text(t('documentNo', { no: meta.documentNo }), { width: WIDTH });
  doc.text(t('createdAt', { date: formatDate(meta.createdAt, { withTime: true, timeZone }), zone: timeZone }), { width: WIDTH });
  doc.moveDown(0.6);
  paragraph(doc, t('intro', { lender: c.lender.name, borrower: c.borrower.fullName || t('borrower'), date: c.quotedOn }));
}

function renderParties(doc: Doc, c: AgreementContent, t: Words) {
  const { lender, borrower } = c;
  heading(doc, t('partiesHeading'));
  fact(doc, t('lender'), lender.name);
  fact(doc, t('lenderAddress'), lender.address);
  fact(doc, t('support'), t('supportValue', { ...lender.support }));
  fact(doc, t('borrower'), borrower.fullName);
  fact(doc, t('borrowerPhone'), borrower.phoneMasked);
  fact(doc, t('borrowerAddress'), borrower.address);
  fact(doc, t('bankAccount'), borrower.bankAccountMasked);
  fact(doc, t('product'), c.product.name);
}

/** India: the Key Facts Statement's summary, its charges and the grievance officer. */
function renderKeyFacts(doc: Doc, c: AgreementContent, t: Words) {
  const kfs = c.keyFacts;
  if (!kfs) return;
  const tax = taxName(c.language, c.market);
  heading(doc, t('keyFactsHeading'));
  paragraph(doc, t('keyFactsIntro', { proposalNo: kfs.proposalNo }));
  doc.moveDown(0.3);
  row(doc, t('kfsProposalNo'), kfs.proposalNo);
  row(doc, t('kfsIssuedAt'), kfs.issuedAt);
  row(doc, t('kfsValidUntil'), kfs.validUntil);
  row(doc, t('kfsAcknowledgedAt'), kfs.acknowledgedAt ?? t('kfsNotAcknowledged'));
  row(doc, t('kfsApr'), kfs.apr, { bold: true });
  row(doc, t('kfsTotal'), kfs.total);
  doc.moveDown(0.3);
  doc.font('bold').fontSize(SIZE.subheading).text(t('kfsCharges'), MARGIN, doc.y, { width: WIDTH });
  const money = moneyIn(c.market);
  for (const charge of kfs.charges) row(doc, keyFactsChargeText(c.language, charge, tax), charge.amount === null ? charge.rate : money(charge.amount));
  doc.moveDown(0.3);
  fact(doc, t('kfsGrievance'), t('kfsGrievanceValue', { ...kfs.grievance }));
}

function renderNote(doc: Doc, c: AgreementContent, t: Words) {
  const { note } = c;
  heading(doc, t('noteHeading'));
  paragraph(doc, t('notePromise', { lender: c.lender.name, contractAmount: note.contractAmount, planDate: note.repaymentDate }));
  doc.moveDown(0.4);
  row(doc, t('borrower'), c.borrower.fullName);
  row(doc, t('rowAmount'), note.amount);
  row(doc, t('rowContractAmount'), note.contractAmount, { bold: true });
  row(doc, t('rowInterest'), note.interest);
  row(doc, t('rowCommission'), note.commission);
  row(doc, taxName(c.language, c.market), note.tax);
  row(doc, t('rowReceived'), note.received);
  row(doc, t('rowRepaymentDate'), note.repaymentDate);
  row(doc, t('rowContractDate'), c.quotedOn);
}

/** The confirmation page's rows word for word, and the annual cost (CAT, APR). */
function renderFigures(doc: Doc, c: AgreementContent, t: Words) {
  heading(doc, t('figuresHeading'));
  for (const r of c.details) row(doc, r.text, r.value);
  const cost = c.terms.annualCost;
  row(doc, cost.kind, cost.rate, { bold: true });
  doc.moveDown(0.2);
  paragraph(doc, annualCostText(c.language, cost), { size: SIZE.small, color: GREY });
}

/** Each instalment: its title, due date and amount, and its parts under them. */
function renderPlan(doc: Doc, c: AgreementContent, t: Words) {
  heading(doc, t('planHeading'));
  const cols = [WIDTH * 0.45, WIDTH * 0.25, WIDTH * 0.3];
  const cells = (texts: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(SIZE.body);
    const y = doc.y;
    doc.text(texts[0]!, MARGIN, y, { width: cols[0]! });
    doc.text(texts[1]!, MARGIN + cols[0]!, y, { width: cols[1]! });
    doc.text(texts[2]!, MARGIN + cols[0]! + cols[1]!, y, { width: cols[2]!, align: 'right' });
    doc.y = y + doc.currentLineHeight(true) + 1;
  };
  // The column headers stay with the first instalment.
  ensureSpace(doc, 70);
  cells([t('planInstalment'), t('planDueDate'), t('planAmount')], 'bold');
  for (const x of c.plan) {
    doc.font('regular').fontSize(SIZE.small);
    ensureSpace(doc, 2 * doc.currentLineHeight(true) + doc.heightOfString(x.description, { width: WIDTH }) + 6);
    cells([x.title, x.dueDate, x.amountText], 'regular');
    paragraph(doc, x.description, { size: SIZE.small, color: GREY });
    doc.moveDown(0.3);
  }
}

function renderClauses(doc: Doc, c: AgreementContent, t: Words) {
  heading(doc, t('clausesHeading'));
  agreementClauses(c).forEach((clause, i) => {
    doc.moveDown(0.4);
    doc.font('bold').fontSize(SIZE.subheading);
    ensureSpace(doc, 3 * doc.currentLineHeight(true));
    doc.text(`${i + 1}. ${clause.title}`, MARGIN, doc.y, { width: WIDTH });
    doc.moveDown(0.15);
    for (const text of clause.paragraphs) {
      paragraph(doc, text);
      doc.moveDown(0.2);
    }
  });
}

/** The closing line: what the document's hash covers and who keeps the evidence. */
function renderClosing(doc: Doc, c: AgreementContent, t: Words) {
  doc.moveDown(1);
  paragraph(doc, endSentence(t('hashLine', { lender: c.lender.name })), { size: SIZE.small, color: GREY });
}

/** Every page's foot: the document number and "page n of m". */
function numberPages(doc: Doc, meta: AgreementPdfMeta, t: Words) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing in the bottom margin must not open a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(SIZE.small).fillColor(GREY);
    doc.text(`${meta.documentNo} · ${t('page', { page: i - start + 1, pages: count })}`, MARGIN, FOOTER_Y, { width: WIDTH, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
}
