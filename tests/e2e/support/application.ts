/**
 * Helpers of the credit application's journeys (issue 34, docs/application.md).
 *
 * - `applicationTexts`: what /certify and home show, copied from apps/web/src/features/application/messages.ts,
 *   apps/web/src/features/account/messages.ts and the server's apps/server/src/i18n/messages/application.ts on
 *   purpose (the journeys check the pages against these copies, not against the pages' own catalogues).
 * - `makeApplicationImages`: the documents and the selfie as real JPEGs made with sharp (no camera in the test).
 * - `consentCode` / `statusSms`: the SMS outbox's consent code and the application's state messages.
 * - `codesMovedBack`: the phone's verification codes a minute back (codes to one phone are 60 s apart whatever
 *   their purpose: the registration's code was sent minutes, or seconds, before the consents' one).
 * - `demoApplicant`: `npm run -s demo -- applicant` against the e2e database.
 * - `Stopwatch`: the time a borrower spends on the application, the test's own checks (axe, screenshots) left out.
 * - the step helpers: each fills a step as a borrower does, and waits for the page's answer.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { verificationCodes } from '../../../apps/server/src/db/schema';
import type { IndiaIdentity, MexicoIdentity } from '../../../apps/server/src/modules/application/kyc/kyc-sandbox-data';
import { e2eDatabaseEnv, e2ePorts } from './e2e-env';
import { e2eDb as db } from './e2e-database';
import { checkPage } from './layout';
import { smsOutbox } from './payments';

const root = path.resolve(import.meta.dirname, '../../..');

export type Lang = 'es' | 'en';

export const applicationTexts = {
  es: {
    // account/messages.ts (home)
    applyTitle: 'Solicite su crédito',
    applyButton: 'Solicitar ahora',
    continueTitle: 'Continúe su solicitud',
    applicationTitle: 'Su solicitud',
    // application/messages.ts
    pageTitle: 'Solicitud de crédito',
    stepTitle: { identity: 'Sus datos', address: 'Domicilio', work: 'Trabajo e ingresos', documents: 'Documentos', consents: 'Autorizaciones' },
    reviewTitle: 'Revise y envíe su solicitud',
    statusTitle: 'Su solicitud',
    continue: 'Continuar',
    saved: /^Guardado\./,
    givenNames: 'Nombre(s)',
    firstSurname: 'Primer apellido',
    secondSurname: 'Segundo apellido',
    birthDate: 'Fecha de nacimiento',
    sex: { H: 'Hombre', M: 'Mujer', X: 'No binario' },
    birthState: 'Estado de nacimiento',
    curp: 'CURP',
    rfc: 'RFC (opcional)',
    email: 'Correo electrónico',
    fullName: 'Nombre como aparece en su tarjeta PAN',
    pan: 'PAN',
    aadhaar: 'Número Aadhaar',
    street: 'Calle',
    number: 'Número exterior',
    colonia: 'Colonia',
    postalCode: 'Código postal',
    municipality: 'Municipio o alcaldía',
    state: 'Estado',
    line1: 'Dirección (línea 1)',
    line2: 'Dirección (línea 2, opcional)',
    city: 'Ciudad',
    pinCode: 'Código PIN',
    permanent: 'Es mi domicilio permanente en India',
    nationality: '¿Tiene nacionalidad india?',
    nationalityIndian: 'Sí, soy de nacionalidad india',
    residentSince: 'Vive en este domicilio desde',
    workingSince: 'En esta empresa o negocio desde',
    month: 'Mes',
    year: 'Año',
    occupation: 'Ocupación',
    employer: 'Empresa o negocio',
    monthlyIncome: 'Ingreso mensual',
    payFrequency: 'Frecuencia con la que recibe su ingreso',
    monthlyObligations: 'Pagos mensuales de deudas',
    chooseFile: (kind: string) => `Elegir archivo: ${kind}`,
    kind: { ine_front: 'INE, frente', ine_back: 'INE, reverso', pan_card: 'Tarjeta PAN', selfie: 'Selfie' },
    uploaded: 'Foto guardada.',
    sendCode: 'Enviar código',
    codeLabel: 'Código de 6 dígitos',
    sign: 'Firmar',
    submit: 'Enviar solicitud',
    problemsTitle: 'Qué corregir',
    goToStep: (step: string) => `Ir a: ${step}`,
    // server: i18n/messages/application.ts
    statusSubmitted: 'Solicitud enviada: estamos verificando su identidad',
    statusInReview: 'Identidad verificada: su solicitud está en evaluación',
    statusReturned: 'Solicitud devuelta: corrija lo que le indicamos y envíela de nuevo',
    smsInReview: 'Presta: verificamos su identidad. Su solicitud',
    smsReturned: 'necesita una corrección',
    kycCurpMismatch: 'Sus datos no coinciden con los de su CURP en el registro de población. Revise nombres, fecha, sexo y estado.',
    kycFaceMismatch: 'Su selfie no coincide con la foto de su documento. Tome una selfie nueva con buena luz, sin lentes ni gorra.',
    kycPanNameMismatch: 'El nombre no coincide con el registrado para su PAN. Escríbalo como aparece en su tarjeta PAN.',
  },
  en: {
    applyTitle: 'Apply for credit',
    applyButton: 'Apply now',
    continueTitle: 'Continue your application',
    applicationTitle: 'Your application',
    pageTitle: 'Credit application',
    stepTitle: { identity: 'About you', address: 'Address', work: 'Work and income', documents: 'Documents', consents: 'Consents' },
    reviewTitle: 'Review and send your application',
    statusTitle: 'Your application',
    continue: 'Continue',
    saved: /^Saved\./,
    givenNames: 'Given name(s)',
    firstSurname: 'First surname',
    secondSurname: 'Second surname',
    birthDate: 'Date of birth',
    sex: { H: 'Male', M: 'Female', X: 'Non-binary' },
    birthState: 'State of birth',
    curp: 'CURP',
    rfc: 'RFC (optional)',
    email: 'E-mail',
    fullName: 'Name as on your PAN card',
    pan: 'PAN',
    aadhaar: 'Aadhaar number',
    street: 'Street',
    number: 'Street number',
    colonia: 'Colonia (neighbourhood)',
    postalCode: 'Postal code',
    municipality: 'Municipality',
    state: 'State',
    line1: 'Address line 1',
    line2: 'Address line 2 (optional)',
    city: 'City',
    pinCode: 'PIN code',
    permanent: 'This is my permanent address in India',
    nationality: 'Are you an Indian national?',
    nationalityIndian: 'Yes, I am an Indian national',
    residentSince: 'Living here since',
    workingSince: 'With this employer or business since',
    month: 'Month',
    year: 'Year',
    occupation: 'Occupation',
    employer: 'Employer or business',
    monthlyIncome: 'Monthly income',
    payFrequency: 'How often you are paid',
    monthlyObligations: 'Monthly debt payments',
    chooseFile: (kind: string) => `Choose a file: ${kind}`,
    kind: { ine_front: 'INE card, front', ine_back: 'INE card, back', pan_card: 'PAN card', selfie: 'Selfie' },
    uploaded: 'Photo saved.',
    sendCode: 'Send code',
    codeLabel: '6-digit code',
    sign: 'Sign',
    submit: 'Send application',
    problemsTitle: 'What to correct',
    goToStep: (step: string) => `Go to: ${step}`,
    statusSubmitted: 'Application sent: we are verifying your identity',
    statusInReview: 'Identity verified: your application is being assessed',
    statusReturned: 'Application returned: correct what we point out and send it again',
    smsInReview: 'Presta: your identity is verified. Your application',
    smsReturned: 'needs a correction',
    kycCurpMismatch: 'Your details do not match your CURP in the population registry. Check names, date, sex and state.',
    kycFaceMismatch: 'Your selfie does not match the photo on your document. Take a new selfie in good light, without glasses or cap.',
    kycPanNameMismatch: 'The name does not match the one registered for your PAN. Enter it as it appears on your PAN card.',
  },
} as const;

export type DocumentKindName = keyof (typeof applicationTexts)['es']['kind'];

// ---------------------------------------------------------------------------
// Pictures, SMS, codes, the demo command
// ---------------------------------------------------------------------------

/** A card-like picture (a coloured card with a "photo" and lines) or a face-like one, as SVG for sharp. */
function picture(width: number, height: number, background: string, face: boolean): Buffer {
  const shapes = face
    ? `<circle cx="${width / 2}" cy="${height / 2.4}" r="${height / 4}" fill="#e0b48c"/><rect x="${width / 4}" y="${height * 0.7}" width="${width / 2}" height="${height * 0.3}" fill="#37474f"/>`
    : `<rect x="24" y="24" width="${width / 3.5}" height="${height - 48}" fill="#cfd8dc"/>` +
      [0, 1, 2, 3].map((i) => `<rect x="${width / 3}" y="${48 + i * 56}" width="${width / 2}" height="22" fill="#455a64"/>`).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${shapes}</svg>`);
}

/** The documents and the selfie as JPEG files in a new temporary folder (at least the documents' 320 px a side). */
export async function makeApplicationImages(): Promise<Record<DocumentKindName, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'presta-application-e2e-'));
  const files = {} as Record<DocumentKindName, string>;
  const specs: [DocumentKindName, string, boolean][] = [
    ['ine_front', '#f8bbd0', false],
    ['ine_back', '#f48fb1', false],
    ['pan_card', '#b3e5fc', false],
    ['selfie', '#fff3e0', true],
  ];
  for (const [kind, colour, face] of specs) {
    files[kind] = path.join(dir, `${kind}.jpg`);
    const [w, h] = face ? [480, 640] : [856, 540];
    await sharp(picture(w, h, colour, face)).jpeg({ quality: 85 }).toFile(files[kind]);
  }
  return files;
}

/** The 6-digit code of the newest consent SMS of the phone; throws when there is none. */
export async function consentCode(request: APIRequestContext, phone: string): Promise<string> {
  const [message] = (await smsOutbox(request, phone)).filter((m) => m.purpose === 'application_consent_code');
  const match = message ? /\b(\d{6})\b/.exec(message.body) : null;
  if (!match) throw new Error(`no consent code in the SMS outbox of ${phone}`);
  return match[1]!;
}

/** The bodies of the application's state messages sent to the phone, newest first. */
export async function statusSms(request: APIRequestContext, phone: string): Promise<string[]> {
  return (await smsOutbox(request, phone)).filter((m) => m.purpose === 'application_status').map((m) => m.body);
}

/** Every verification code of the phone moved 61 s back (none yet is fine: the promotion's code is its own). */
export async function codesMovedBack(phone: string): Promise<void> {
  const { db: d } = await db();
  await d
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '61 seconds'` })
    .where(eq(verificationCodes.phone, phone));
}

