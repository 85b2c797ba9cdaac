import type { RouteName } from '@presta/contract/routes';

/**
 * Which page module each route renders: the one list the router (one lazy
 * chunk per page, see router.tsx) and the build (vite.config.ts writes
 * dist/route-preloads.json from it, which the server reads to preload a page's
 * chunk, imports and CSS with its HTML) both use. `route` is a name of
 * `routes` (@presta/contract/routes), '*' any other path; module paths are
 * relative to apps/web, and each module default-exports its page component.
 *
 * vite.config.ts loads this file in Node: plain data and type-only imports.
 */
export const routeModules = [
  { route: 'testPreview', module: 'src/features/dev-preview/test-preview-page.tsx' },
  { route: 'jointLoginFailure', module: 'src/features/session/joint-login-failure-page.tsx' },
  { route: 'error', module: 'src/features/session/joint-login-failure-page.tsx' },
  { route: 'confirmLoan', module: 'src/features/loan/pages/confirm-loan-page.tsx' },
  { route: 'loanDetails', module: 'src/features/loan/pages/loan-details-page.tsx' },
  { route: 'order', module: 'src/features/loan/pages/loan-details-page.tsx' },
  { route: 'login', module: 'src/features/account/pages/sign-in-page.tsx' },
  { route: 'main', module: 'src/features/account/pages/home-page.tsx' },
  { route: 'setting', module: 'src/features/account/pages/account-page.tsx' },
  { route: 'bindBank', module: 'src/features/account/pages/bank-account-page.tsx' },
  { route: 'certify', module: 'src/features/application/pages/application-page.tsx' },
  { route: 'repayment', module: 'src/features/repayment/pages/repayment-page.tsx' },
  { route: 'repaymentDelay', module: 'src/features/repayment/pages/extension-page.tsx' },
  { route: 'paymentInstruction', module: 'src/features/repayment/pages/payment-instruction-page.tsx' },
  { route: 'cardRepayment', module: 'src/features/card-repayment/pages/card-repayment-page.tsx' },
  { route: 'loanStatement', module: 'src/features/statement/pages/loan-statement-page.tsx' },
  { route: 'paymentReceipt', module: 'src/features/statement/pages/payment-receipt-page.tsx' },
  { route: 'keyFacts', module: 'src/features/key-facts/pages/key-facts-page.tsx' },
  { route: 'loanAgreement', module: 'src/features/agreement/pages/loan-agreement-page.tsx' },
  { route: 'loanAgreementPeriod', module: 'src/features/agreement/pages/loan-agreement-page.tsx' },
  { route: 'complaintEntry', module: 'src/features/complaint-filing/pages/complaint-entry-page.tsx' },
  { route: 'complaintForm', module: 'src/features/complaint-filing/pages/complaint-form-page.tsx' },
  { route: 'complaintList', module: 'src/features/complaint-follow-up/pages/complaint-list-page.tsx' },
  { route: 'complaintDetail', module: 'src/features/complaint-follow-up/pages/complaint-detail-page.tsx' },
  { route: 'privacyPolicy', module: 'src/features/legal/pages/privacy-policy-page.tsx' },
  { route: 'customerService', module: 'src/features/support/pages/customer-service-page.tsx' },
  { route: 'customerServiceShort', module: 'src/features/support/pages/customer-service-page.tsx' },
  { route: 'aboutUs', module: 'src/features/support/pages/about-us-page.tsx' },
  { route: '*', module: 'src/features/session/not-found-page.tsx' },
] as const satisfies readonly { route: RouteName | '*'; module: `src/${string}-page.tsx` }[];

/**
 * A route whose page depends on its query: /order without `orderId` is my
 * loans (issue 16); with one it stays the loan details of routeModules.
 */
export const routeVariants = [
  { route: 'order', withoutParam: 'orderId', module: 'src/features/account/pages/my-loans-page.tsx' },
] as const satisfies readonly { route: RouteName; withoutParam: string; module: `src/${string}-page.tsx` }[];

/** The early entry (see early.ts), relative to apps/web. */
export const earlyEntryModule = 'src/app/early.ts';
