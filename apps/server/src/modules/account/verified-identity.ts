import { and, desc, eq, exists, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { borrowers, creditApplications, kycChecks } from '../../db/schema';
import type { IdentityName } from './name-match';

/*
 * The borrower's verified identity name (docs/account.md "Verification"): what a bank's holder name is compared
 * with and what a payout names as its beneficiary.
 *
 * Where it comes from, in this order:
 * 1. application: the newest credit application (issue 34) whose identity the verifier confirmed — its CURP check
 *    (Mexico: RENAPO's record of the names) or its PAN check (India: the name on the PAN) came back `verified`. The
 *    name is the identity step's answers as the borrower typed them and the verifier confirmed: Mexico's given
 *    names, paternal and maternal surname (kept apart: the rule needs to know which words are surnames), India's
 *    full name as on the PAN. applications.nameKey is the same name in capitals, without the parts.
 * 2. registration: a borrower without such an application (loans from before issue 34, the demo's ready-made
 *    borrowers): the name they registered with (borrowers.full_name). Recorded as such with each verification,
 *    so a reviewer knows it was not checked by the verifier.
 */

export type VerifiedIdentity = {
  name: IdentityName;
  source: 'application' | 'registration';
  applicationNo: string | null;
  /** Mexico: the verified CURP (STP's rfcCurpBeneficiario); the e-mail of the application (RazorpayX's contact). Never logged. */
  taxId?: string;
  email?: string;
};

const text = (answers: Record<string, unknown>, key: string) => (typeof answers[key] === 'string' ? answers[key] : '');

/** The borrower's verified identity and where it comes from; undefined: no name at all. */
export async function verifiedIdentity(db: DbOrTx, borrowerId: number): Promise<VerifiedIdentity | undefined> {
  const identityChecked = db
    .select({ id: kycChecks.id })
    .from(kycChecks)
    .where(and(eq(kycChecks.applicationId, creditApplications.id), inArray(kycChecks.check, ['curp', 'pan']), eq(kycChecks.outcome, 'verified')));
  const [application] = await db
    .select({ applicationNo: creditApplications.applicationNo, market: creditApplications.market, identity: creditApplications.identity, curp: creditApplications.curp })
    .from(creditApplications)
    .where(and(eq(creditApplications.borrowerId, borrowerId), isNotNull(creditApplications.identityCompletedAt), exists(identityChecked)))
    .orderBy(desc(creditApplications.createdAt), desc(creditApplications.id))
    .limit(1);
  if (application) {
    const a = application.identity;
    const name: IdentityName =
      application.market === 'MX'
        ? { givenNames: text(a, 'givenNames'), surnames: [text(a, 'firstSurname'), text(a, 'secondSurname')].filter((s) => s !== '') }
        : { fullName: text(a, 'fullName') };
    const email = text(a, 'email');
    return {
      name,
      source: 'application',
      applicationNo: application.applicationNo,
      ...(application.curp ? { taxId: application.curp } : {}),
      ...(email ? { email } : {}),
    };
  }
  const [borrower] = await db.select({ fullName: borrowers.fullName }).from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!borrower || borrower.fullName.trim() === '') return undefined;
  return { name: { fullName: borrower.fullName }, source: 'registration', applicationNo: null };
}