export type DemoApplicant = {
  phone: string;
  sessionId: string;
  applicationNo: string | null;
  status: string | null;
  urls: { apply: string; home: string };
};

/** `npm run -s demo -- applicant --lang <lang> --step <step>` against the e2e database. */
export function demoApplicant(lang: Lang, step: string): DemoApplicant {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/demo.ts', 'applicant', '--lang', lang, '--step', step], {
    cwd: root,
    env: { ...process.env, ...e2eDatabaseEnv(), PORT: String(e2ePorts.main), PUBLIC_BASE_URL: `http://127.0.0.1:${e2ePorts.main}` },
    encoding: 'utf8',
  });
  return JSON.parse(out) as DemoApplicant;
}

/** The time a borrower spends, with the test's checks (axe, screenshots at two widths) left out. */
export class Stopwatch {
  private started = 0;
  private paused = 0;
  start() {
    this.started = Date.now();
    this.paused = 0;
  }
  /** Runs the test's own check without counting it. */
  async aside<T>(work: () => Promise<T>): Promise<T> {
    const t0 = Date.now();
    try {
      return await work();
    } finally {
      this.paused += Date.now() - t0;
    }
  }
  seconds(): number {
    return Math.round((Date.now() - this.started - this.paused) / 100) / 10;
  }
}

