import { sql, type SQL } from 'drizzle-orm';
import type { SignedAgreementLink } from '@presta/contract/api/loan';

/*
 * How the borrower's pages name a signed agreement (issue 38): loan details, my loans and the statement offer its
 * PDF. The reads select `signedAgreementSql` beside their own columns (one round trip, one row per order).
 */

/** The PDF's address for the borrower's pages (same origin; the session is needed). */
export const agreementPdfUrl = (documentNo: string) => `/api/agreements/${documentNo}.pdf`;

/** An order's signed agreement as its reads select it: { agreementNo, signedAt } or null. */
export type SignedAgreementRow = { agreementNo: string; signedAt: string } | null;

/** The SQL of an order's signed agreement (SignedAgreementRow), `orderId` the caller's order id column (e.g. sql`o.id`). */
export const signedAgreementSql = (orderId: SQL) => sql`(select json_build_object('agreementNo', ad.document_no,
         'signedAt', to_char(ags.signed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from agreement_signatures ags join agreement_documents ad on ad.id = ags.document_id
   where ags.order_id = ${orderId})`;

/** The pages' link of a signed agreement, or null: none. */
export function signedAgreementLink(row: SignedAgreementRow | undefined): SignedAgreementLink | null {
  return row ? { agreementNo: row.agreementNo, signedAt: row.signedAt, pdfUrl: agreementPdfUrl(row.agreementNo) } : null;
}
