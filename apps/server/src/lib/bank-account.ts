/** '**** 1234': the last 4 digits of a bank account, '' when there is none. */
export function maskBankAccount(account: string): string {
  const digits = account.replace(/\D/g, '');
  if (digits.length === 0) return '';
  return `**** ${digits.slice(-4)}`;
}
