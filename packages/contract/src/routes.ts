/**
 * Page routes of the web app (§2). The paths marked "fixed" are a contract with
 * native apps in the field and must never change; the others are ours.
 */
export const routes = {
  // Loan journey
  confirmLoan: '/confirm-loan',
  loanDetails: '/loan-details',
  /** With ?orderId=: the loan details, as the native app's order list opens it; without one: my loans (issue 16). */
  order: '/order',
  // The borrower's account (issue 16, decision 017)
  /** Sign-in (a plain browser), with ?next= the page to go back to. */
  login: '/login',
  /** Home: the active loan's card, or the offers (#offers). */
  main: '/main',
  /** Account, the mine tab: profile, language, bank account, sessions, sign out. */
  setting: '/setting',
  /** Ours (issue 34): the credit application, its steps as ?step= (identity, address, work, documents, consents). */
  certify: '/certify',
  // Repayment
  repayment: '/repayment',
  repaymentDelay: '/repayment-delay',
  /** fixed: payment instruction ("carpmm"), with requestType, amount, payCode. */
  paymentInstruction: '/carpmm',
  /** fixed: loan agreement, period flavour ("agony"). */
  loanAgreementPeriod: '/agony',
  loanAgreement: '/loan-agreement',
  cardRepayment: '/card-repayment',
  /** Ours (issue 12): every event of a loan with the running balance. */
  loanStatement: '/loan-statement',
  /** Ours (issue 12): one payment's receipt, with ?paymentId=. */
  paymentReceipt: '/payment-receipt',
  /** Ours (issue 13): India's Key Facts Statement, with ?proposalNo= (an offer) or ?orderId= (a loan). */
  keyFacts: '/key-facts',
  /** The bank account loans are disbursed to (issue 16). */
  bindBank: '/bind-bank',
  // Complaints
  complaintEntry: '/complaint',
  /** fixed */
  complaintList: '/complaintList',
  /** fixed */
  complaintForm: '/complainPageNext',
  /** fixed, with ?problemId= */
  complaintDetail: '/complainDetails',
  // Support and legal
  customerService: '/customer-service',
  /** fixed: customer service ("Dag"). */
  customerServiceShort: '/Dag',
  aboutUs: '/about-us',
  /** fixed */
  privacyPolicy: '/PrivacyPolicy',
  // Failures and tools
  jointLoginFailure: '/joint-login-failure',
  error: '/error',
  /** fixed */
  testPreview: '/testPreview',
  // Marketing site (fixed)
  home: '/',
  siteAbout: '/About',
  siteUser: '/User',
  siteContact: '/Contact',
  sitePolicy: '/Policy',
  siteLoanTerms: '/Loan',
  // Promotion funnel: served under /promo/ with hash routes (fixed hashes)
  promo: '/promo/',
  promoDownloadHash: '#/downloadTemplate',
  promoAgreementHash: '#/agreementTemplate',
} as const;

export type RouteName = keyof typeof routes;
