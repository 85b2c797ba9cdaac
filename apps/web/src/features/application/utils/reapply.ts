import type { CreditApplication } from '../api/application-calls';

/**
 * Whether a declined application lets the borrower apply again on `today` (the market's day, YYYY-MM-DD): from the
 * decision's reapplyAfter on (issue 35). The server refuses an earlier new application with the date (409008).
 */
export function mayApplyAgain(application: Pick<CreditApplication, 'status' | 'decision'>, today: string): boolean {
  if (application.status !== 'declined') return false;
  const after = application.decision?.reapplyAfter ?? null;
  return after === null || today >= after;
}
