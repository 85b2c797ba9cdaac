import { createHash, type webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

type CryptoKey = webcrypto.CryptoKey;

/*
 * X.509 with pkijs (issue 38): PEM both ways, a name as text, and the certificates the local authority makes.
 * (@peculiar/x509 2.x needs a Reflect polyfill — tsyringe's — that the server does not load; pkijs needs none.)
 */

/** One PEM block. */
export function pemOf(der: ArrayBuffer | Uint8Array, label: string): string {
  const lines = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The DER bytes of every PEM block with this label, in order. */
export function pemBlocks(pem: string, label: string): Buffer[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+?)-----END ${label}-----`, 'g');
  return [...pem.matchAll(pattern)].map((m) => Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64'));
}

/** The certificates of a PEM text, in its order. */
export const certificatesOfPem = (pem: string): pkijs.Certificate[] =>
  pemBlocks(pem, 'CERTIFICATE').map((der) => pkijs.Certificate.fromBER(new Uint8Array(der)));

const shortNames: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '1.2.840.113549.1.9.1': 'E',
};

/** A name as text, in its encoded order ("CN=…, O=…"). */
export function nameText(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((tv) => `${shortNames[tv.type] ?? tv.type}=${(tv.value as { valueBlock: { value: unknown } }).valueBlock.value as string}`)
    .join(', ');
}

/** A name of organization then common name, one attribute per RDN (pkijs alone would put both in one, multi-valued). */
function nameOf(commonName: string, organization: string): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: string) =>
    new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value: new asn1js.Utf8String({ value }) }).toSchema()] });
  const name = new asn1js.Sequence({ value: [rdn('2.5.4.10', organization), rdn('2.5.4.3', commonName)] });
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER());
}

/** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050. */
const timeOf = (value: Date) => new pkijs.Time({ type: value.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime, value });

/** KeyUsage bits (RFC 5280 4.2.1.3). */
export const keyUsage = { digitalSignature: 0, keyCertSign: 5, cRLSign: 6 } as const;

function keyUsageBits(bits: number[]): asn1js.BitString {
  const byte = bits.reduce((acc, bit) => acc | (0x80 >> bit), 0);
  const lowest = Math.max(...bits);
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits: 7 - lowest });
}

const extension = (extnID: string, critical: boolean, value: { toSchema(): asn1js.BaseBlock } | asn1js.BaseBlock) =>
  new pkijs.Extension({ extnID, critical, extnValue: ('toSchema' in value ? value.toSchema() : value).toBER(false) });

export type CertificateSpec = {
  commonName: string;
  organization: string;
  serialNumber: bigint;
  notBefore: Date;
  notAfter: Date;
  publicKey: CryptoKey;
  /** The issuer's certificate and key; absent: self-signed with `selfKey`. */
  issuer?: { certificate: pkijs.Certificate; privateKey: CryptoKey };
  selfKey?: CryptoKey;
  ca: boolean;
  keyUsage: number[];
  /** Extended key usages (critical when given). */
  extendedKeyUsage?: string[];
};

/** A v3 certificate: basicConstraints (critical), keyUsage (critical), extendedKeyUsage, subject and authority key ids. */
export async function makeCertificate(spec: CertificateSpec): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate({
    version: 2,
    serialNumber: asn1js.Integer.fromBigInt(spec.serialNumber),
    subject: nameOf(spec.commonName, spec.organization),
    notBefore: timeOf(spec.notBefore),
    notAfter: timeOf(spec.notAfter),
  });
  certificate.issuer = spec.issuer ? spec.issuer.certificate.subject : certificate.subject;
  await certificate.subjectPublicKeyInfo.importKey(spec.publicKey);
  const keyId = (spki: pkijs.PublicKeyInfo) => createHash('sha1').update(spki.subjectPublicKey.valueBlock.valueHexView).digest();
  const ownId = keyId(certificate.subjectPublicKeyInfo);
  const issuerId = spec.issuer ? keyId(spec.issuer.certificate.subjectPublicKeyInfo) : ownId;
  certificate.extensions = [
    extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: spec.ca })),
    extension('2.5.29.15', true, keyUsageBits(spec.keyUsage)),
    ...(spec.extendedKeyUsage ? [extension('2.5.29.37', true, new pkijs.ExtKeyUsage({ keyPurposes: spec.extendedKeyUsage }))] : []),
    extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: new Uint8Array(ownId).buffer })),
    extension('2.5.29.35', false, new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: new Uint8Array(issuerId).buffer }) })),
  ];
  const signingKey = spec.issuer?.privateKey ?? spec.selfKey;
  if (!signingKey) throw new Error('a certificate needs its issuer\'s key or, self-signed, its own');
  await certificate.sign(signingKey, 'SHA-256');
  return certificate;
}
