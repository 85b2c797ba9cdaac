import type { MarketCode } from '@presta/contract/markets';

/** The fields of the bank-account form of a market: Mexico a CLABE; India an account number and IFSC. */
export type BankAccountDraft = { account: string; ifsc: string };

export type BankAccountProblem = 'clabeInvalid' | 'accountNumberInvalid' | 'ifscInvalid';

/** The client-side format checks (the server checks the CLABE's check digit and bank, and the IFSC's bank). */
export function bankAccountProblems(market: MarketCode, draft: BankAccountDraft): { account?: BankAccountProblem; ifsc?: BankAccountProblem } {
  if (market === 'MX') return /^\d{18}$/.test(draft.account) ? {} : { account: 'clabeInvalid' };
  return {
    ...(/^\d{9,18}$/.test(draft.account) ? {} : { account: 'accountNumberInvalid' as const }),
    ...(/^[A-Z]{4}0[A-Z0-9]{6}$/.test(draft.ifsc) ? {} : { ifsc: 'ifscInvalid' as const }),
  };
}
