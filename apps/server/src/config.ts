import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brands, defaultBrand, type Brand } from '@presta/contract/brand';

/** Repository root (apps/server/src → ../../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Config = {
  port: number;
  host: string;
  /** Absent: the server starts its own embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  brand: Brand;
  /** Public origin used in links the server prints or returns (demo command, test page). */
  publicBaseUrl: string;
  /** Demo tools: the test page's demo borrower list and session maker. Never on in production. */
  demoTools: boolean;
  sessionTtlHours: number;
  /** Lifetime of cached sessions and order reads between announced changes; 0 turns the caches off. */
  cacheTtlMs: number;
  operatorToken: string | undefined;
  logLevel: string;
  webDistDir: string;
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
  /** Customer service contacts of get-whatsapp (§3 "Customer service data"); default: the brand's. */
  supportWhatsapp: string;
  supportPhone: string;
  supportEmail: string;
};

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFromEnv('PORT', 3000);
  const brandId = env.PRESTA_BRAND ?? defaultBrand.id;
  const brand = brands[brandId];
  if (!brand) throw new Error(`PRESTA_BRAND "${brandId}" is unknown; known: ${Object.keys(brands).join(', ')}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    dataDir: path.resolve(repoRoot, env.PRESTA_DATA_DIR ?? 'data'),
    embeddedPgPort: intFromEnv('EMBEDDED_PG_PORT', 54329),
    brand,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    demoTools: env.PRESTA_DEMO_TOOLS === '1',
    sessionTtlHours: intFromEnv('SESSION_TTL_HOURS', 72),
    cacheTtlMs: intFromEnv('CACHE_TTL_MS', 30_000),
    operatorToken: env.OPERATOR_TOKEN || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: path.resolve(repoRoot, 'apps/web/dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smsProvider: env.SMS_PROVIDER === 'http' ? 'http' : 'console',
    smsProviderUrl: env.SMS_PROVIDER_URL || undefined,
    smsProviderKey: env.SMS_PROVIDER_KEY || undefined,
    supportWhatsapp: env.SUPPORT_WHATSAPP?.trim() || brand.serviceWhatsapp,
    supportPhone: env.SUPPORT_PHONE?.trim() || brand.servicePhone,
    supportEmail: env.SUPPORT_EMAIL?.trim() || brand.serviceEmail,
  };
}

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}
