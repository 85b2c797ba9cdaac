import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, productionProblems, repoRoot } from '../src/config';
import { LOCAL_TSA_POLICY, LocalTimestampAuthority } from '../src/modules/agreements/timestamp/local-authority';
import { createRfc3161Authority, type Rfc3161Settings } from '../src/modules/agreements/timestamp/rfc3161-authority';
import { createTimestampAuthority } from '../src/modules/agreements/timestamp/timestamp-authorities';
import { TimestampUnavailable, type TimestampVerification } from '../src/modules/agreements/timestamp/timestamp-authority';
import { verifyTimestamp } from '../src/modules/agreements/timestamp/timestamp-verify';
import { readTimestampResponse, timestampRequest } from '../src/modules/agreements/timestamp/tsp';
import { buildTestApp, type TestApp } from './helpers';

/*
 * The time-stamp authority (issue 38, docs/providers/tsa.md): the local authority's tokens pass `openssl ts -verify`
 * (by digest and by the document's file) and verifyTimestamp; a changed document or token fails both. The rfc3161
 * adapter against a local HTTP server that answers with the local authority: granted, and each way the answer can be
 * wrong (nonce, imprint, rejection, HTTP 500, no answer, content type) is TimestampUnavailable. Servers starting
 * together on one data directory make one key pair. Production refuses the local authority unless it is named.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'presta-tsa-'));
const dataDir = path.join(work, 'data');
const authority = new LocalTimestampAuthority({ dataDir });
const document = Buffer.from('%PDF-1.7\nThe borrower agrees to repay MXN 1,500.00 on 2026-12-01.\n%%EOF\n');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
const tsaDir = path.join(dataDir, 'tsa');

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Why a verification failed ('valid' when it did not). */
const reasonOf = (verification: TimestampVerification) => (verification.valid ? 'valid' : verification.reason);

