/** The credit decision in the back office (issue 35, docs/back-office.md "Credit decisions"): rules, factors, reviewer's acts. */
export const creditReviewEs = {
  creditReviewPlaceholder: '',
};

export const creditReviewEn: Record<keyof typeof creditReviewEs, string> = {
  creditReviewPlaceholder: '',
};
