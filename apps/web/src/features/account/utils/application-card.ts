import type { HomeData } from '../api/account-data';

type ApplicationSummary = HomeData['application'];

/**
 * Which application card home shows when there is no loan and no offer (issues 34 and 35):
 * - apply: none yet, or an approved one whose offers are used (a new application may start);
 * - continue: a draft or a returned one, which the borrower may still change;
 * - declined: refused, before the day to apply again (its reasons and that day; no way to apply);
 * - applyAgain: refused, and that day has come (a new application starts at the identity step);
 * - sent: sent, identity being verified, in review or with an analyst (its state).
 */
export type ApplicationCardKind = 'apply' | 'continue' | 'declined' | 'applyAgain' | 'sent';

/** The card for the borrower's newest application on `today` (the market's day, YYYY-MM-DD). */
export function applicationCardKind(application: ApplicationSummary, today: string): ApplicationCardKind {
  if (application === null || application.status === 'approved') return 'apply';
  if (application.status === 'draft' || application.status === 'returned') return 'continue';
  if (application.status === 'declined') {
    const after = application.decision?.reapplyAfter ?? null;
    return after === null || today >= after ? 'applyAgain' : 'declined';
  }
  return 'sent';
}
