import { apiRoutes } from '@presta/contract/api/api-routes';
import type { accountBankAccount, accountHome, accountLoans, accountProfile, accountSessions } from '@presta/contract/api/account';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';
import { apiQuery, type Query } from '@/shared/http/query';

export type HomeData = DataOf<typeof accountHome>;
export type LoanSummary = DataOf<typeof accountLoans>['loans'][number];
export type Offer = HomeData['offers'][number];
export type LimitIncrease = HomeData['limitIncreases'][number];
export type Profile = DataOf<typeof accountProfile>;
export type SessionSummary = DataOf<typeof accountSessions>['sessions'][number];
export type BankAccount = NonNullable<DataOf<typeof accountBankAccount>['account']>;

type LoadOpts = { silent?: boolean; signal?: AbortSignal };

/** Home: the profile, the active loan with its next payment, or the offers. */
export const homeQuery: Query<HomeData> = apiQuery<typeof accountHome>(apiRoutes.accountHome, {});

/** My loans, newest first. */
export function fetchLoans(opts: LoadOpts = {}): Promise<Normalised<DataOf<typeof accountLoans>>> {
  return callApi<typeof accountLoans>(apiRoutes.accountLoans, {}, opts);
}

export function fetchProfile(opts: LoadOpts = {}): Promise<Normalised<Profile>> {
  return callApi<typeof accountProfile>(apiRoutes.accountProfile, {}, opts);
}

export function fetchBankAccount(opts: LoadOpts = {}): Promise<Normalised<DataOf<typeof accountBankAccount>>> {
  return callApi<typeof accountBankAccount>(apiRoutes.accountBankAccount, {}, opts);
}

export type AccountData = { profile: Profile; sessions: SessionSummary[]; account: BankAccount | null };

/**
 * The account page's data in one answer: profile, sessions and bank account
 * asked at once; the first failure (in that order) is the answer.
 */
export async function fetchAccount(opts: LoadOpts = {}): Promise<Normalised<AccountData>> {
  const [profile, sessions, bank] = await Promise.all([
    fetchProfile(opts),
    callApi<typeof accountSessions>(apiRoutes.accountSessions, {}, { ...opts, silent: true }),
    fetchBankAccount({ ...opts, silent: true }),
  ]);
  if (!profile.data) return { ...profile, data: null };
  if (!sessions.data) return { ...sessions, data: null };
  if (!bank.data) return { ...bank, data: null };
  const data = { profile: profile.data, sessions: sessions.data.sessions, account: bank.data.account };
  return { ...profile, data };
}

export type BankPageData = { profile: Profile; account: BankAccount | null };

/** The bank-account page's data: the profile (its market decides the form) and the current account. */
export async function fetchBankPage(opts: LoadOpts = {}): Promise<Normalised<BankPageData>> {
  const [profile, bank] = await Promise.all([fetchProfile(opts), fetchBankAccount({ ...opts, silent: true })]);
  if (!profile.data) return { ...profile, data: null };
  if (!bank.data) return { ...bank, data: null };
  return { ...profile, data: { profile: profile.data, account: bank.data.account } };
}