/** `openssl ts -verify` of a response against the local authority's root (-CAfile) and TSA certificate (-untrusted). */
function opensslVerify(response: Buffer, what: { digest: Buffer } | { file: string }): { ok: boolean; output: string } {
  const tsr = path.join(work, `resp-${Math.random().toString(36).slice(2)}.tsr`);
  fs.writeFileSync(tsr, response);
  const input = 'digest' in what ? ['-digest', what.digest.toString('hex')] : ['-data', what.file];
  const args = ['ts', '-verify', ...input, '-in', tsr, '-CAfile', path.join(tsaDir, 'root.pem'), '-untrusted', path.join(tsaDir, 'tsa.pem')];
  try {
    return { ok: true, output: execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the local authority', () => {
  it('makes its root and TSA certificates at first use: timeStamping the only extended key usage, critical; keys readable by the owner only', async () => {
    const token = await authority.stamp(sha256(document));
    expect(token.policy).toBe(LOCAL_TSA_POLICY);
    expect(token.serialNumber).toMatch(/^[0-9a-f]{1,32}$/);
    expect(Math.abs(token.stampedAt.getTime() - Date.now())).toBeLessThan(5_000);
    const text = execFileSync('openssl', ['x509', '-in', path.join(tsaDir, 'tsa.pem'), '-noout', '-text'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping\n/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    const root = execFileSync('openssl', ['x509', '-in', path.join(tsaDir, 'root.pem'), '-noout', '-text'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(root).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE/);
    for (const key of ['root.key', 'tsa.key']) expect(fs.statSync(path.join(tsaDir, key)).mode & 0o777).toBe(0o600);
    expect(await authority.chainPem()).toBe(`${fs.readFileSync(path.join(tsaDir, 'tsa.pem'), 'utf8')}${fs.readFileSync(path.join(tsaDir, 'root.pem'), 'utf8')}`);
  });

  it('its token passes openssl ts -verify by digest and by the file, and verifyTimestamp', async () => {
    const token = await authority.stamp(sha256(document));
    const file = path.join(work, 'agreement.pdf');
    fs.writeFileSync(file, document);
    for (const input of [{ digest: sha256(document) }, { file }]) {
      const openssl = opensslVerify(token.response, input);
      expect(openssl.ok, openssl.output).toBe(true);
      expect(openssl.output).toContain('Verification: OK');
    }
    expect(await verifyTimestamp(token.response, sha256(document), await authority.chainPem())).toEqual({
      valid: true,
      stampedAt: token.stampedAt,
      serialNumber: token.serialNumber,
      policy: LOCAL_TSA_POLICY,
      signer: 'O=Presta demo (not trusted), CN=Presta demo time-stamp authority',
    });
    fs.writeFileSync(path.join(work, 'agreement.tsr'), token.response);
    const reply = execFileSync('openssl', ['ts', '-reply', '-in', path.join(work, 'agreement.tsr'), '-text'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(reply).toContain('Status: Granted.');
    expect(reply).toContain(`Policy OID: ${LOCAL_TSA_POLICY}`);
    expect(reply).toContain('Hash Algorithm: sha256');
    expect(reply).toMatch(/Nonce: 0x[0-9A-F]+/);
  });

  it('a changed document fails openssl and verifyTimestamp', async () => {
    const token = await authority.stamp(sha256(document));
    const tampered = Buffer.from(document.toString().replace('1,500.00', '1,900.00'));
    const file = path.join(work, 'tampered.pdf');
    fs.writeFileSync(file, tampered);
    const openssl = opensslVerify(token.response, { file });
    expect(openssl.ok).toBe(false);
    expect(openssl.output).toMatch(/message imprint mismatch/);
    expect(await verifyTimestamp(token.response, sha256(tampered), await authority.chainPem())).toEqual({
      valid: false,
      reason: "The time-stamp is of another document: its imprint is not this document's SHA-256.",
    });
  });

  it('a changed token fails: its content (the signed digest), its signature, another authority\'s root, a damaged file', async () => {
    const token = await authority.stamp(sha256(document));
    const chain = await authority.chainPem();
    const serial = Buffer.from(token.serialNumber.padStart(32, '0'), 'hex');
    const at = token.response.indexOf(serial);
    expect(at).toBeGreaterThan(0);
    const content = Buffer.from(token.response);
    content.writeUInt8(content.readUInt8(at + 15) ^ 0x01, at + 15);
    expect(reasonOf(await verifyTimestamp(content, sha256(document), chain))).toMatch(/content was changed/);
    expect(opensslVerify(content, { digest: sha256(document) }).ok).toBe(false);

    const signature = Buffer.from(token.response);
    signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0x01, signature.length - 1);
    expect(reasonOf(await verifyTimestamp(signature, sha256(document), chain))).toMatch(/signature is not valid/);
    expect(opensslVerify(signature, { digest: sha256(document) }).ok).toBe(false);

    const other = new LocalTimestampAuthority({ dataDir: path.join(work, 'other') });
    const otherRoot = await other.rootPem();
    const strangerChain = `${fs.readFileSync(path.join(tsaDir, 'tsa.pem'), 'utf8')}${otherRoot}`;
    expect(reasonOf(await verifyTimestamp(token.response, sha256(document), strangerChain))).toMatch(/does not chain to the given root/);

    expect(reasonOf(await verifyTimestamp(token.response.subarray(0, 40), sha256(document), chain))).toMatch(/cannot be read/);
  });

  it('answers a request it does not serve with a rejection and its reason', async () => {
    const refused = async (request: Buffer) => readTimestampResponse(await authority.answer(request));
    expect(await refused(Buffer.from('not a request'))).toMatchObject({ status: 2, failures: ['badDataFormat'], token: undefined });
    expect(await refused(timestampRequest({ sha256: sha256(document), policy: '1.2.3.4' }))).toMatchObject({ status: 2, failures: ['unacceptedPolicy'] });
    expect(await refused(timestampRequest({ sha256: Buffer.alloc(20) }))).toMatchObject({ status: 2, failures: ['badDataFormat'] });
    // Without certReq the token carries no certificate; openssl still verifies it with -untrusted tsa.pem.
    const bare = await authority.answer(timestampRequest({ sha256: sha256(document), certReq: false }));
    expect(readTimestampResponse(bare).token?.signedData.certificates ?? []).toEqual([]);
    expect(opensslVerify(bare, { digest: sha256(document) }).ok).toBe(true);
    expect(await verifyTimestamp(bare, sha256(document), await authority.chainPem())).toMatchObject({ valid: true });
  });

  it('servers starting together on one data directory make one key pair', async () => {
    const shared = path.join(work, 'shared');
    const modulePath = path.join(repoRoot, 'apps/server/src/modules/agreements/timestamp/local-authority.ts');
    const script = `import { LocalTimestampAuthority } from ${JSON.stringify(modulePath)};
const a = new LocalTimestampAuthority({ dataDir: ${JSON.stringify(shared)} });
const token = await a.stamp(Buffer.alloc(32, 7));
process.stdout.write(JSON.stringify({ chain: await a.chainPem(), serial: token.serialNumber }));`;
    const run = () =>
      new Promise<{ chain: string; serial: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as { chain: string; serial: string }) : reject(new Error(`exit ${code}: ${err}`))));
      });
    const results = await Promise.all([run(), run(), run(), run()]);
    const chains = new Set(results.map((r) => r.chain));
    expect(chains.size).toBe(1);
    expect([...chains][0]).toBe(`${fs.readFileSync(path.join(shared, 'tsa', 'tsa.pem'), 'utf8')}${fs.readFileSync(path.join(shared, 'tsa', 'root.pem'), 'utf8')}`);
    expect(new Set(results.map((r) => r.serial)).size).toBe(4);
    expect(fs.readdirSync(path.join(shared, 'tsa')).sort()).toEqual(['root.key', 'root.pem', 'tsa.key', 'tsa.pem']);
  }, 60_000);
});

/** What the test provider does with the next request. */
type Behaviour = 'grant' | 'otherNonce' | 'otherImprint' | 'reject' | 'http500' | 'silent' | 'json';

describe('the rfc3161 adapter against an RFC 3161 server', () => {
  let behaviour: Behaviour = 'grant';
  const seen: { contentType: string | undefined; authorization: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ contentType: req.headers['content-type'], authorization: req.headers.authorization });
      void answer(Buffer.concat(chunks), res);
    });
  });
  async function answer(body: Buffer, res: http.ServerResponse): Promise<void> {
    if (behaviour === 'silent') return; // never answers
    if (behaviour === 'http500') return void res.writeHead(500).end('busy');
    if (behaviour === 'json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    const request = pkijs.TimeStampReq.fromBER(new Uint8Array(body));
    const imprint = Buffer.from(request.messageImprint.hashedMessage.getValue());
    const forwarded =
      behaviour === 'otherNonce' ? timestampRequest({ sha256: imprint }) // the TSA answers with no nonce (or another's)
      : behaviour === 'otherImprint' ? timestampRequest({ sha256: sha256(Buffer.from('another document')), ...(request.nonce ? { nonce: request.nonce } : {}) })
      : behaviour === 'reject' ? timestampRequest({ sha256: imprint, policy: '1.2.3.4' })
      : body;
    const reply = await authority.answer(forwarded);
    res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
  }
  let settings: Rfc3161Settings;

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    settings = { url: `http://127.0.0.1:${port}/tsa`, username: 'presta', password: 'pw', chainPem: await authority.chainPem(), timeoutMs: 1_000 };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('granted: the token verifies, sent as application/timestamp-query with basic auth', async () => {
    behaviour = 'grant';
    const adapter = createRfc3161Authority(settings);
    const token = await adapter.stamp(sha256(document));
    expect(adapter.id).toBe('rfc3161');
    expect(await adapter.chainPem()).toBe(settings.chainPem);
    expect(seen.at(-1)).toEqual({ contentType: 'application/timestamp-query', authorization: `Basic ${Buffer.from('presta:pw').toString('base64')}` });
    expect(await verifyTimestamp(token.response, sha256(document), settings.chainPem)).toMatchObject({ valid: true, serialNumber: token.serialNumber });
    expect(opensslVerify(token.response, { digest: sha256(document) }).ok).toBe(true);
    await createRfc3161Authority({ ...settings, username: undefined, bearerToken: 'token-1' }).stamp(sha256(document));
    expect(seen.at(-1)?.authorization).toBe('Bearer token-1');
    await expect(createRfc3161Authority({ ...settings, policy: LOCAL_TSA_POLICY }).stamp(sha256(document))).resolves.toMatchObject({ policy: LOCAL_TSA_POLICY });
  });

  it.each<[Behaviour, RegExp]>([
    ['otherNonce', /does not carry our nonce/],
    ['otherImprint', /of another document/],
    ['reject', /the authority answered rejection \(unacceptedPolicy\)/],
    ['http500', /HTTP 500/],
    ['silent', /no answer within 300 ms/],
    ['json', /answered application\/json, not application\/timestamp-reply/],
  ])('%s: TimestampUnavailable with the reason, no secret in it', async (kind, reason) => {
    behaviour = kind;
    const started = Date.now();
    const error = await createRfc3161Authority({ ...settings, timeoutMs: 300 }).stamp(sha256(document)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimestampUnavailable);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toMatch(/pw|presta/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a server that is not there: TimestampUnavailable', async () => {
    const error = await createRfc3161Authority({ ...settings, url: 'http://127.0.0.1:9/tsa' }).stamp(sha256(document)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimestampUnavailable);
    expect((error as Error).message).toBe('network error');
  });

  it('another provider\'s chain: the token does not verify, TimestampUnavailable', async () => {
    behaviour = 'grant';
    const stranger = await new LocalTimestampAuthority({ dataDir: path.join(work, 'stranger') }).chainPem();
    await expect(createRfc3161Authority({ ...settings, chainPem: stranger }).stamp(sha256(document))).rejects.toThrow(/chain|signing certificate/);
  });
});

