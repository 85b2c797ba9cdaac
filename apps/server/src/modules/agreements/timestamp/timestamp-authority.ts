/*
 * A time-stamp authority (issue 38, RFC 3161; docs/providers/tsa.md): it signs, with its own certificate, that a
 * document's SHA-256 existed at a time. Production asks an accredited provider over HTTP (rfc3161-authority.ts,
 * TSA_URL); the demo and the tests have a local authority with its own key and certificate made at first start
 * under the data directory (local-authority.ts), which production refuses. Both answer the same: the whole
 * TimeStampResp, which `openssl ts -verify -data agreement.pdf -in agreement.tsr -CAfile <root> -untrusted tsa.pem`
 * accepts.
 */

export const timestampAuthorityIds = ['local', 'rfc3161'] as const;
export type TimestampAuthorityId = (typeof timestampAuthorityIds)[number];

export type TimestampToken = {
  /** The authority's whole TimeStampResp (DER, status granted), kept as agreement.tsr. */
  response: Buffer;
  /** The token's genTime. */
  stampedAt: Date;
  /** The token's serial number, hex. */
  serialNumber: string;
  /** The TSA policy OID the token was issued under. */
  policy: string;
};

/** The authority could not answer now (timeout, network, 5xx, status rejection, a reply that does not verify): try later. */
export class TimestampUnavailable extends Error {
  override readonly name = 'TimestampUnavailable';
}

export interface TimestampAuthority {
  readonly id: TimestampAuthorityId;
  /**
   * A token for a SHA-256 digest (32 bytes), checked before it is answered: its imprint is the digest, its nonce ours,
   * its signature the authority's (else TimestampUnavailable).
   */
  stamp(sha256: Buffer): Promise<TimestampToken>;
  /** The authority's certificate chain, PEM, the TSA's certificate first and the root last (the package's tsa.pem). */
  chainPem(): Promise<string>;
}

/** What checking a kept token against a document says (the console's verification, the package's evidence.json). */
export type TimestampVerification =
  | { valid: true; stampedAt: Date; serialNumber: string; policy: string; /** The TSA certificate's subject. */ signer: string }
  | { valid: false; /** Why, in English, for staff and auditors. */ reason: string };