// ---------------------------------------------------------------------------
// The steps, as a borrower fills them
// ---------------------------------------------------------------------------

/** The page shows the view with this title (its h2) under the page's h1. */
export async function expectView(page: Page, lang: Lang, title: string) {
  const t = applicationTexts[lang];
  await expect(page.getByRole('heading', { level: 1, name: t.pageTitle })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** The step's Continue (or Sign), and the next view shown. */
export async function continueTo(page: Page, lang: Lang, next: string, button?: string) {
  await page.getByRole('button', { name: button ?? applicationTexts[lang].continue, exact: true }).click();
  await expectView(page, lang, next);
}

/**
 * The step's next save as typed (final=0) whose form holds `field=value`: asked for before the typing that sends it,
 * awaited after; then the quiet "saved" line under the form.
 */
export function draftSaved(page: Page, lang: Lang, step: 'identity' | 'address', field: string, value: string): () => Promise<void> {
  const saved = page.waitForResponse((r) => {
    if (new URL(r.url()).pathname !== `/v3/certify/${step}`) return false;
    const form = new URLSearchParams(r.request().postData() ?? '');
    return form.get('final') === '0' && form.get(field) === value;
  });
  return async () => {
    expect((await saved).status()).toBe(200);
    await expect(page.locator('.presta-application-save-state')).toHaveText(applicationTexts[lang].saved);
  };
}

/** The first half of Mexico's identity step: names, birth date, sex and state. */
export async function fillMexicoNames(page: Page, lang: Lang, person: MexicoIdentity) {
  const t = applicationTexts[lang];
  await page.getByLabel(t.givenNames).fill(person.givenNames);
  await page.getByLabel(t.firstSurname).fill(person.firstSurname);
  await page.getByLabel(t.secondSurname).fill(person.secondSurname);
  await page.getByLabel(t.birthDate).fill(person.birthDate);
  await page.getByRole('radio', { name: t.sex[person.sex as 'H' | 'M' | 'X'] }).check();
  await page.getByLabel(t.birthState).selectOption(person.birthState);
}

/** The second half: CURP, RFC and e-mail (typed in small letters: the page writes them in capitals). */
export async function fillMexicoNumbers(page: Page, lang: Lang, person: MexicoIdentity) {
  const t = applicationTexts[lang];
  await page.getByLabel(t.curp, { exact: true }).fill(person.curp.toLowerCase());
  await page.getByLabel(t.rfc).fill(person.rfc);
  await page.getByLabel(t.email).fill(person.email);
}

/** Every field of Mexico's identity step shows the person. */
export async function expectMexicoIdentity(page: Page, lang: Lang, person: MexicoIdentity, opts: { numbers: boolean }) {
  const t = applicationTexts[lang];
  await expect(page.getByLabel(t.givenNames)).toHaveValue(person.givenNames);
  await expect(page.getByLabel(t.firstSurname)).toHaveValue(person.firstSurname);
  await expect(page.getByLabel(t.secondSurname)).toHaveValue(person.secondSurname);
  await expect(page.getByLabel(t.birthDate)).toHaveValue(person.birthDate);
  await expect(page.getByRole('radio', { name: t.sex[person.sex as 'H' | 'M' | 'X'] })).toBeChecked();
  await expect(page.getByLabel(t.birthState)).toHaveValue(person.birthState);
  if (!opts.numbers) return;
  await expect(page.getByLabel(t.curp, { exact: true })).toHaveValue(person.curp);
  await expect(page.getByLabel(t.rfc)).toHaveValue(person.rfc);
  await expect(page.getByLabel(t.email)).toHaveValue(person.email);
}

/** India's identity step: the PAN's name, birth date, PAN, Aadhaar (masked once left), nationality (Indian), e-mail. */
export async function fillIndiaIdentity(page: Page, lang: Lang, person: IndiaIdentity) {
  const t = applicationTexts[lang];
  await page.getByLabel(t.fullName).fill(person.fullName);
  await page.getByLabel(t.birthDate).fill(person.birthDate);
  await page.getByLabel(t.pan, { exact: true }).fill(person.pan);
  const aadhaar = page.getByLabel(t.aadhaar);
  await aadhaar.pressSequentially(person.aadhaar);
  // Grouped by four while typed, masked to the last four once left.
  await expect(aadhaar).toHaveValue(person.aadhaar.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByRole('group', { name: t.nationality }).getByRole('radio', { name: t.nationalityIndian }).check();
  await page.getByLabel(t.email).fill(person.email);
  await expect(aadhaar).toHaveValue(`XXXX XXXX ${person.aadhaar.slice(-4)}`);
}

export const mexicoAddress = { street: 'Calle Durango', number: '81', colonia: 'Roma Norte', postalCode: '06700', municipality: 'Cuauhtémoc', state: 'DF' };
export const indiaAddress = { line1: '12 MG Road', line2: 'Ashok Nagar', city: 'Bengaluru', state: 'KA', postalCode: '560001' };
/** Since when the applicant lives at the address and works for the employer (the demo applicant's, issue 35). */
export const residentSince = '2019-03';
export const workingSince = '2021-08';

/** A month picker (two selects, month and year, in a group named by the question) set to `month` (YYYY-MM). */
export async function chooseMonth(page: Page, lang: Lang, question: string, month: string) {
  const t = applicationTexts[lang];
  const group = page.getByRole('group', { name: question });
  await group.getByLabel(t.month, { exact: true }).selectOption(month.slice(5, 7));
  await group.getByLabel(t.year, { exact: true }).selectOption(month.slice(0, 4));
}

export async function fillMexicoAddress(page: Page, lang: Lang) {
  const t = applicationTexts[lang];
  const a = mexicoAddress;
  await page.getByLabel(t.street).fill(a.street);
  await page.getByLabel(t.number, { exact: true }).fill(a.number);
  await page.getByLabel(t.colonia).fill(a.colonia);
  await page.getByLabel(t.postalCode).fill(a.postalCode);
  await page.getByLabel(t.municipality).fill(a.municipality);
  await page.getByLabel(t.state, { exact: true }).selectOption(a.state);
  await chooseMonth(page, lang, t.residentSince, residentSince);
}

/** India's address; `upTo: 'lines'` stops after the lines and the city (the reload's half). */
export async function fillIndiaAddress(page: Page, lang: Lang, upTo: 'lines' | 'all' = 'all') {
  const t = applicationTexts[lang];
  const a = indiaAddress;
  if (upTo === 'lines') {
    await page.getByLabel(t.line1).fill(a.line1);
    await page.getByLabel(t.line2).fill(a.line2);
    await page.getByLabel(t.city).fill(a.city);
    return;
  }
  await page.getByLabel(t.state, { exact: true }).selectOption(a.state);
  await page.getByLabel(t.pinCode).fill(a.postalCode);
  await page.getByLabel(t.permanent).check();
  await chooseMonth(page, lang, t.residentSince, residentSince);
}

export async function expectIndiaAddressLines(page: Page, lang: Lang) {
  const t = applicationTexts[lang];
  await expect(page.getByLabel(t.line1)).toHaveValue(indiaAddress.line1);
  await expect(page.getByLabel(t.line2)).toHaveValue(indiaAddress.line2);
  await expect(page.getByLabel(t.city)).toHaveValue(indiaAddress.city);
}

/** Work and income: employed, an employer and since when, income and obligations in whole units of the currency, paid monthly. */
export async function fillWork(page: Page, lang: Lang, employer: string) {
  const t = applicationTexts[lang];
  await page.getByLabel(t.occupation).selectOption('employed');
  await page.getByLabel(t.employer).fill(employer);
  await chooseMonth(page, lang, t.workingSince, workingSince);
  await page.getByLabel(t.monthlyIncome).fill('22000');
  await page.getByLabel(t.payFrequency).selectOption('monthly');
  await page.getByLabel(t.monthlyObligations).fill('3000');
}

/** Each document through the plain file picker (not the camera's input); waits for each tile's "saved". */
export async function uploadDocuments(page: Page, lang: Lang, kinds: DocumentKindName[], files: Record<DocumentKindName, string>) {
  const t = applicationTexts[lang];
  for (const kind of kinds) {
    const tile = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: t.kind[kind], exact: true }) });
    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/upload-document'));
    await page.getByLabel(t.chooseFile(t.kind[kind]), { exact: true }).setInputFiles(files[kind]);
    expect((await uploaded).status()).toBe(200);
    await expect(tile.getByRole('status')).toHaveText(t.uploaded);
    await expect.poll(() => tile.getByRole('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  }
}

/** Every consent ticked, the code asked for, read from the SMS outbox and typed; not signed yet. */
export async function fillConsents(page: Page, request: APIRequestContext, lang: Lang, phone: string) {
  const t = applicationTexts[lang];
  const boxes = page.getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  for (const box of await boxes.all()) await box.check();
  await codesMovedBack(phone);
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/consent-code'));
  await page.getByRole('button', { name: t.sendCode }).click();
  expect((await sent).status()).toBe(200);
  await page.getByLabel(t.codeLabel).fill(await consentCode(request, phone));
}

/** Reloads the page until `text` shows (the verification job runs on the server's queue), up to `seconds`. */
export async function reloadUntil(page: Page, text: string, seconds = 40) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: seconds * 1000, intervals: [1_000, 2_000] });
}

/** checkPage, set aside from the stopwatch. */
export function checker(watch: Stopwatch) {
  return (page: Page, name: string) => watch.aside(() => checkPage(page, name));
}
