/**
 * The figures of the loan agreement text (§9 "Loan agreement text"), written
 * once for both languages so the Spanish and English clauses can never
 * disagree. (They belong in @presta/contract next to the pricing, see the report.)
 */
export const agreementFigures = {
  /** Annual interest rate. */
  annualInterestRate: '18%',
  /** Interest. */
  interestRate: '0.0065%',
  /** Value added tax, charged on (interest + commission). */
  ivaRate: '16%',
  /** Overdue fine, per day late. */
  overdueFinePerDay: '3%',
  /** Longest deferral (extension) of a repayment, in days. */
  maxDeferralDays: 7,
} as const;
