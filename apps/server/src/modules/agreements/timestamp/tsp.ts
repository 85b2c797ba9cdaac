import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/*
 * The pieces of the Time-Stamp Protocol (RFC 3161) both authorities and the verification share: the OIDs, the
 * request (TimeStampReq) and the reading of an answer (TimeStampResp → its SignedData and TSTInfo).
 */

export const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  extKeyUsage: '2.5.29.37',
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const;

/** The HTTP media types of RFC 3161 section 3.4. */
export const TIMESTAMP_QUERY_TYPE = 'application/timestamp-query';
export const TIMESTAMP_REPLY_TYPE = 'application/timestamp-reply';

/** PKIStatus values (RFC 3161 section 2.4.2) by number, for messages. */
const statusNames = ['granted', 'grantedWithMods', 'rejection', 'waiting', 'revocationWarning', 'revocationNotification'];
export const statusName = (status: number) => statusNames[status] ?? `status ${status}`;

/** PKIFailureInfo bits (RFC 3161 section 2.4.2). */
export const failureBits = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  timeNotAvailable: 14,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
  addInfoNotAvailable: 17,
  systemFailure: 25,
} as const;
export type FailureName = keyof typeof failureBits;

/** A positive INTEGER of `bytes` random bytes, minimally encoded (serial numbers, nonces). */
export function randomInteger(bytes: number): asn1js.Integer {
  const value = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
  return asn1js.Integer.fromBigInt(value === 0n ? 1n : value);
}

/** An INTEGER as lowercase hex without leading zeros (how tokens' serial numbers are shown and kept). */
export const integerHex = (value: asn1js.Integer) => value.toBigInt().toString(16);

/** The DER TimeStampReq for a SHA-256 digest: version 1, certReq true unless told, the nonce and policy if given. */
export function timestampRequest(opts: { sha256: Buffer; nonce?: asn1js.Integer; policy?: string; certReq?: boolean }): Buffer {
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: bufferSource(opts.sha256) }),
    }),
    certReq: opts.certReq ?? true,
    ...(opts.nonce ? { nonce: opts.nonce } : {}),
    ...(opts.policy ? { reqPolicy: opts.policy } : {}),
  });
  return Buffer.from(request.toSchema().toBER());
}

/** A DER TimeStampReq read back; undefined when it is not one. */
export function readTimestampRequest(der: Buffer): pkijs.TimeStampReq | undefined {
  try {
    return pkijs.TimeStampReq.fromBER(bufferSource(der));
  } catch {
    return undefined;
  }
}

/** What a TimeStampResp holds: its status and, when granted, the token's SignedData and TSTInfo. */
export type ReadResponse = {
  status: number;
  /** The failure bits' names (a refusal's reasons). */
  failures: FailureName[];
  token: { signedData: pkijs.SignedData; tstInfo: pkijs.TSTInfo } | undefined;
};

/** Reads a DER TimeStampResp; throws an Error with a short reason when it is not one (or its token is malformed). */
export function readTimestampResponse(der: Buffer): ReadResponse {
  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(bufferSource(der));
  } catch {
    throw new Error('the answer is not a TimeStampResp');
  }
  const { status, failInfo } = response.status;
  const failures = failInfo ? failuresOf(failInfo) : [];
  if (!response.timeStampToken) return { status, failures, token: undefined };
  if (response.timeStampToken.contentType !== OID.signedData) throw new Error('the token is not CMS SignedData');
  let signedData: pkijs.SignedData;
  try {
    signedData = new pkijs.SignedData({ schema: response.timeStampToken.content });
  } catch {
    throw new Error('the token is not CMS SignedData');
  }
  const { eContentType, eContent } = signedData.encapContentInfo;
  if (eContentType !== OID.tstInfo || !eContent) throw new Error('the token does not hold a TSTInfo');
  try {
    return { status, failures, token: { signedData, tstInfo: pkijs.TSTInfo.fromBER(eContent.getValue()) } };
  } catch {
    throw new Error('the token\'s TSTInfo cannot be read');
  }
}

/** The PKIFailureInfo BIT STRING of one failure. */
export function failureInfo(name: FailureName): asn1js.BitString {
  const bit = failureBits[name];
  const bytes = new Uint8Array((bit >> 3) + 1);
  bytes[bit >> 3] = 0x80 >> (bit & 7);
  return new asn1js.BitString({ valueHex: bytes.buffer, unusedBits: 7 - (bit & 7) });
}

function failuresOf(bits: asn1js.BitString): FailureName[] {
  const bytes = bits.valueBlock.valueHexView;
  return (Object.keys(failureBits) as FailureName[]).filter((name) => {
    const bit = failureBits[name];
    return ((bytes[bit >> 3] ?? 0) & (0x80 >> (bit & 7))) !== 0;
  });
}

/** A Buffer's own bytes as an ArrayBuffer (a Buffer may be a view into a larger pool). */
export function bufferSource(buffer: Buffer | Uint8Array): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}
