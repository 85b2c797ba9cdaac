import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certificatesOfPem, nameText } from './certificates';
import { TimestampUnavailable, type TimestampToken, type TimestampVerification } from './timestamp-authority';
import { integerHex, OID, readTimestampResponse, statusName } from './tsp';

/*
 * Checking a kept time-stamp against a document (docs/providers/tsa.md "Verifying"): what `openssl ts -verify
 * -digest <sha256> -in agreement.tsr -CAfile <root> -untrusted tsa.pem` checks, in code — the status, the imprint, the
 * signed attributes (content type, message digest, the signing certificate's hash), the CMS signature, the TSA
 * certificate (timeStamping as its only extended key usage, critical; genTime within its validity) and its chain to
 * a root of the given chain. Any failure is `valid: false` with the reason, in English, for staff and auditors.
 */

class Invalid extends Error {}

/** Node's names of the digest algorithms a token may use. */
const digestNames: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  [OID.sha256]: 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** Whether `response` (a DER TimeStampResp) time-stamps the document whose SHA-256 is `sha256`, under a root of `chainPem`. */
export async function verifyTimestamp(response: Buffer, sha256: Buffer, chainPem: string): Promise<TimestampVerification> {
  try {
    return await check(response, sha256, chainPem);
  } catch (error) {
    if (error instanceof Invalid) return { valid: false, reason: error.message };
    return { valid: false, reason: `The time-stamp cannot be checked: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

async function check(response: Buffer, sha256: Buffer, chainPem: string): Promise<TimestampVerification> {
  let read: ReturnType<typeof readTimestampResponse>;
  try {
    read = readTimestampResponse(response);
  } catch (error) {
    throw new Invalid(`The time-stamp cannot be read: ${(error as Error).message}.`);
  }
  if (read.status > 1) throw new Invalid(`The authority did not grant this time-stamp (${statusName(read.status)}).`);
  if (!read.token) throw new Invalid('The answer holds no time-stamp token.');
  const { signedData, tstInfo } = read.token;
  const { hashAlgorithm, hashedMessage } = tstInfo.messageImprint;
  if (hashAlgorithm.algorithmId !== OID.sha256) throw new Invalid('The time-stamp is not of a SHA-256 imprint.');
  if (!Buffer.from(hashedMessage.getValue()).equals(sha256)) {
    throw new Invalid("The time-stamp is of another document: its imprint is not this document's SHA-256.");
  }
  const chain = certificatesOf(chainPem);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) throw new Invalid('The token has no signer.');
  const signer = findSigner(signerInfo, [...(signedData.certificates ?? []).filter(isCertificate), ...chain]);
  await checkSignature(signedData, signerInfo, signer);
  checkTsaCertificate(signer, tstInfo.genTime);
  await checkChain(signer, chain, signedData, tstInfo.genTime);
  return {
    valid: true,
    stampedAt: tstInfo.genTime,
    serialNumber: integerHex(tstInfo.serialNumber),
    policy: tstInfo.policy,
    signer: nameText(signer.subject),
  };
}

const isCertificate = (item: unknown): item is pkijs.Certificate => item instanceof pkijs.Certificate;

/** The certificates of a PEM text, in its order. */
function certificatesOf(pem: string): pkijs.Certificate[] {
  try {
    return certificatesOfPem(pem);
  } catch {
    throw new Invalid("The authority's certificate chain (PEM) cannot be read.");
  }
}

function findSigner(signerInfo: pkijs.SignerInfo, candidates: pkijs.Certificate[]): pkijs.Certificate {
  const sid: unknown = signerInfo.sid;
  const found = candidates.find((certificate) => {
    if (sid instanceof pkijs.IssuerAndSerialNumber) return certificate.issuer.isEqual(sid.issuer) && certificate.serialNumber.isEqual(sid.serialNumber);
    // [0] subjectKeyIdentifier, implicitly tagged: its bytes, constructed or not.
    const block = sid as { idBlock: { isConstructed: boolean }; valueBlock: { valueHexView: Uint8Array; value: { valueBlock: { valueHexView: Uint8Array } }[] } };
    const keyId = Buffer.from(block.idBlock.isConstructed ? (block.valueBlock.value[0]?.valueBlock.valueHexView ?? []) : block.valueBlock.valueHexView);
    const ski = certificate.extensions?.find((e) => e.extnID === '2.5.29.14')?.parsedValue as asn1js.OctetString | undefined;
    return ski !== undefined && Buffer.from(ski.valueBlock.valueHexView).equals(keyId);
  });
  if (!found) throw new Invalid("The token's signing certificate is neither in the token nor in the authority's chain.");
  return found;
}

const digest = (algorithmId: string, bytes: ArrayBuffer | Uint8Array): Buffer => {
  const name = digestNames[algorithmId];
  if (!name) throw new Invalid(`The token uses a digest algorithm this check does not know (${algorithmId}).`);
  return createHash(name).update(new Uint8Array(bytes)).digest();
};

/** The signed attributes (content type, message digest, signing certificate) and the signature over them. */
async function checkSignature(signedData: pkijs.SignedData, signerInfo: pkijs.SignerInfo, signer: pkijs.Certificate): Promise<void> {
  const attributes = signerInfo.signedAttrs?.attributes;
  if (!attributes || !signerInfo.signedAttrs) throw new Invalid('The token has no signed attributes.');
  const value = (type: string) => attributes.find((a) => a.type === type)?.values[0] as asn1js.BaseBlock | undefined;
  const contentType = value(OID.contentType);
  if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.valueBlock.toString() !== OID.tstInfo) {
    throw new Invalid("The token's signed content type is not a TSTInfo.");
  }
  const digestAlgorithm = signerInfo.digestAlgorithm.algorithmId;
  const messageDigest = value(OID.messageDigest);
  const eContent = signedData.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0);
  if (!(messageDigest instanceof asn1js.OctetString) || !Buffer.from(messageDigest.getValue()).equals(digest(digestAlgorithm, eContent))) {
    throw new Invalid("The token's content was changed: the signed message digest does not match it.");
  }
  checkSigningCertificate(value(OID.signingCertificateV2), value(OID.signingCertificate), signer);
  const engine = pkijs.getCrypto(true);
  const hash = engine.getAlgorithmByOID<{ name: string }>(digestAlgorithm, true, 'digestAlgorithm').name;
  const ok = await engine
    .verifyWithPublicKey(signerInfo.signedAttrs.encodedValue, signerInfo.signature, signer.subjectPublicKeyInfo, signerInfo.signatureAlgorithm, hash)
    .catch(() => false);
  if (!ok) throw new Invalid("The token's signature is not valid for the authority's certificate.");
}

/** The ESS signing certificate attribute (v2: RFC 5035, SHA-256 by default; v1: SHA-1) names the signer's certificate. */
function checkSigningCertificate(v2: asn1js.BaseBlock | undefined, v1: asn1js.BaseBlock | undefined, signer: pkijs.Certificate): void {
  const attribute = v2 ?? v1;
  if (!attribute) throw new Invalid('The token does not name its signing certificate (no signingCertificate attribute).');
  const certs = (attribute as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence | undefined;
  const first = certs?.valueBlock.value[0] as asn1js.Sequence | undefined;
  const parts = first?.valueBlock.value ?? [];
  let algorithm: string = v2 ? OID.sha256 : '1.3.14.3.2.26';
  let hashIndex = 0;
  if (v2 && parts[0] instanceof asn1js.Sequence) {
    algorithm = new pkijs.AlgorithmIdentifier({ schema: parts[0] }).algorithmId;
    hashIndex = 1;
  }
  const hash = parts[hashIndex];
  const der = signer.toSchema().toBER();
  if (!(hash instanceof asn1js.OctetString) || !Buffer.from(hash.getValue()).equals(digest(algorithm, der))) {
    throw new Invalid("The token's signing certificate attribute names another certificate than its signer's.");
  }
}

/** RFC 3161 section 2.3: the TSA's certificate has timeStamping as its only extended key usage, critical; genTime within its validity. */
function checkTsaCertificate(signer: pkijs.Certificate, genTime: Date): void {
  const eku = signer.extensions?.find((e) => e.extnID === OID.extKeyUsage);
  const purposes = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  if (!eku || !eku.critical || purposes.length !== 1 || purposes[0] !== OID.timeStamping) {
    throw new Invalid("The authority's certificate is not for time-stamping only (extendedKeyUsage timeStamping, critical).");
  }
  if (genTime < signer.notBefore.value || genTime > signer.notAfter.value) {
    throw new Invalid("The time-stamp's time is outside its authority's certificate validity.");
  }
}

/** The signer's certificate chains to a root (self-signed) of the given chain, valid at genTime. */
async function checkChain(signer: pkijs.Certificate, chain: pkijs.Certificate[], signedData: pkijs.SignedData, genTime: Date): Promise<void> {
  const roots = chain.filter((c) => c.subject.isEqual(c.issuer));
  if (roots.length === 0) throw new Invalid("The authority's chain has no root certificate.");
  const others = [...chain, ...(signedData.certificates ?? []).filter(isCertificate)].filter((c) => !c.subject.isEqual(c.issuer));
  const engine = new pkijs.CertificateChainValidationEngine({ trustedCerts: roots, certs: [...others, signer], checkDate: genTime });
  const result = await engine.verify().catch((error: unknown) => ({ result: false, resultMessage: String((error as { resultMessage?: string }).resultMessage ?? error) }));
  if (!result.result) throw new Invalid(`The authority's certificate does not chain to the given root: ${result.resultMessage}.`);
}

/** The answer to our request, checked (its status, nonce and policy, then verifyTimestamp): the token, or TimestampUnavailable. */
export async function acceptReply(
  response: Buffer,
  expected: { sha256: Buffer; nonce: asn1js.Integer; policy?: string | undefined; chainPem: string },
): Promise<TimestampToken> {
  let read: ReturnType<typeof readTimestampResponse>;
  try {
    read = readTimestampResponse(response);
  } catch (error) {
    throw new TimestampUnavailable((error as Error).message);
  }
  if (read.status > 1) {
    const failures = read.failures.length > 0 ? ` (${read.failures.join(', ')})` : '';
    throw new TimestampUnavailable(`the authority answered ${statusName(read.status)}${failures}`);
  }
  if (!read.token) throw new TimestampUnavailable('the authority granted no token');
  const { tstInfo } = read.token;
  if (!tstInfo.nonce || tstInfo.nonce.toBigInt() !== expected.nonce.toBigInt()) throw new TimestampUnavailable('the token does not carry our nonce');
  if (expected.policy && tstInfo.policy !== expected.policy) throw new TimestampUnavailable(`the token is under policy ${tstInfo.policy}, not ${expected.policy}`);
  const verification = await verifyTimestamp(response, expected.sha256, expected.chainPem);
  if (!verification.valid) throw new TimestampUnavailable(verification.reason);
  return { response, stampedAt: verification.stampedAt, serialNumber: verification.serialNumber, policy: verification.policy };
}
