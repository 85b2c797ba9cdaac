/*
 * The back office's roles and what each may do (issue 17, decision 018 point 6). One table: the server checks it on
 * every console call and every `npm run ops` command, the console hides what a role cannot do, and the tests run
 * the whole matrix from it.
 */

/** credit_manager (issue 35): confirms a reviewer's approval above the policy's band (maker-checker). */
export const staffRoles = ['reviewer', 'finance', 'support', 'analyst', 'admin', 'credit_manager'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Every action of the back office, and the roles that may take it (a person may hold several roles). */
export const consoleActions = {
  // Applications
  'orders.read': ['reviewer', 'finance', 'support', 'analyst', 'admin', 'credit_manager'],
  'orders.approve': ['reviewer'],
  'orders.reject': ['reviewer'],
  'offers.grant': ['reviewer'],
  // Credit applications (issue 34): read masked; identity numbers and documents in full (each opening audited)
  'applications.read': ['reviewer', 'support', 'credit_manager'],
  'applications.identity': ['reviewer', 'credit_manager'],
  // The credit decision (issue 35): referred applications decided by a reviewer; above the band a credit manager
  // confirms (never the same member); the bureau report as received, each opening audited
  'applications.decide': ['reviewer', 'credit_manager'],
  'applications.confirmLimit': ['credit_manager'],
  'applications.bureau': ['reviewer', 'credit_manager'],
  // The signed agreement (issue 38): the document, its signature evidence and time-stamp, each view audited;
  // the PDF and the evidence package (zip, `ops agreement`) downloaded by finance and admin, each download audited
  'agreements.read': ['reviewer', 'support', 'finance', 'admin', 'credit_manager'],
  'agreements.export': ['finance', 'admin'],
  // Money
  'orders.disburse': ['finance'],
  // Bank account verification (issue 37): accounts held on a name mismatch, read (identity names, audited) and decided
  'accounts.readVerification': ['reviewer', 'credit_manager', 'finance'],
  'accounts.reviewVerification': ['reviewer', 'credit_manager'],
  // Payouts (issue 37): the disbursal screen's attempts; retry and cancel are finance's
  'payouts.read': ['finance', 'analyst', 'admin'],
  'payouts.retry': ['finance'],
  'payouts.cancel': ['finance'],
  'ledger.refund': ['finance'],
  'ledger.coolingOffExit': ['finance'],
  'ledger.sweepOverdue': ['finance'],
  'payments.read': ['finance', 'analyst', 'admin'],
  'payments.resolveReview': ['finance'],
  'suspense.assign': ['finance'],
  'suspense.refund': ['finance'],
  // Complaints
  'complaints.read': ['support', 'analyst'],
  'complaints.reply': ['support'],
  // Reports
  'reports.read': ['analyst', 'admin', 'reviewer', 'finance', 'support', 'credit_manager'],
  'promotion.edit': ['admin'],
  'jobs.read': ['admin', 'analyst'],
  // Staff and audit
  'staff.manage': ['admin'],
  'audit.read': ['admin', 'analyst'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type ConsoleAction = keyof typeof consoleActions;

/** Whether a person holding `roles` may take `action`. */
export function mayTake(roles: readonly StaffRole[], action: ConsoleAction): boolean {
  const allowed: readonly StaffRole[] = consoleActions[action];
  return roles.some((role) => allowed.includes(role));
}
