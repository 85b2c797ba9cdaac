import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { LocalTimestampAuthority } from './local-authority';
import { createRfc3161Authority } from './rfc3161-authority';
import type { TimestampAuthority } from './timestamp-authority';

/*
 * The server's time-stamp authority (docs/providers/tsa.md), chosen by TSA_PROVIDER: the local demo authority
 * (development's default; production only when named on purpose) or the provider at TSA_URL.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Who time-stamps signed agreements (app.ts builds it from config.tsa; tests may pass their own). */
    timestampAuthority: TimestampAuthority;
  }
}

export type TimestampAuthorityOptions = { config: Config; log?: FastifyBaseLogger };

/** The authority config.tsa names. Throws when the provider's settings are missing (production refused them already). */
export function createTimestampAuthority({ config, log }: TimestampAuthorityOptions): TimestampAuthority {
  const { tsa } = config;
  if (tsa.provider === 'local') return new LocalTimestampAuthority({ dataDir: config.dataDir });
  if (!tsa.url || !tsa.caPemPath) throw new Error('TSA_PROVIDER=rfc3161 needs TSA_URL and TSA_CA_PEM (docs/providers/tsa.md)');
  let chainPem: string;
  try {
    chainPem = fs.readFileSync(tsa.caPemPath, 'utf8');
  } catch {
    throw new Error(`TSA_CA_PEM: the file ${tsa.caPemPath} cannot be read`);
  }
  if (!chainPem.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`TSA_CA_PEM: the file ${tsa.caPemPath} holds no PEM certificate`);
  log?.info({ authority: 'rfc3161', policy: tsa.policy ?? 'default' }, 'time-stamp authority');
  return createRfc3161Authority(
    {
      url: tsa.url,
      username: tsa.username,
      password: tsa.password,
      bearerToken: tsa.bearerToken,
      chainPem,
      policy: tsa.policy,
      timeoutMs: tsa.timeoutMs,
    },
    log,
  );
}
