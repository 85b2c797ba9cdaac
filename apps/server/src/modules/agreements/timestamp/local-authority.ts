import { createHash } from 'node:crypto';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { localAuthorityKeys, type LocalAuthorityKeys } from './local-authority-keys';
import { TimestampUnavailable, type TimestampAuthority, type TimestampToken } from './timestamp-authority';
import { acceptReply } from './timestamp-verify';
import { bufferSource, failureInfo, OID, randomInteger, readTimestampRequest, timestampRequest, type FailureName } from './tsp';

/*
 * The local time-stamp authority (docs/providers/tsa.md "The local authority"): the demo's and the tests', never
 * production's (productionProblems refuses it unless TSA_PROVIDER=local names it). Its keys and certificates are made
 * at first use under <dataDir>/tsa/ (local-authority-keys.ts). It answers a TimeStampReq as an RFC 3161 server
 * does — the in-process authority asks itself, POST /api/dev/tsa asks it over HTTP — with a token openssl accepts:
 * TSTInfo version 1 under the demo's policy, SHA-256 imprint, 128-bit random serial, genTime to the second
 * (accuracy 1 s), the request's nonce echoed; SignedData with contentType, messageDigest and signingCertificateV2.
 */

/** The demo's TSA policy: a made-up OID under a private arc, meaning "the Presta demo, no assurance at all". */
export const LOCAL_TSA_POLICY = '1.3.6.1.4.1.99999.38.1';

export type LocalAuthorityOptions = {
  /** The data directory: the keys live in <dataDir>/tsa/. */
  dataDir: string;
  /** The clock (tests). */
  now?: () => Date;
};

export class LocalTimestampAuthority implements TimestampAuthority {
  readonly id = 'local' as const;
  readonly dir: string;
  private keys: Promise<LocalAuthorityKeys> | undefined;

  constructor(private readonly opts: LocalAuthorityOptions) {
    this.dir = path.join(opts.dataDir, 'tsa');
  }

  async stamp(sha256: Buffer): Promise<TimestampToken> {
    const nonce = randomInteger(8);
    let response: Buffer;
    try {
      response = await this.answer(timestampRequest({ sha256, nonce }));
    } catch (error) {
      throw new TimestampUnavailable(`the local authority could not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    return acceptReply(response, { sha256, nonce, chainPem: await this.chainPem() });
  }

  async chainPem(): Promise<string> {
    const { tsaPem, rootPem } = await this.material();
    return `${tsaPem.trim()}\n${rootPem.trim()}\n`;
  }

  /** The root certificate alone (an auditor's -CAfile). */
  async rootPem(): Promise<string> {
    return (await this.material()).rootPem;
  }

  /**
   * The DER TimeStampResp answering a DER TimeStampReq: granted with a token, or a rejection with its failure
   * (badDataFormat: not a request; badAlg: not SHA-256; unacceptedPolicy: another policy; unacceptedExtension).
   */
  async answer(requestDer: Buffer): Promise<Buffer> {
    const request = readTimestampRequest(requestDer);
    if (!request) return rejection({ failure: 'badDataFormat', text: 'not a DER TimeStampReq' });
    const refusal = refusalOf(request);
    if (refusal) return rejection(refusal);
    const keys = await this.material();
    const genTime = new Date(Math.floor((this.opts.now?.() ?? new Date()).getTime() / 1000) * 1000);
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: LOCAL_TSA_POLICY,
      messageImprint: request.messageImprint,
      serialNumber: randomInteger(16),
      genTime,
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const token = await signedToken(keys, tstInfo, request.certReq === true);
    const response = new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }), timeStampToken: token });
    return Buffer.from(response.toSchema().toBER());
  }

  private material(): Promise<LocalAuthorityKeys> {
    this.keys ??= localAuthorityKeys(this.dir).catch((error: unknown) => {
      this.keys = undefined; // a failure (a full disk) is tried again next time
      throw error;
    });
    return this.keys;
  }
}

/** Why a well-formed request is refused, if it is. */
function refusalOf(request: pkijs.TimeStampReq): { failure: FailureName; text: string } | undefined {
  if (request.version !== 1) return { failure: 'badRequest', text: 'only version 1 requests are answered' };
  const { hashAlgorithm, hashedMessage } = request.messageImprint;
  if (hashAlgorithm.algorithmId !== OID.sha256) return { failure: 'badAlg', text: 'only SHA-256 imprints are time-stamped' };
  if (hashedMessage.getValue().byteLength !== 32) return { failure: 'badDataFormat', text: 'a SHA-256 imprint is 32 bytes' };
  if (request.reqPolicy && request.reqPolicy !== LOCAL_TSA_POLICY) return { failure: 'unacceptedPolicy', text: `only policy ${LOCAL_TSA_POLICY} is served` };
  if (request.extensions?.length) return { failure: 'unacceptedExtension', text: 'no request extension is supported' };
  return undefined;
}

function rejection({ failure, text }: { failure: FailureName; text: string }): Buffer {
  const status = new pkijs.PKIStatusInfo({
    status: pkijs.PKIStatus.rejection,
    statusStrings: [new asn1js.Utf8String({ value: text })],
    failInfo: failureInfo(failure),
  });
  return Buffer.from(new pkijs.TimeStampResp({ status }).toSchema().toBER());
}

/** The token: CMS SignedData over the TSTInfo, signed by the TSA's key, its certificate included when asked. */
async function signedToken(keys: LocalAuthorityKeys, tstInfo: pkijs.TSTInfo, withCertificate: boolean): Promise<pkijs.ContentInfo> {
  const eContent = tstInfo.toSchema().toBER();
  const certificate = keys.tsaCert;
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.tstInfo, eContent: new asn1js.OctetString({ valueHex: eContent }) }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signedAttributes(eContent, keys.tsaCertDer, certificate) }),
      }),
    ],
    ...(withCertificate ? { certificates: [certificate] } : {}),
  });
  await signedData.sign(keys.tsaKey, 0, 'SHA-256');
  return new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
}

/**
 * contentType, messageDigest and signingCertificateV2 (RFC 5035's ESSCertIDv2: the certificate's SHA-256 — the
 * default algorithm, so not written — and its issuer and serial), in DER order: a SET OF is sorted by encoding, and
 * openssl checks the signature over its own DER encoding of the attributes.
 */
function signedAttributes(eContent: ArrayBuffer, certificateDer: Buffer, certificate: pkijs.Certificate): pkijs.Attribute[] {
  const sha256 = (bytes: ArrayBuffer | Buffer) => bufferSource(createHash('sha256').update(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).digest());
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: sha256(certificateDer) }),
      new asn1js.Sequence({
        value: [new asn1js.Sequence({ value: [new pkijs.GeneralName({ type: 4, value: certificate.issuer }).toSchema()] }), certificate.serialNumber],
      }),
    ],
  });
  const attributes = [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: sha256(eContent) })] }),
    new pkijs.Attribute({
      type: OID.signingCertificateV2,
      values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
    }),
  ];
  const encoded = (attribute: pkijs.Attribute) => Buffer.from(attribute.toSchema().toBER());
  return attributes.sort((a, b) => Buffer.compare(encoded(a), encoded(b)));
}