describe('settings', () => {
  const production = (env: Record<string, string | undefined>) =>
    productionProblems(loadConfig({ ...env, PRESTA_ENV: 'production' }), env).filter((line) => line.startsWith('TSA_'));

  it('development defaults to the local authority under the data directory; rfc3161 reads TSA_CA_PEM', () => {
    const config = loadConfig({ PRESTA_DATA_DIR: dataDir });
    expect(config.tsa).toMatchObject({ provider: 'local', providerSet: false, timeoutMs: 5_000 });
    const local = createTimestampAuthority({ config });
    expect(local).toBeInstanceOf(LocalTimestampAuthority);
    expect((local as LocalTimestampAuthority).dir).toBe(tsaDir);
    const chainFile = path.join(tsaDir, 'root.pem');
    const remote = createTimestampAuthority({ config: loadConfig({ TSA_PROVIDER: 'rfc3161', TSA_URL: 'https://tsa.example/tsr', TSA_CA_PEM: chainFile }) });
    expect(remote.id).toBe('rfc3161');
    expect(() => createTimestampAuthority({ config: loadConfig({ TSA_PROVIDER: 'rfc3161', TSA_URL: 'https://tsa.example/tsr' }) })).toThrow(/needs TSA_URL and TSA_CA_PEM/);
    expect(() => loadConfig({ TSA_PROVIDER: 'freetsa' })).toThrow(/TSA_PROVIDER must be "local" or "rfc3161"/);
    expect(() => loadConfig({ TSA_POLICY: 'policy-1' })).toThrow(/TSA_POLICY must be an OID/);
  });

  it('production refuses TSA_PROVIDER unset; local only when named; rfc3161 needs an https TSA_URL and a readable TSA_CA_PEM', () => {
    expect(production({})).toEqual([expect.stringMatching(/^TSA_PROVIDER is not set: .* local demo authority/)]);
    expect(production({ TSA_PROVIDER: 'local' })).toEqual([]);
    const chainFile = path.join(tsaDir, 'root.pem');
    const live = { TSA_PROVIDER: 'rfc3161', TSA_URL: 'https://tsa.example/tsr', TSA_CA_PEM: chainFile };
    expect(production(live)).toEqual([]);
    expect(production({ ...live, TSA_USERNAME: 'u', TSA_PASSWORD: 'p' })).toEqual([]);
    expect(production({ ...live, TSA_URL: undefined })).toEqual([expect.stringMatching(/^TSA_PROVIDER=rfc3161 needs TSA_URL/)]);
    expect(production({ ...live, TSA_URL: 'http://tsa.example/tsr' })).toEqual([expect.stringMatching(/^TSA_URL must be an https address/)]);
    expect(production({ ...live, TSA_CA_PEM: undefined })).toEqual([expect.stringMatching(/^TSA_PROVIDER=rfc3161 needs TSA_CA_PEM/)]);
    expect(production({ ...live, TSA_CA_PEM: path.join(work, 'missing.pem') })).toEqual([expect.stringMatching(/^TSA_CA_PEM: no PEM certificate/)]);
    expect(production({ ...live, TSA_USERNAME: 'u' })).toEqual(['TSA_USERNAME is set without TSA_PASSWORD.']);
  });
});

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dataDir });
  });
  afterAll(async () => t?.close());

  it('decorates app.timestampAuthority (the local one here) and answers POST /api/dev/tsa as an RFC 3161 server', async () => {
    expect(t.app.timestampAuthority).toBeInstanceOf(LocalTimestampAuthority);
    const query = path.join(work, 'request.tsq');
    const file = path.join(work, 'agreement.pdf');
    fs.writeFileSync(file, document);
    execFileSync('openssl', ['ts', '-query', '-data', file, '-sha256', '-cert', '-out', query], { stdio: 'ignore' });
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/tsa', headers: { 'content-type': 'application/timestamp-query' }, payload: fs.readFileSync(query) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/timestamp-reply');
    expect(opensslVerify(res.rawPayload, { file }).ok).toBe(true);
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/dev/tsa', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(wrongType.statusCode).toBe(415);
  });
});
