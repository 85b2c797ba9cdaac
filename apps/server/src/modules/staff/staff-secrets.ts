import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/*
 * The back office's secrets (decision 018 points 2, 3 and 5): random tokens and their digests, the TOTP secret
 * encrypted at rest, recovery codes. Pure functions of node:crypto.
 */

/** `bytes` random bytes, base64url (session ids: 16 bytes = 128 bits; set-up links: 32 bytes). */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256, hex: how tokens, session ids and recovery codes are stored. */
export function digest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** AES-256-GCM under `key` (32 bytes): 'iv.tag.ciphertext', each base64url. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The plaintext of encryptSecret's output; throws when the key is not the one it was encrypted under, or the text was changed. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** Crockford's base32 alphabet (no I, L, O, U: nothing to misread). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A recovery code as shown once: 10 characters of Crockford base32 in two groups, 'K7M2Q-9XD4T' (50 bits). */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CROCKFORD[randomInt(0, 32)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed: upper case, without dashes or spaces, O read as 0 and I/L as 1 (Crockford). */
export function normaliseRecoveryCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}
