import type { CreditApplication } from '../api/application-calls';

/**
 * Whether a decided application lets the borrower start a new one on `today` (the market's day, YYYY-MM-DD), as the
 * server does (issue 35): an approved one (closed: home leads here once its offers are used), a declined one from
 * the decision's reapplyAfter on. The server refuses an earlier new application with the date (409008).
 */
export function mayApplyAgain(application: Pick<CreditApplication, 'status' | 'decision'>, today: string): boolean {
  if (application.status === 'approved') return true;
  if (application.status !== 'declined') return false;
  const after = application.decision?.reapplyAfter ?? null;
  return after === null || today >= after;
}
