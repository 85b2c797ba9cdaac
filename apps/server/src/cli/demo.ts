/**
 * npm run -s demo -- order --status <21|151|110|174|180|200> [--lang es|en]
 *
 * Creates a borrower with a live session and an order in that status, in the
 * database the server uses, and prints one JSON object with the API base, the
 * session parameters by their real names, the ids and links to the pages.
 *
 * npm run -s demo -- applicant [--lang es|en] [--market MX|IN]
 *                              [--step identity|address|work|documents|consents|review|submitted]
 *                              [--outcome approved|referred|declined]
 *
 * Creates a demo borrower with a live session and a credit application at that
 * step (the steps before it completed with an identity of their own that the
 * KYC sandbox verifies; default: identity, the market by the language) and
 * prints { phone, sessionId, applicationNo, step, urls: { apply, home, ... } }.
 * --outcome gives the identity the sandbox bureau file that leads to it and,
 * without an earlier --step, submits the application and runs its verification
 * and credit decision at once: the output adds the outcome, its reasons (codes
 * and plain words), the day to apply again and the limits granted.
 *
 * npm run -s demo -- pay <reference or voucher code> [--amount <minor units>]
 *
 * Plays the store till or the bank: pays a payment reference, named by its
 * number or by what the voucher shows (a VPA like presta.7@sbxupi, a CLABE, a
 * Conekta cash reference, an account number), through the provider that made
 * it, and prints the outcome. The sandbox's: a signed notification to the
 * running server (PUBLIC_BASE_URL, secret PAYMENT_SANDBOX_SECRET); any other
 * provider's: through the running server's demo tools (POST
 * /api/dev/payments/pay), which have its mock send that provider's own
 * webhooks (PAYMENT_PROVIDER_MOCKS=1). The amount defaults to the
 * reference's. Exits non-zero when refused.
 *
 * npm run -s demo -- payout <orderNo> --outcome settled|returned|failed
 *
 * Plays the payout provider: the order's live payout (started from the console
 * or `ops disburse`) is settled, returned or failed by its provider's mock in
 * the running server (POST /api/dev/payouts/play), which sends that
 * provider's own callbacks; prints the payout as staff see it. Without it the
 * mock settles a payout by itself after PAYOUT_MOCK_SETTLE_MS (3000 ms).
 *
 * npm run -s demo -- sms-outbox <phone>   (or: sms <phone>)
 *
 * Prints the latest text messages sent to a phone (the SMS outbox: with no
 * SMS gateway, this is where the card payment codes go), newest first.
 *
 * Standard output carries the JSON object alone (usage, refusals and any other
 * message go to standard error), so it pipes into a JSON reader; npm's `-s`
 * keeps npm's own banner off it (README "Demo and operator commands").
 */
import { parseArgs } from 'node:util';
import { isOrderStatus } from '@presta/contract/order-status';
import { findNamedReference, type PaymentReference } from '../modules/payments/payment-references';
import { sandboxPay } from '../modules/payments/sandbox-provider';
import { isValidStoreReference } from '../modules/payments/store-reference';
import { DEV_SANDBOX_SECRET, loadConfig } from '../config';
import { openDatabase, runMigrations } from '../db/database';
import { seedDemoData } from '../modules/demo/demo-seed';
import { createDemoBorrower, makeOrderInStatus } from '../modules/demo/demo-orders';
import { pageLinks, sessionQueryParams } from '../modules/demo/demo-links';
import { createSession } from '../modules/session/session-service';
import { AppError } from '../lib/app-error';
import { eq } from 'drizzle-orm';
import { borrowers } from '../db/schema';
import { recentSms } from '../modules/sms/sms-sender';
import { translate } from '../i18n/messages';
import pino from 'pino';
import { isMarketCode } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { createRepositories } from '../repositories';
import { newestApplication } from '../modules/application/application-store';
import { createKycProvider } from '../modules/application/kyc/kyc-provider';
import { decideDemoApplicant, demoApplicantSteps, demoOutcomeProfiles, demoOutcomes, makeDemoApplicant, type DemoApplicantStep } from '../modules/demo/demo-applicants';
import { createCreditBureau } from '../modules/credit/bureau/bureau-provider';
import { createSmsProvider } from '../modules/sms/sms-provider';
import type { CreditOutcome, CreditReason } from '@presta/contract/application-rules';
import type { MessageKey } from '../i18n/messages';

