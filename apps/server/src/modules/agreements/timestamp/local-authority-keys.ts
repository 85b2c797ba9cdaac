import { randomBytes, type webcrypto } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type * as pkijs from 'pkijs';
import lockfile from 'proper-lockfile';
import { certificatesOfPem, keyUsage, makeCertificate, pemBlocks, pemOf } from './certificates';
import { bufferSource } from './tsp';

/*
 * The local authority's keys and certificates (docs/providers/tsa.md "The local authority"), made at its first use
 * under <dataDir>/tsa/: a root CA (self-signed) and the TSA's certificate issued by it, for time-stamping only
 * (extendedKeyUsage timeStamping, critical: RFC 3161 section 2.3, and openssl refuses a token otherwise). ECDSA
 * P-256. Several servers may start together on one data directory (the e2e runs three): the first makes the files
 * under a lock, the others wait and read them; every file is written whole (a temporary file, then renamed).
 */

type CryptoKey = webcrypto.CryptoKey;

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const ORGANIZATION = 'Presta demo (not trusted)';
const YEAR_MS = 365.25 * 24 * 3600_000;

/** The files under <dataDir>/tsa/, in the order they are written (tsa.pem last: when it is there, all are). */
export const localAuthorityFiles = { rootKey: 'root.key', rootCert: 'root.pem', tsaKey: 'tsa.key', tsaCert: 'tsa.pem' } as const;

export type LocalAuthorityKeys = {
  rootPem: string;
  tsaPem: string;
  tsaCert: pkijs.Certificate;
  /** The TSA certificate's DER bytes. */
  tsaCertDer: Buffer;
  tsaKey: CryptoKey;
};

/** The keys of the authority kept under `dir` (<dataDir>/tsa), made first if there are none yet. */
export async function localAuthorityKeys(dir: string): Promise<LocalAuthorityKeys> {
  const existing = await readKeys(dir);
  if (existing) return existing;
  // The data directory keeps its usual mode (the embedded PostgreSQL's own user walks through it); only tsa/ is private.
  await fs.mkdir(path.dirname(dir), { recursive: true });
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const release = await lockfile.lock(dir, {
    lockfilePath: path.join(dir, 'create.lock'),
    stale: 20_000,
    retries: { retries: 200, factor: 1.2, minTimeout: 25, maxTimeout: 250 },
  });
  try {
    return (await readKeys(dir)) ?? (await createKeys(dir));
  } finally {
    await release();
  }
}

async function readKeys(dir: string): Promise<LocalAuthorityKeys | undefined> {
  const read = (name: string) => fs.readFile(path.join(dir, name), 'utf8');
  let files: [string, string, string];
  try {
    files = await Promise.all([read(localAuthorityFiles.rootCert), read(localAuthorityFiles.tsaCert), read(localAuthorityFiles.tsaKey)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const [rootPem, tsaPem, tsaKeyPem] = files;
  const [pkcs8] = pemBlocks(tsaKeyPem, 'PRIVATE KEY');
  const [tsaCert] = certificatesOfPem(tsaPem);
  const [tsaCertDer] = pemBlocks(tsaPem, 'CERTIFICATE');
  if (!pkcs8 || !tsaCert || !tsaCertDer) throw new Error(`the local time-stamp authority's files under ${dir} are damaged: remove the directory to make new ones`);
  const tsaKey = await crypto.subtle.importKey('pkcs8', bufferSource(pkcs8), KEY_ALGORITHM, false, ['sign']);
  return { rootPem, tsaPem, tsaCert, tsaCertDer, tsaKey };
}

async function createKeys(dir: string): Promise<LocalAuthorityKeys> {
  const now = Date.now();
  // An hour back: a server whose clock is a little behind still finds the certificates valid.
  const notBefore = new Date(now - 3600_000);
  const rootKeys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const root = await makeCertificate({
    commonName: 'Presta demo time-stamp root',
    organization: ORGANIZATION,
    serialNumber: serial(),
    notBefore,
    notAfter: new Date(now + 20 * YEAR_MS),
    publicKey: rootKeys.publicKey,
    selfKey: rootKeys.privateKey,
    ca: true,
    keyUsage: [keyUsage.keyCertSign, keyUsage.cRLSign],
  });
  const tsaKeys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const tsa = await makeCertificate({
    commonName: 'Presta demo time-stamp authority',
    organization: ORGANIZATION,
    serialNumber: serial(),
    notBefore,
    notAfter: new Date(now + 10 * YEAR_MS),
    publicKey: tsaKeys.publicKey,
    issuer: { certificate: root, privateKey: rootKeys.privateKey },
    ca: false,
    keyUsage: [keyUsage.digitalSignature],
    extendedKeyUsage: [TIME_STAMPING],
  });
  const keyPem = async (key: CryptoKey) => pemOf(await crypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
  const certPem = (certificate: pkijs.Certificate) => pemOf(certificate.toSchema().toBER(), 'CERTIFICATE');
  await writeWhole(dir, localAuthorityFiles.rootKey, await keyPem(rootKeys.privateKey), 0o600);
  await writeWhole(dir, localAuthorityFiles.rootCert, certPem(root), 0o644);
  await writeWhole(dir, localAuthorityFiles.tsaKey, await keyPem(tsaKeys.privateKey), 0o600);
  await writeWhole(dir, localAuthorityFiles.tsaCert, certPem(tsa), 0o644);
  const made = await readKeys(dir);
  if (!made) throw new Error(`the local time-stamp authority's files under ${dir} vanished as they were written`);
  return made;
}

/** A positive 64-bit serial number. */
const serial = () => BigInt(`0x${randomBytes(8).toString('hex')}`) || 1n;

async function writeWhole(dir: string, name: string, text: string, mode: number): Promise<void> {
  const temporary = path.join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  await fs.writeFile(temporary, `${text.trim()}\n`, { mode, flag: 'wx' });
  await fs.rename(temporary, path.join(dir, name));
}
