/**
 * Every API call of §7: method and exact path, with no schema attached, so the
 * pages can name a call without bundling zod. The schemas of each call live in
 * the area files (loan.ts, repayment.ts, …) and reuse these entries.
 */
export type ApiRoute = { readonly method: 'GET' | 'POST'; readonly path: string };

const post = (path: string) => ({ method: 'POST', path }) as const;
const get = (path: string) => ({ method: 'GET', path }) as const;

export const apiRoutes = {
  // Loan (issue: foundation)
  loanDetailConfirm: post('/v3/loan-confirm/loan-detail-confirm'),
  // Key Facts Statement (ours, issue 13: India's KFS before applying)
  keyFacts: post('/v3/loan-confirm/key-facts'),
  keyFactsAcknowledge: post('/v3/loan-confirm/key-facts-acknowledge'),
  loanDetailPush: post('/v3/loan-confirm/loan-detail-push'),
  /** Ours (issue 38, the spec shows no call): the agreement rendered for the confirmed figures, and its signing code sent. */
  agreementPrepare: post('/v3/loan-confirm/agreement-prepare'),
  /** Ours (issue 38): the borrower signs the prepared agreement with the SMS code. */
  agreementSign: post('/v3/loan-confirm/agreement-sign'),
  loanDetails: post('/v3/loan-details/loan-details'),
  googleScore: post('/v3/loan-details/google-score'),
  /** Ours (issue 14, the spec shows no call): the borrower's "not now" to the rating prompt. */
  googleScoreLater: post('/v3/loan-details/google-score-later'),
  contractDetail: post('/v3/loan-details/contract-detail'),
  // Repayment
  loanPlayDetail: post('/v3/installment/loan-play-detail'),
  loanPlayDelayDetail: post('/v3/installment/loan-play-delay-detail'),
  generateVcode: post('/v3/loan-details/generate-vcode'),
  // Statement and receipts (ours, issue 12: the spec shows no call)
  loanStatement: post('/v3/loan-details/loan-statement'),
  paymentReceipt: post('/v3/loan-details/payment-receipt'),
  // Complaints and customer service
  problemInit: post('/user-problem/problem-init'),
  problemList: post('/user-problem/problem-list'),
  problemDetail: post('/user-problem/problem-detail'),
  uploadProblemImg: post('/user-problem/upload-problem-img'),
  problemSave: post('/user-problem/problem-save'),
  /** Ours (the spec shows no call): the borrower's score of the support reply. */
  problemScore: post('/user-problem/problem-score'),
  getWhatsapp: post('/user-problem/get-whatsapp'),
  // Promotion funnel
  channelTemplate: get('/api/v2/youmi/service/channel/channel-template'),
  trackVisit: get('/api/v2/youmi/promotion/track-visit'),
  getSid: get('/api/v2/youmi/promotion/get-sid'),
  getCaptcha: get('/api/v2/youmi/promotion/get-captcha'),
  getSms: post('/api/v2/youmi/promotion/get-sms'),
  trackClick: get('/api/v2/youmi/promotion/track-click'),
  register: post('/api/v2/youmi/promotion/register'),
  // The borrower's account (ours, issue 16: the spec shows no call; decision 017)
  accountSignInCode: post('/v3/account/sign-in-code'),
  accountSignIn: post('/v3/account/sign-in'),
  accountSignOut: post('/v3/account/sign-out'),
  accountSignOutEverywhere: post('/v3/account/sign-out-everywhere'),
  accountSessions: post('/v3/account/sessions'),
  accountSessionRevoke: post('/v3/account/session-revoke'),
  accountProfile: post('/v3/account/profile'),
  accountLanguage: post('/v3/account/language'),
  accountHome: post('/v3/account/home'),
  accountLoans: post('/v3/account/loans'),
  accountOffers: post('/v3/account/offers'),
  accountLimitIncrease: post('/v3/account/limit-increase'),
  accountBankAccount: post('/v3/account/bank-account'),
  accountBankAccountCode: post('/v3/account/bank-account-code'),
  accountBankAccountSave: post('/v3/account/bank-account-save'),
  // The credit application (ours, issue 34: the spec's `certify` family shows no call; docs/application.md)
  creditApplication: post('/v3/certify/application'),
  applicationIdentity: post('/v3/certify/identity'),
  applicationAddress: post('/v3/certify/address'),
  applicationWork: post('/v3/certify/work'),
  applicationDocumentUpload: post('/v3/certify/upload-document'),
  applicationConsentCode: post('/v3/certify/consent-code'),
  applicationConsents: post('/v3/certify/consents'),
  applicationSubmit: post('/v3/certify/submit'),
  // Back office (ours, issue 17, decision 018): the console's calls, under /console/api, JSON, the presta_console cookie
  consoleSignIn: post('/console/api/sign-in'),
  consoleMe: get('/console/api/me'),
  consoleSignOut: post('/console/api/sign-out'),
  consoleSetUpOpen: post('/console/api/set-up/open'),
  consoleSetUpComplete: post('/console/api/set-up/complete'),
  consoleApplications: get('/console/api/applications'),
  consoleApprove: post('/console/api/orders/approve'),
  consoleReject: post('/console/api/orders/reject'),
  consoleDisburse: post('/console/api/orders/disburse'),
  // Payouts (issue 37, docs/disbursal.md): the attempts that pay an approved order out
  consolePayouts: get('/console/api/payouts'),
  consolePayoutRetry: post('/console/api/payouts/retry'),
  consolePayoutCancel: post('/console/api/payouts/cancel'),
  consoleCreditApplications: get('/console/api/credit-applications'),
  consoleCreditApplication: post('/console/api/credit-applications/detail'),
  // The credit decision's reviewer (issue 35, docs/back-office.md "Credit decisions")
  consoleCreditQueue: get('/console/api/credit-applications/queue'),
  consoleCreditApprove: post('/console/api/credit-applications/approve'),
  consoleCreditDecline: post('/console/api/credit-applications/decline'),
  consoleCreditConfirm: post('/console/api/credit-applications/confirm'),
  consoleBureauReport: post('/console/api/credit-applications/bureau-report'),
  consoleStaff: get('/console/api/staff'),
  consoleStaffAdd: post('/console/api/staff/add'),
  consoleStaffReset: post('/console/api/staff/reset'),
  consoleAudit: get('/console/api/audit'),
  consoleStaffDisable: post('/console/api/staff/disable'),
  consoleStaffEnable: post('/console/api/staff/enable'),
  consoleStaffRoles: post('/console/api/staff/roles'),
  consoleStaffTokens: get('/console/api/staff/tokens'),
  consoleStaffTokenRevoke: post('/console/api/staff/tokens/revoke'),
  consoleMyTokens: get('/console/api/me/tokens'),
  consoleMyTokenCreate: post('/console/api/me/tokens/create'),
  consoleMyTokenRevoke: post('/console/api/me/tokens/revoke'),
  consoleSuspense: get('/console/api/suspense'),
  consoleSuspenseAssign: post('/console/api/suspense/assign'),
  consoleSuspenseRefund: post('/console/api/suspense/refund'),
  consoleCreditRefund: post('/console/api/ledger/refund'),
  consoleNotifications: get('/console/api/payments/notifications'),
  consoleNotificationResolve: post('/console/api/payments/notifications/resolve'),
  consoleComplaints: get('/console/api/complaints'),
  consoleLoanSearch: post('/console/api/loans/search'),
  consoleLoan: post('/console/api/loans/detail'),
  /** Issue 38: a loan's signed agreement, its evidence and verification (the PDF and the package: console/agreements.ts). */
  consoleAgreement: post('/console/api/agreements/detail'),
  consoleFunnel: get('/console/api/promotion/funnel'),
  consoleComplaintReply: post('/console/api/complaints/reply'),
  consoleComplaintReplyWithImages: post('/console/api/complaints/reply-with-images'),
  consolePromotionTemplates: get('/console/api/promotion/templates'),
  consolePromotionTemplateAdd: post('/console/api/promotion/templates/add'),
  consolePromotionTemplateUpdate: post('/console/api/promotion/templates/update'),
  // Legacy card repayment
  repaymentWay: post('/api/v1/youmi/youmi-api/service/loan/repayment-way'),
  repaymentCommit: post('/api/v1/youmi/youmi-api/service/loan/repayment-commit'),
  repaymentConfirm: post('/api/v1/youmi/youmi-api/service/loan/repayment-confirm'),
  repaymentHuichao: post('/api/v1/youmi/youmi-api/service/loan/repayment-huichao'),
} as const satisfies Record<string, ApiRoute>;