const usage = `Usage:
  npm run -s demo -- order --status <21|151|110|174|180|200> [--lang es|en]
  npm run -s demo -- applicant [--lang es|en] [--market MX|IN] [--step identity|address|work|documents|consents|review|submitted]
                               [--outcome approved|referred|declined]
  npm run -s demo -- pay <reference or voucher code> [--amount <minor units>]
  npm run -s demo -- payout <orderNo> --outcome settled|returned|failed
  npm run -s demo -- sms-outbox <phone>`;

const firstNames = { es: ['Valeria', 'Diego', 'Camila', 'Mateo', 'Regina', 'Santiago'], en: ['Ananya', 'Rohan', 'Kavya', 'Vikram', 'Isha', 'Aditya'] };
const lastNames = { es: ['Navarro', 'Castillo', 'Morales', 'Ortega', 'Delgado', 'Vega'], en: ['Iyer', 'Kapoor', 'Nair', 'Reddy', 'Gupta', 'Bose'] };
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { status: { type: 'string' }, lang: { type: 'string', default: 'es' }, amount: { type: 'string' }, market: { type: 'string' }, step: { type: 'string' }, outcome: { type: 'string' } },
  });
  const [command] = positionals;
  if (command === 'pay') return pay(positionals[1], values.amount);
  if (command === 'payout') return payout(positionals[1], values.outcome);
  if (command === 'applicant') return applicant(values);
  if (command === 'sms' || command === 'sms-outbox') return printSms(positionals[1]);
  if (command !== 'order') throw new UsageError(usage);
  const status = values.status ?? '';
  if (!isOrderStatus(status)) throw new UsageError(`--status must be one of 21, 151, 110, 174, 180, 200.\n${usage}`);
  const lang = values.lang === 'en' ? 'en' : values.lang === 'es' ? 'es' : undefined;
  if (!lang) throw new UsageError(`--lang must be es or en.\n${usage}`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embeddedPgPort: config.embeddedPgPort, embeddedPgPortSet: config.embeddedPgPortSet, max: 2 });
  try {
    await runMigrations(database);
    await seedDemoData(database.db);
    const result = await database.db.transaction(async (tx) => {
      const { borrowerId, product } = await createDemoBorrower(tx, {
        fullName: `${pick(firstNames[lang])} ${pick(lastNames[lang])}`,
        language: lang,
        productCode: lang === 'en' ? 'presta-in' : 'presta-mx',
      });
      const order = await makeOrderInStatus(tx, { borrowerId, productId: product.id, status, lang });
      const sessionId = await createSession(tx, { borrowerId, deviceId: 'demo-cli', ttlHours: config.sessionTtlHours });
      const [who] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId));
      return { borrowerId, productId: product.id, order, sessionId, phone: who!.phone };
    });
    const params = sessionQueryParams({ sessionId: result.sessionId, language: lang, productId: result.productId, orderId: result.order.orderId });
    const out = {
      apiBase: config.publicBaseUrl,
      params,
      borrowerId: String(result.borrowerId),
      phone: result.phone,
      productId: String(result.productId),
      orderId: String(result.order.orderId),
      orderNo: result.order.orderNo,
      status,
      urls: pageLinks(config.publicBaseUrl, params),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

/**
 * `pay`: what a store till or a bank would do. The reference is looked up as the demo tools do
 * (findNamedReference); its amount is read from the database unless --amount is given. A 14-digit reference
 * unknown here is sent to the sandbox all the same with --amount (it is held in suspense). A refusal sets exit code 1.
 */
async function pay(code: string | undefined, amountArg: string | undefined): Promise<void> {
  if (!code) throw new UsageError(`a payment reference or a voucher's code (a VPA, a CLABE, a store reference) is required.\n${usage}`);
  if (amountArg !== undefined && !/^\d{1,15}$/.test(amountArg)) {
    throw new UsageError(`--amount must be a positive whole number of minor units (e.g. 15050 for 150,50).\n${usage}`);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embeddedPgPort: config.embeddedPgPort, embeddedPgPortSet: config.embeddedPgPortSet, max: 1 });
  let ref: PaymentReference | undefined;
  try {
    ref = await findNamedReference(database.db, code);
  } finally {
    await database.close();
  }
  const amount = amountArg === undefined ? ref?.amount : Number(amountArg);
  if (!ref && (amount === undefined || !isValidStoreReference(code))) {
    throw new UsageError(`${code} names no payment reference here: pass a 14-digit reference with --amount to send it to the sandbox anyway.`);
  }
  if (amount === undefined || amount <= 0) throw new UsageError('--amount must be positive.');
  if (ref && ref.provider !== 'sandbox') return payThroughServer(config.publicBaseUrl, ref, amount);
  const reference = ref?.reference ?? code;
  const secret = config.paymentSandboxSecret;
  const result = await sandboxPay({ baseUrl: config.publicBaseUrl, secret, reference, amount });
  const out = { apiBase: config.publicBaseUrl, reference, provider: 'sandbox', amount, eventId: result.eventId, status: result.status, body: result.body, devSecret: secret === DEV_SANDBOX_SECRET };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  if (result.status !== 200) process.exitCode = 1;
}

