import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brands, defaultBrand, type Brand } from '@presta/contract/brand';
import { markets, type MarketCode, type SupportContacts } from '@presta/contract/markets';

/** Repository root (apps/server/src → ../../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The embedded PostgreSQL's port when EMBEDDED_PG_PORT is not set (and free). */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;

export type Config = {
  /**
   * 'production' (PRESTA_ENV=production, which `npm run serve` and the compiled
   * server set): refuses unsafe settings (productionProblems), no embedded
   * database, no demo seed or tools, API reference only with PRESTA_API_DOCS=1.
   */
  env: 'development' | 'production';
  port: number;
  host: string;
  /** Absent: the server starts its own embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Start of every key Presta writes in Redis (REDIS_KEY_PREFIX): environments may share one Redis. */
  redisKeyPrefix: string;
  dataDir: string;
  /** The embedded PostgreSQL's port (EMBEDDED_PG_PORT, default 54329). */
  embeddedPgPort: number;
  /**
   * Whether EMBEDDED_PG_PORT was set: then a port taken by another program stops the start with one line;
   * unset, a free port is chosen instead of the default (README "Two commands").
   */
  embeddedPgPortSet: boolean;
  brand: Brand;
  /** Public origin used in links the server prints or returns (demo command, test page). */
  publicBaseUrl: string;
  /** Demo tools: the test page's demo borrower list and session maker. Never on in production. */
  demoTools: boolean;
  sessionTtlHours: number;
  /** Lifetime of cached sessions and order reads between announced changes; 0 turns the caches off. */
  cacheTtlMs: number;
  /** GET /docs and /docs/json: always in development, with PRESTA_API_DOCS=1 in production. */
  apiDocs: boolean;
  /** PostgreSQL connections per process (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** Time to open a PostgreSQL connection before the call answers 503. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL statement_timeout and lock_timeout of every connection; idle_in_transaction_session_timeout. */
  databaseStatementTimeoutMs: number;
  databaseLockTimeoutMs: number;
  databaseIdleInTransactionTimeoutMs: number;
  /** HMAC secret of the sandbox payment provider's notifications; the published development secret when unset. */
  paymentSandboxSecret: string;
  /**
   * A signed notification whose amount is above this share (percent) of what
   * its order owes (or of its reference's amount, if larger) is refused and
   * recorded for review, never applied.
   */
  paymentCeilingPercent: number;
  /** The payment providers (docs/payments.md "Providers", docs/settings.md "Payment providers"). */
  payments: PaymentsConfig;
  /** Money out: the payout rail of each market, its mocks and keys (payouts-config.ts, docs/disbursal.md). */
  payouts: PayoutsConfig;
  /** Who time-stamps signed agreements (RFC 3161): the local demo authority or a provider's (docs/providers/tsa.md). */
  tsa: TsaConfig;
  /** GET /metrics: with `Authorization: Bearer METRICS_TOKEN` on the main port, or on METRICS_PORT (no token). */
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  /** A request not answered by then gets a 503 (REQUEST_TIMEOUT_MS; 0: no limit). */
  requestTimeoutMs: number;
  /** On SIGTERM: readiness answers 503 at once; after this delay the server stops taking connections. */
  shutdownDrainMs: number;
  /** Then in-flight requests get this long to finish before the process exits anyway. */
  shutdownGraceMs: number;
  /** This process runs the scheduled work (the job queue's worker); PRESTA_JOBS=0 turns it off here. */
  jobs: boolean;
  /** pg-boss's schema (PRESTA_JOBS_SCHEMA, default pgboss): where the scheduled work keeps its queues and the submit sends its job. */
  jobsSchema: string;
  logLevel: string;
  webDistDir: string;
  /** The web app's server build (apps/web/dist-ssr): renders a page's first view (decision 020); without it pages are sent unrendered. */
  webSsrDir: string;
  /** How long a page waits for its first call's answer to render its first view before it is sent unrendered (FIRST_VIEW_DEADLINE_MS; 0: never render). */
  firstViewDeadlineMs: number;
  /** The back office console's build (apps/console, served under /console). */
  consoleDistDir: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate
   * limits of public calls): false (default: none, the socket's address),
   * true (any: only behind a proxy that overwrites the header), or a
   * comma-separated list of addresses/CIDRs (e.g. 'loopback,10.0.0.0/8').
   */
  trustProxy: boolean | string;
  /** Who delivers text messages: 'console' (default: the log) or 'http' (SMS_PROVIDER_URL, SMS_PROVIDER_KEY). */
  smsProvider: 'console' | 'http';
  smsProviderUrl: string | undefined;
  smsProviderKey: string | undefined;
  /**
   * Customer service contacts per market (get-whatsapp, the vouchers' e-mail): Mexico's from SUPPORT_WHATSAPP,
   * SUPPORT_PHONE, SUPPORT_EMAIL (default: the brand's), India's from SUPPORT_IN_WHATSAPP, SUPPORT_IN_PHONE,
   * SUPPORT_IN_EMAIL (default: the Indian market's, markets.ts).
   */
  support: Record<MarketCode, SupportContacts>;
  /**
   * Who verifies identities (docs/identity-verification.md): 'sandbox' (development's default: deterministic by test
   * data, no network) or 'live' (Mexico through Didit, India through Cashfree Secure ID). Production refuses the sandbox
   * unless KYC_PROVIDER=sandbox names it on purpose (kycProviderSet).
   */
  kycProvider: 'sandbox' | 'live';
  kycProviderSet: boolean;
  /**
   * Which credit bureau the decision asks (docs/credit-bureau.md): only 'sandbox' so far (development's default:
   * deterministic files by test identity, no network). Production refuses it unless CREDIT_BUREAU=sandbox names it
   * on purpose (creditBureauSet).
   */
  creditBureau: 'sandbox';
  creditBureauSet: boolean;
  /** Longest wait for a KYC provider's answer (KYC_TIMEOUT_MS) before the check counts as unavailable. */
  kycTimeoutMs: number;
  /** Didit (Mexico: CURP at RENAPO, INE at the Lista Nominal, face match): DIDIT_API_URL, DIDIT_API_KEY. */
  didit: { url: string; apiKey: string | undefined };
  /** Cashfree Secure ID (India: PAN, Aadhaar offline e-KYC, face match): CASHFREE_VERIFICATION_URL and its client id and secret. */
  cashfree: { url: string; clientId: string | undefined; clientSecret: string | undefined };
  /** The key the staff's TOTP secrets are encrypted under (STAFF_SECRET_KEY: 32 bytes, base64; development: DEV_STAFF_SECRET_KEY). */
  staffSecretKey: Buffer;
};

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

function optionalIntFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const intFromEnv = (name: string, fallback: number) => intFrom(env, name, fallback);
  const port = intFromEnv('PORT', 3000);
  const presta = env.PRESTA_ENV ?? 'development';
  if (presta !== 'development' && presta !== 'production') {
    throw new Error(`PRESTA_ENV must be "production" or "development", got "${presta}"`);
  }
  const production = presta === 'production';
  const brandId = env.PRESTA_BRAND ?? defaultBrand.id;
  const brand = brands[brandId];
  if (!brand) throw new Error(`PRESTA_BRAND "${brandId}" is unknown; known: ${Object.keys(brands).join(', ')}`);
  return {
    env: presta,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'presta-rl:',
    dataDir: path.resolve(repoRoot, env.PRESTA_DATA_DIR ?? 'data'),
    embeddedPgPort: intFromEnv('EMBEDDED_PG_PORT', DEFAULT_EMBEDDED_PG_PORT),
    embeddedPgPortSet: (env.EMBEDDED_PG_PORT ?? '').trim() !== '',
    brand,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    demoTools: env.PRESTA_DEMO_TOOLS === '1',
    sessionTtlHours: intFromEnv('SESSION_TTL_HOURS', 72),
    cacheTtlMs: intFromEnv('CACHE_TTL_MS', 30_000),
    apiDocs: !production || env.PRESTA_API_DOCS === '1',
    databasePoolMax: Math.max(1, intFromEnv('DATABASE_POOL_MAX', 10)),
    databaseConnectTimeoutMs: intFromEnv('DATABASE_CONNECT_TIMEOUT_MS', 1_500),
    databaseStatementTimeoutMs: intFromEnv('DATABASE_STATEMENT_TIMEOUT_MS', 10_000),
    databaseLockTimeoutMs: intFromEnv('DATABASE_LOCK_TIMEOUT_MS', 3_000),
    databaseIdleInTransactionTimeoutMs: intFromEnv('DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000),
    paymentSandboxSecret: env.PAYMENT_SANDBOX_SECRET || DEV_SANDBOX_SECRET,
    paymentCeilingPercent: Math.max(100, intFromEnv('PAYMENT_CEILING_PERCENT', 200)),
    payments: paymentsConfigFrom(env, production),
    payouts: payoutsConfigFrom(env, production),
    tsa: tsaConfigFrom(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: optionalIntFromEnv(env, 'METRICS_PORT'),
    requestTimeoutMs: intFromEnv('REQUEST_TIMEOUT_MS', 15_000),
    shutdownDrainMs: intFromEnv('SHUTDOWN_DRAIN_MS', production ? 5_000 : 0),
    shutdownGraceMs: intFromEnv('SHUTDOWN_GRACE_MS', 10_000),
    jobs: env.PRESTA_JOBS !== '0',
    jobsSchema: /^[a-z_][a-z0-9_]{0,62}$/.test(env.PRESTA_JOBS_SCHEMA ?? '') ? env.PRESTA_JOBS_SCHEMA! : 'pgboss',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: path.resolve(repoRoot, 'apps/web/dist'),
    webSsrDir: path.resolve(repoRoot, 'apps/web/dist-ssr'),
    firstViewDeadlineMs: intFromEnv('FIRST_VIEW_DEADLINE_MS', 300),
    consoleDistDir: path.resolve(repoRoot, 'apps/console/dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smsProvider: env.SMS_PROVIDER === 'http' ? 'http' : 'console',
    smsProviderUrl: env.SMS_PROVIDER_URL || undefined,
    smsProviderKey: env.SMS_PROVIDER_KEY || undefined,
    staffSecretKey: staffSecretKeyFrom(env.STAFF_SECRET_KEY),
    ...kycConfigFrom(env),
    ...creditBureauConfigFrom(env),
    support: {
      MX: {
        whatsapp: env.SUPPORT_WHATSAPP?.trim() || brand.serviceWhatsapp,
        phone: env.SUPPORT_PHONE?.trim() || brand.servicePhone,
        email: env.SUPPORT_EMAIL?.trim() || brand.serviceEmail,
      },
      IN: {
        whatsapp: env.SUPPORT_IN_WHATSAPP?.trim() || markets.IN.support.whatsapp,
        phone: env.SUPPORT_IN_PHONE?.trim() || markets.IN.support.phone,
        email: env.SUPPORT_IN_EMAIL?.trim() || markets.IN.support.email,
      },
    },
  };
}

/** The voucher channels (a reference paid outside our pages); the card is paid on its own page. */
export const voucherChannelIds = ['store', 'spei', 'upi', 'bank_transfer'] as const;
export type VoucherChannelId = (typeof voucherChannelIds)[number];
const paymentProviderNames = ['sandbox', 'conekta', 'stp', 'razorpay'] as const;

// ---------------------------------------------------------------------------
// Payouts (issue 37, docs/disbursal.md)
// ---------------------------------------------------------------------------

/** The payout rails: STP (SPEI, Mexico) and RazorpayX (IMPS/NEFT, India). */
export const payoutProviderIds = ['stp', 'razorpayx'] as const;
export type PayoutProviderId = (typeof payoutProviderIds)[number];

export type PayoutsConfig = {
  /**
   * The rail of each market (PAYOUT_PROVIDERS, e.g. `MX=stp,IN=razorpayx`). Development: both by default, through
   * their local mocks; production: only what the setting names (a market without one cannot disburse).
   */
  providers: Partial<Record<MarketCode, PayoutProviderId>>;
  providersSet: boolean;
  /**
   * The local mocks of the payout providers (PAYOUT_PROVIDER_MOCKS; development's default is on, `0` turns them
   * off): the server starts them and talks to them. Production refuses it.
   */
  mocks: boolean;
  /** How long a mock waits before it settles an accepted payout by itself (PAYOUT_MOCK_SETTLE_MS, default 3000; 0: never, `demo payout` answers). */
  mockSettleMs: number;
  /** Longest wait for one call to a payout provider (PAYOUT_PROVIDER_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
  /** A payout pending longer than this is asked of its provider by the reconciliation job (PAYOUT_RECONCILE_AFTER_MS, default 10 min). */
  reconcileAfterMs: number;
  /**
   * STP payouts (the keys and company are payments' STP settings): STP_PAYOUT_ACCOUNT (the lender's own CLABE at STP,
   * cuentaOrdenante), STP_PAYOUT_NAME (nombreOrdenante), STP_PAYOUT_RFC (rfcCurpOrdenante).
   */
  stp: { account: string | undefined; name: string | undefined; rfc: string | undefined };
  /**
   * RazorpayX: RAZORPAYX_API_URL (default https://api.razorpay.com), RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET,
   * RAZORPAYX_ACCOUNT_NUMBER (the lender's RazorpayX business account), RAZORPAYX_WEBHOOK_SECRET.
   */
  razorpayx: { apiUrl: string; keyId: string | undefined; keySecret: string | undefined; accountNumber: string | undefined; webhookSecret: string | undefined };
};

function payoutsConfigFrom(env: NodeJS.ProcessEnv, production: boolean): PayoutsConfig {
  const opt = (name: string) => env[name]?.trim() || undefined;
  const providers: PayoutsConfig['providers'] = production ? {} : { MX: 'stp', IN: 'razorpayx' };
  for (const pair of listFromEnv(env.PAYOUT_PROVIDERS)) {
    const m = /^(MX|IN)=(stp|razorpayx|none)$/.exec(pair);
    if (!m) throw new Error(`PAYOUT_PROVIDERS: "${pair}" is not <MX|IN>=<stp|razorpayx|none>`);
    const [, market, provider] = m as unknown as [string, MarketCode, PayoutProviderId | 'none'];
    if (provider === 'none') delete providers[market];
    else if ((market === 'MX') !== (provider === 'stp')) throw new Error(`PAYOUT_PROVIDERS: ${provider} does not pay out in ${market}`);
    else providers[market] = provider;
  }
  return {
    providers,
    providersSet: (env.PAYOUT_PROVIDERS ?? '').trim() !== '',
    mocks: production ? env.PAYOUT_PROVIDER_MOCKS === '1' : env.PAYOUT_PROVIDER_MOCKS !== '0',
    mockSettleMs: intFrom(env, 'PAYOUT_MOCK_SETTLE_MS', 3_000),
    timeoutMs: intFrom(env, 'PAYOUT_PROVIDER_TIMEOUT_MS', 10_000),
    reconcileAfterMs: intFrom(env, 'PAYOUT_RECONCILE_AFTER_MS', 10 * 60_000),
    stp: { account: opt('STP_PAYOUT_ACCOUNT'), name: opt('STP_PAYOUT_NAME'), rfc: opt('STP_PAYOUT_RFC') },
    razorpayx: {
      apiUrl: (opt('RAZORPAYX_API_URL') ?? 'https://api.razorpay.com').replace(/\/$/, ''),
      keyId: opt('RAZORPAYX_KEY_ID'),
      keySecret: opt('RAZORPAYX_KEY_SECRET'),
      accountNumber: opt('RAZORPAYX_ACCOUNT_NUMBER'),
      webhookSecret: opt('RAZORPAYX_WEBHOOK_SECRET'),
    },
  };
}

/** The payout settings production refuses (docs/settings.md "Payout providers"). */
function payoutProblems(config: Config): string[] {
  const { payouts, payments } = config;
  const problems: string[] = [];
  if (!payouts.providersSet) problems.push('PAYOUT_PROVIDERS is not set: no loan could be disbursed. Name the rail of each market (e.g. MX=stp,IN=razorpayx).');
  if (payouts.mocks) problems.push('PAYOUT_PROVIDER_MOCKS=1: the server would start local mocks of the payout providers and disburse through them; development and e2e only.');
  if (payouts.providers.MX === 'stp') {
    for (const [name, value] of [['STP_EMPRESA', payments.stp.empresa], ['STP_PRIVATE_KEY', payments.stp.privateKey], ['STP_PAYOUT_ACCOUNT', payouts.stp.account], ['STP_PAYOUT_NAME', payouts.stp.name]] as const) {
      if (!value) problems.push(`${name} is not set: STP payouts need it.`);
    }
    if (!payments.stp.apiUrl.startsWith('https://')) problems.push(`STP_API_URL must be an https address, got "${payments.stp.apiUrl}".`);
  }
  if (payouts.providers.IN === 'razorpayx') {
    const x = payouts.razorpayx;
    for (const [name, value] of [['RAZORPAYX_KEY_ID', x.keyId], ['RAZORPAYX_KEY_SECRET', x.keySecret], ['RAZORPAYX_ACCOUNT_NUMBER', x.accountNumber], ['RAZORPAYX_WEBHOOK_SECRET', x.webhookSecret]] as const) {
      if (!value) problems.push(`${name} is not set: RazorpayX payouts need it.`);
    }
    if (!x.apiUrl.startsWith('https://')) problems.push(`RAZORPAYX_API_URL must be an https address, got "${x.apiUrl}".`);
  }
  return problems;
}

// ---------------------------------------------------------------------------
// Time-stamp authority (issue 38, docs/providers/tsa.md)
// ---------------------------------------------------------------------------

/** The time-stamp authorities: the local demo one (its own key under <dataDir>/tsa) and a provider's over RFC 3161. */
export const tsaProviderIds = ['local', 'rfc3161'] as const;
export type TsaProviderId = (typeof tsaProviderIds)[number];

export type TsaConfig = {
  /**
   * TSA_PROVIDER: 'local' (development's default: the demo authority, whose certificate nobody trusts) or 'rfc3161'
   * (an accredited provider at TSA_URL). Production refuses it unset; 'local' only when named on purpose (providerSet).
   */
  provider: TsaProviderId;
  providerSet: boolean;
  /** TSA_URL: where TimeStampReqs are POSTed (application/timestamp-query). */
  url: string | undefined;
  /** TSA_USERNAME and TSA_PASSWORD (HTTP basic auth), or TSA_BEARER_TOKEN; none when the provider's URL is open. */
  username: string | undefined;
  password: string | undefined;
  bearerToken: string | undefined;
  /** TSA_CA_PEM: the path of the provider's certificate chain (PEM: its root, intermediates, TSA certificate). */
  caPemPath: string | undefined;
  /** TSA_POLICY: the policy OID to ask for; the provider's default when unset. */
  policy: string | undefined;
  /** TSA_TIMEOUT_MS (default 5000): the longest wait for the provider's answer. */
  timeoutMs: number;
};

function tsaConfigFrom(env: NodeJS.ProcessEnv): TsaConfig {
  const opt = (name: string) => env[name]?.trim() || undefined;
  const raw = opt('TSA_PROVIDER');
  const provider = tsaProviderIds.find((id) => id === (raw ?? 'local'));
  if (!provider) throw new Error(`TSA_PROVIDER must be "local" or "rfc3161", got "${raw}"`);
  const policy = opt('TSA_POLICY');
  if (policy !== undefined && !/^[0-2](\.(0|[1-9][0-9]*))+$/.test(policy)) throw new Error(`TSA_POLICY must be an OID (e.g. 1.2.3.4), got "${policy}"`);
  const caPem = opt('TSA_CA_PEM');
  return {
    provider,
    providerSet: raw !== undefined,
    url: opt('TSA_URL'),
    username: opt('TSA_USERNAME'),
    password: env.TSA_PASSWORD || undefined,
    bearerToken: opt('TSA_BEARER_TOKEN'),
    caPemPath: caPem === undefined ? undefined : path.resolve(repoRoot, caPem),
    policy,
    timeoutMs: Math.max(1, intFrom(env, 'TSA_TIMEOUT_MS', 5_000)),
  };
}

/** The time-stamp settings production refuses (docs/settings.md "Time-stamp authority"). */
function tsaProblems({ tsa }: Config): string[] {
  if (tsa.provider === 'local') {
    return tsa.providerSet ? [] : ["TSA_PROVIDER is not set: signed agreements would be time-stamped by the local demo authority, whose certificate nobody trusts. Set TSA_PROVIDER=rfc3161 with TSA_URL and TSA_CA_PEM (docs/providers/tsa.md), or TSA_PROVIDER=local on purpose (a demo)."];
  }
  const problems: string[] = [];
  if (!tsa.url) problems.push('TSA_PROVIDER=rfc3161 needs TSA_URL (the provider\'s time-stamp address).');
  else if (!tsa.url.startsWith('https://')) problems.push(`TSA_URL must be an https address, got "${tsa.url}".`);
  if (!tsa.caPemPath) problems.push("TSA_PROVIDER=rfc3161 needs TSA_CA_PEM (the path of the provider's certificate chain, PEM).");
  else if (!readsAsPem(tsa.caPemPath)) problems.push(`TSA_CA_PEM: no PEM certificate can be read at ${tsa.caPemPath}.`);
  if (tsa.username !== undefined && tsa.password === undefined) problems.push('TSA_USERNAME is set without TSA_PASSWORD.');
  if (tsa.bearerToken !== undefined && tsa.username !== undefined) problems.push('TSA_BEARER_TOKEN and TSA_USERNAME are both set: name one way to sign in.');
  return problems;
}

function readsAsPem(file: string): boolean {
  try {
    return fs.readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----');
  } catch {
    return false;
  }
}

type PaymentProviderName = (typeof paymentProviderNames)[number];

/** The channels each provider collects (docs/payments.md "Providers"). */
export const providerChannels: Record<PaymentProviderName, readonly VoucherChannelId[]> = {
  sandbox: voucherChannelIds,
  conekta: ['store', 'spei'],
  stp: ['spei'],
  razorpay: ['upi', 'bank_transfer'],
};

export type PaymentsConfig = {
  /**
   * Which provider serves each market's voucher channels (PAYMENT_CHANNELS, e.g.
   * `MX.store=conekta,MX.spei=stp,IN.upi=razorpay,IN.bank_transfer=razorpay`; `none` switches a channel off). A
   * channel not named keeps the sandbox in development, and has none in production; a channel with no provider is
   * not offered.
   */
  channels: Record<MarketCode, Partial<Record<VoucherChannelId, PaymentProviderName>>>;
  /** PAYMENT_CHANNELS was set (production requires it: the sandbox only when it names it). */
  channelsSet: boolean;
  /** PAYMENT_PROVIDER_MOCKS=1: the server starts the local mocks of the providers it uses and talks to them (development and e2e only). */
  mocks: boolean;
  /** Longest wait for one call to a provider (PAYMENT_PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Conekta: CONEKTA_API_URL, CONEKTA_PRIVATE_KEY (API key), CONEKTA_WEBHOOK_PUBLIC_KEY (PEM of the webhook key), CONEKTA_STORES. */
  conekta: { apiUrl: string; privateKey: string | undefined; webhookPublicKey: string | undefined; stores: string[] };
  /**
   * STP: STP_API_URL, STP_EMPRESA (the lender's company name at STP), STP_PRIVATE_KEY (PEM, for firma) and
   * STP_PRIVATE_KEY_PASSPHRASE, STP_CLABE_PREFIX (the lender's range: 646 + plaza 180 + its 4-digit prefix, 10 digits),
   * STP_ALLOWED_ADDRESSES (the addresses STP sends deposits from, comma-separated); STP_QUERY_URL when STP's query
   * services are not on STP_API_URL's host (STP's test environment: https://efws-dev.stpmex.com).
   */
  stp: {
    apiUrl: string;
    queryUrl: string | undefined;
    empresa: string | undefined;
    privateKey: string | undefined;
    privateKeyPassphrase: string | undefined;
    clabePrefix: string | undefined;
    allowedAddresses: string[];
  };
  /** Razorpay: RAZORPAY_API_URL, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET. */
  razorpay: { apiUrl: string; keyId: string | undefined; keySecret: string | undefined; webhookSecret: string | undefined };
};

/** A PEM from the environment: as it is, with `\n` escapes, or base64 of the PEM. */
export function pemFromEnv(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (value.includes('-----BEGIN')) return value.replaceAll('\\n', '\n');
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return decoded.includes('-----BEGIN') ? decoded : value;
}

const listFromEnv = (raw: string | undefined) => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * PAYMENT_CHANNELS: `<market>.<channel>=<provider>` pairs. In development every channel of a market not named keeps
 * the sandbox; in production a channel not named is not offered (the sandbox serves only what names it on purpose).
 */
function paymentChannelsFrom(raw: string | undefined, production: boolean): PaymentsConfig['channels'] {
  const channels: PaymentsConfig['channels'] = { MX: {}, IN: {} };
  for (const market of production ? [] : (Object.keys(markets) as MarketCode[])) {
    for (const channel of markets[market].paymentChannels) {
      if ((voucherChannelIds as readonly string[]).includes(channel)) channels[market][channel as VoucherChannelId] = 'sandbox';
    }
  }
  for (const pair of listFromEnv(raw)) {
    const m = /^(MX|IN)\.(store|spei|upi|bank_transfer)=(sandbox|conekta|stp|razorpay|none)$/.exec(pair);
    if (!m) throw new Error(`PAYMENT_CHANNELS: "${pair}" is not <MX|IN>.<store|spei|upi|bank_transfer>=<sandbox|conekta|stp|razorpay|none>`);
    const [, market, channel, provider] = m as unknown as [string, MarketCode, VoucherChannelId, PaymentProviderName | 'none'];
    if (!(markets[market].paymentChannels as readonly string[]).includes(channel)) throw new Error(`PAYMENT_CHANNELS: ${market} offers no ${channel} channel`);
    if (provider === 'none') delete channels[market][channel];
    else if (!providerChannels[provider].includes(channel)) throw new Error(`PAYMENT_CHANNELS: ${provider} does not collect ${channel}`);
    else channels[market][channel] = provider;
  }
  return channels;
}

function paymentsConfigFrom(env: NodeJS.ProcessEnv, production: boolean): PaymentsConfig {
  const url = (name: string, fallback: string) => (env[name]?.trim() || fallback).replace(/\/$/, '');
  const opt = (name: string) => env[name]?.trim() || undefined;
  return {
    channels: paymentChannelsFrom(env.PAYMENT_CHANNELS, production),
    channelsSet: (env.PAYMENT_CHANNELS ?? '').trim() !== '',
    mocks: env.PAYMENT_PROVIDER_MOCKS === '1',
    timeoutMs: intFrom(env, 'PAYMENT_PROVIDER_TIMEOUT_MS', 8_000),
    conekta: {
      apiUrl: url('CONEKTA_API_URL', 'https://api.conekta.io'),
      privateKey: opt('CONEKTA_PRIVATE_KEY'),
      webhookPublicKey: pemFromEnv(env.CONEKTA_WEBHOOK_PUBLIC_KEY),
      // Conekta's cash network as its docs list it today (no OXXO: docs/providers/conekta.md "Stores"); the account's own, if narrower.
      stores:
        env.CONEKTA_STORES === undefined
          ? ['7-Eleven', 'Farmacias del Ahorro', 'Circle K', 'Tiendas Extra', 'Farmacias Benavides', 'Soriana', "Waldo's",
             'Eleczion', 'Super Kiosko', 'Farmacias Bazar', 'Woolworth', 'Del Sol', 'Yepas', 'Al Super']
          : listFromEnv(env.CONEKTA_STORES),
    },
    stp: {
      apiUrl: url('STP_API_URL', 'https://prod.stpmex.com:7002/speiws/rest'),
      queryUrl: opt('STP_QUERY_URL')?.replace(/\/$/, ''),
      empresa: opt('STP_EMPRESA'),
      privateKey: pemFromEnv(env.STP_PRIVATE_KEY),
      privateKeyPassphrase: opt('STP_PRIVATE_KEY_PASSPHRASE'),
      clabePrefix: opt('STP_CLABE_PREFIX'),
      allowedAddresses: listFromEnv(env.STP_ALLOWED_ADDRESSES),
    },
    razorpay: {
      apiUrl: url('RAZORPAY_API_URL', 'https://api.razorpay.com'),
      keyId: opt('RAZORPAY_KEY_ID'),
      keySecret: opt('RAZORPAY_KEY_SECRET'),
      webhookSecret: opt('RAZORPAY_WEBHOOK_SECRET'),
    },
  };
}

/** The providers PAYMENT_CHANNELS puts in use (each once, in the order first named). */
export function paymentProvidersInUse(payments: PaymentsConfig): PaymentProviderName[] {
  const used = Object.values(payments.channels).flatMap((byChannel) => Object.values(byChannel));
  return paymentProviderNames.filter((name) => used.includes(name));
}

/**
 * What a provider in use lacks to run (a secret, a malformed setting), in words: production refuses to start with
 * any, and the registry refuses to build the provider (payment-providers.ts). The sandbox needs nothing here.
 */
export function paymentProviderProblems(payments: PaymentsConfig): string[] {
  const problems: string[] = [];
  const missing = (provider: string, names: [string, unknown][]) => {
    const unset = names.filter(([, value]) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0)).map(([name]) => name);
    if (unset.length > 0) problems.push(`PAYMENT_CHANNELS names ${provider}, which needs ${unset.join(', ')}.`);
  };
  for (const provider of paymentProvidersInUse(payments)) {
    if (provider === 'conekta') {
      const { privateKey, webhookPublicKey } = payments.conekta;
      missing('conekta', [['CONEKTA_PRIVATE_KEY', privateKey], ['CONEKTA_WEBHOOK_PUBLIC_KEY', webhookPublicKey]]);
    } else if (provider === 'stp') {
      const { empresa, privateKey, clabePrefix, allowedAddresses } = payments.stp;
      missing('stp', [['STP_EMPRESA', empresa], ['STP_PRIVATE_KEY', privateKey], ['STP_CLABE_PREFIX', clabePrefix], ['STP_ALLOWED_ADDRESSES', allowedAddresses]]);
      // STP's range: bank 646 (STP), plaza 180, then the lender's 4 digits (docs/providers/stp.md).
      if (clabePrefix !== undefined && !/^646180[0-9]{4}$/.test(clabePrefix)) {
        problems.push(`STP_CLABE_PREFIX must be 10 digits starting 646180 (STP, plaza 180, then the lender's 4), got "${clabePrefix}".`);
      }
    } else if (provider === 'razorpay') {
      const { keyId, keySecret, webhookSecret } = payments.razorpay;
      missing('razorpay', [['RAZORPAY_KEY_ID', keyId], ['RAZORPAY_KEY_SECRET', keySecret], ['RAZORPAY_WEBHOOK_SECRET', webhookSecret]]);
    }
  }
  return problems;
}

/** The API address of each provider in use, by the setting that names it (production requires https). */
function paymentProviderUrls(payments: PaymentsConfig): [string, string][] {
  const urls: Record<Exclude<PaymentProviderName, 'sandbox'>, [string, string]> = {
    conekta: ['CONEKTA_API_URL', payments.conekta.apiUrl],
    stp: ['STP_API_URL', payments.stp.apiUrl],
    razorpay: ['RAZORPAY_API_URL', payments.razorpay.apiUrl],
  };
  return paymentProvidersInUse(payments).flatMap((name) => (name === 'sandbox' ? [] : [urls[name]]));
}

/** The payment settings production refuses (docs/settings.md "Payment providers"). */
function paymentProblems(config: Config, env: NodeJS.ProcessEnv): string[] {
  const { payments } = config;
  const problems: string[] = [];
  if (!payments.channelsSet) {
    problems.push('PAYMENT_CHANNELS is not set: no way to pay would be offered. Name the provider of each channel (e.g. MX.store=conekta,MX.spei=stp,IN.upi=razorpay,IN.bank_transfer=razorpay), or sandbox on purpose (a demo).');
  }
  if (payments.mocks) problems.push('PAYMENT_PROVIDER_MOCKS=1: the server would start local mocks of the providers and pay through them; development and e2e only.');
  problems.push(...paymentProviderProblems(payments));
  for (const [name, url] of paymentProviderUrls(payments)) {
    if (!url.startsWith('https://')) problems.push(`${name} must be an https address, got "${url}".`);
  }
  // The sandbox's secret matters only where the sandbox takes notifications (a channel names it on purpose).
  if (paymentProvidersInUse(payments).includes('sandbox')) problems.push(...sandboxSecretProblems(env));
  return problems;
}

function sandboxSecretProblems(env: NodeJS.ProcessEnv): string[] {
  const secret = env.PAYMENT_SANDBOX_SECRET ?? '';
  if (!secret) return ['PAYMENT_SANDBOX_SECRET is not set: anyone could sign payment notifications with the development secret published in this repository.'];
  if (secret === DEV_SANDBOX_SECRET) return ['PAYMENT_SANDBOX_SECRET is the development secret published in this repository: set a random secret of at least 32 bytes.'];
  if (Buffer.byteLength(secret) < MIN_PAYMENT_SECRET_BYTES) return [`PAYMENT_SANDBOX_SECRET is ${Buffer.byteLength(secret)} bytes long: it must be at least ${MIN_PAYMENT_SECRET_BYTES}.`];
  return [];
}

const KYC_PROVIDERS = ['sandbox', 'live'] as const;

/** The identity verifier's settings (docs/settings.md "Identity verification"). */
function kycConfigFrom(env: NodeJS.ProcessEnv): Pick<Config, 'kycProvider' | 'kycProviderSet' | 'kycTimeoutMs' | 'didit' | 'cashfree'> {
  const raw = env.KYC_PROVIDER?.trim() ?? '';
  const kycProvider = KYC_PROVIDERS.find((p) => p === (raw || 'sandbox'));
  if (!kycProvider) throw new Error(`KYC_PROVIDER must be "sandbox" or "live", got "${raw}"`);
  return {
    kycProvider,
    kycProviderSet: raw !== '',
    kycTimeoutMs: intFrom(env, 'KYC_TIMEOUT_MS', 10_000),
    didit: { url: (env.DIDIT_API_URL?.trim() || 'https://verification.didit.me').replace(/\/$/, ''), apiKey: env.DIDIT_API_KEY?.trim() || undefined },
    cashfree: {
      url: (env.CASHFREE_VERIFICATION_URL?.trim() || 'https://api.cashfree.com/verification').replace(/\/$/, ''),
      clientId: env.CASHFREE_VERIFICATION_CLIENT_ID?.trim() || undefined,
      clientSecret: env.CASHFREE_VERIFICATION_CLIENT_SECRET?.trim() || undefined,
    },
  };
}

const CREDIT_BUREAUS = ['sandbox'] as const;

/** The credit bureau's settings (docs/settings.md, docs/credit-bureau.md "Settings"). */
function creditBureauConfigFrom(env: NodeJS.ProcessEnv): Pick<Config, 'creditBureau' | 'creditBureauSet'> {
  const raw = env.CREDIT_BUREAU?.trim() ?? '';
  const creditBureau = CREDIT_BUREAUS.find((b) => b === (raw || 'sandbox'));
  if (!creditBureau) throw new Error(`CREDIT_BUREAU must be "sandbox" (the only adapter so far, docs/credit-bureau.md), got "${raw}"`);
  return { creditBureau, creditBureauSet: raw !== '' };
}

/**
 * DEVELOPMENT ONLY. The sandbox payment provider's secret when
 * PAYMENT_SANDBOX_SECRET is unset, public in this repository: anyone can sign a
 * sandbox "payment" with it. Production refuses to start with it.
 */
export const DEV_SANDBOX_SECRET = 'presta-dev-sandbox-secret-do-not-use-in-production';

/**
 * DEVELOPMENT ONLY. The key of the staff's TOTP secrets when STAFF_SECRET_KEY is unset, public in this repository.
 * Production refuses to start with it (decision 018 point 3).
 */
export const DEV_STAFF_SECRET_KEY = Buffer.from('presta-dev-staff-key-not-secret!', 'utf8').toString('base64');

function staffSecretKeyFrom(raw: string | undefined): Buffer {
  const value = raw?.trim() || DEV_STAFF_SECRET_KEY;
  const key = Buffer.from(value, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || key.length !== 32) {
    throw new Error('STAFF_SECRET_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)');
  }
  return key;
}

/** Shortest secrets production accepts. */
export const MIN_PAYMENT_SECRET_BYTES = 32;
export const MIN_METRICS_TOKEN_CHARS = 32;

/**
 * What makes a configuration unsafe for production: one line per problem, for
 * the operator (an empty list: safe). `npm run serve` prints them and exits 1.
 */
export function productionProblems(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  if (!config.databaseUrl) problems.push('DATABASE_URL is not set: production needs its PostgreSQL server (there is no embedded database in production).');
  problems.push(...paymentProblems(config, env));
  problems.push(...payoutProblems(config));
  problems.push(...tsaProblems(config));
  if (config.smsProvider === 'console') problems.push('SMS_PROVIDER is "console" (the default): set SMS_PROVIDER=http with SMS_PROVIDER_URL and SMS_PROVIDER_KEY, or codes never reach borrowers.');
  else if (!config.smsProviderUrl) problems.push('SMS_PROVIDER=http needs SMS_PROVIDER_URL.');
  problems.push(...kycProblems(config));
  if (!config.creditBureauSet) {
    problems.push("CREDIT_BUREAU is not set: credit decisions would read the sandbox bureau's made-up files. Set CREDIT_BUREAU=sandbox on purpose (a demo); a live bureau needs its adapter (docs/credit-bureau.md).");
  }
  if (config.demoTools) problems.push('PRESTA_DEMO_TOOLS is on: the demo tools hand out sessions and read text messages; never switch them on in production.');
  if (!env.STAFF_SECRET_KEY?.trim() || env.STAFF_SECRET_KEY.trim() === DEV_STAFF_SECRET_KEY) {
    problems.push("STAFF_SECRET_KEY is not set (or is the development key published in this repository): set 32 random bytes in base64 (`openssl rand -base64 32`); the staff's second-factor secrets are encrypted under it.");
  }
  if (config.metricsToken !== undefined && config.metricsToken.length < MIN_METRICS_TOKEN_CHARS) {
    problems.push(`METRICS_TOKEN is ${config.metricsToken.length} characters long: it must be at least ${MIN_METRICS_TOKEN_CHARS}.`);
  }
  return problems;
}

/** The identity verifier in production: the sandbox only when named on purpose; a live provider with its keys. */
function kycProblems(config: Config): string[] {
  if (config.kycProvider === 'sandbox') {
    return config.kycProviderSet ? [] : ['KYC_PROVIDER is not set: identities would be "verified" by the sandbox. Set KYC_PROVIDER=live with its keys, or KYC_PROVIDER=sandbox on purpose (a demo).'];
  }
  const problems: string[] = [];
  if (!config.didit.apiKey) problems.push("KYC_PROVIDER=live needs DIDIT_API_KEY (Mexico's CURP, INE and face checks).");
  if (!config.cashfree.clientId || !config.cashfree.clientSecret) {
    problems.push("KYC_PROVIDER=live needs CASHFREE_VERIFICATION_CLIENT_ID and CASHFREE_VERIFICATION_CLIENT_SECRET (India's PAN, Aadhaar and face checks).");
  }
  return problems;
}

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}