/** Another provider's reference: paid through its mock in the running server (its demo tools' POST /api/dev/payments/pay). */
async function payThroughServer(apiBase: string, ref: PaymentReference, amount: number): Promise<void> {
  const response = await fetch(`${apiBase}/api/dev/payments/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reference: ref.reference, amount }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  let answer: { success?: boolean; message?: string; data?: { delivered?: boolean } } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // not JSON: reported below
  }
  if (response.status === 404 && !answer.message) throw new UsageError(`${apiBase} has no demo tools (PRESTA_DEMO_TOOLS=1, npm start sets it).`);
  const out = { apiBase, reference: ref.reference, voucherCode: ref.voucherCode, provider: ref.provider, amount, status: response.status, ...(answer.data ? { payment: answer.data } : { body: answer.message ?? text }) };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  if (response.status !== 200 || answer.data?.delivered !== true) process.exitCode = 1;
}

/** `payout`: the provider's answer to an order's live payout, played by its mock in the running server. */
async function payout(orderNo: string | undefined, outcome: string | undefined): Promise<void> {
  if (!orderNo) throw new UsageError(`an order number is required.\n${usage}`);
  if (outcome !== 'settled' && outcome !== 'returned' && outcome !== 'failed') throw new UsageError(`--outcome must be settled, returned or failed.\n${usage}`);
  const apiBase = loadConfig().publicBaseUrl;
  const response = await fetch(`${apiBase}/api/dev/payouts/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderNo, outcome }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  let answer: { message?: string; data?: unknown } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // not JSON: reported below
  }
  if (response.status === 404 && !answer.message) throw new UsageError(`${apiBase} has no demo tools (PRESTA_DEMO_TOOLS=1, npm start sets it).`);
  if (response.status !== 200) throw new UsageError(answer.message ?? text);
  process.stdout.write(`${JSON.stringify({ apiBase, ...(answer.data as object) }, null, 2)}\n`);
}

/** `applicant`'s options, checked: a usage error for any other value. */
function applicantOptions(values: { lang?: string; market?: string; step?: string; outcome?: string }) {
  const lang = values.lang === 'en' ? 'en' : values.lang === 'es' || values.lang === undefined ? 'es' : undefined;
  if (!lang) throw new UsageError(`--lang must be es or en.\n${usage}`);
  const market = values.market === undefined ? (lang === 'en' ? 'IN' : 'MX') : values.market.toUpperCase();
  if (!isMarketCode(market)) throw new UsageError(`--market must be MX or IN.\n${usage}`);
  const outcome = values.outcome as CreditOutcome | undefined;
  if (outcome !== undefined && !demoOutcomes.includes(outcome)) throw new UsageError(`--outcome must be one of ${demoOutcomes.join(', ')}.\n${usage}`);
  // --outcome alone means decided, so submitted; with an earlier --step it names the identity's bureau file only.
  const step = (values.step ?? (outcome ? 'submitted' : 'identity')) as DemoApplicantStep;
  if (!demoApplicantSteps.includes(step)) throw new UsageError(`--step must be one of ${demoApplicantSteps.join(', ')}.\n${usage}`);
  return { lang, market, step, outcome } as const;
}

/** `applicant`: a demo borrower whose credit application is at --step, or decided with --outcome (docs/application.md "Demo"). */
async function applicant(values: { lang?: string; market?: string; step?: string; outcome?: string }): Promise<void> {
  const { lang, market, step, outcome } = applicantOptions(values);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embeddedPgPort: config.embeddedPgPort, embeddedPgPortSet: config.embeddedPgPortSet, max: 2 });
  try {
    await runMigrations(database);
    await seedDemoData(database.db);
    const log = pino({ level: 'silent' });
    const kyc = createKycProvider(config, log);
    const profile = outcome ? demoOutcomeProfiles[outcome] : undefined;
    const made = await makeDemoApplicant(database.db, { repos: createRepositories(database.db), kyc }, { language: lang, market, step, profile });
    const decided =
      outcome && step === 'submitted'
        ? await decideDemoApplicant(database.db, { kyc, bureau: createCreditBureau(config, log), sms: createSmsProvider(config, log), log }, made.borrowerId)
        : undefined;
    const sessionId = await createSession(database.db, { borrowerId: made.borrowerId, deviceId: 'demo-cli', ttlHours: config.sessionTtlHours });
    const application = await newestApplication(database.db, made.borrowerId);
    const params = sessionQueryParams({ sessionId, language: lang });
    const link = (path: string, extra: Record<string, string> = {}) => `${config.publicBaseUrl}${path}?${new URLSearchParams({ ...params, ...extra }).toString()}`;
    const out = {
      apiBase: config.publicBaseUrl,
      params,
      borrowerId: String(made.borrowerId),
      phone: made.phone,
      sessionId,
      market,
      applicationNo: application?.applicationNo ?? null,
      status: application?.status ?? null,
      step,
      ...(decided && {
        outcome: decided.outcome,
        reasons: decided.reasons.map((code) => ({ code, text: translate(lang, `creditReason_${code as CreditReason}` as MessageKey) })),
        reapplyAfter: decided.reapplyAfter,
        limits: decided.limits,
      }),
      urls: {
        apply: link(routes.certify, step === 'submitted' ? {} : { step }),
        home: link(routes.main),
        account: link(routes.setting),
        login: `${config.publicBaseUrl}${routes.login}`,
      },
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(error.message);
  else if (error instanceof AppError) console.error(translate('en', error.messageKey, error.vars));
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

async function printSms(phone: string | undefined) {
  if (!phone || !/^\d{10,11}$/.test(phone)) throw new UsageError(`sms needs a phone number of 10 or 11 digits.\n${usage}`);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embeddedPgPort: config.embeddedPgPort, embeddedPgPortSet: config.embeddedPgPortSet, max: 1 });
  try {
    const messages = await recentSms(database.db, phone);
    process.stdout.write(`${JSON.stringify({ phone, messages }, null, 2)}\n`);
  } finally {
    await database.close();
  }
}
