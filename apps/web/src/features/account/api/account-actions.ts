import { apiRoutes } from '@presta/contract/api/api-routes';
import type {
  accountBankAccountCode,
  accountBankAccountSave,
  accountLanguage,
  accountLimitIncrease,
  accountSessionRevoke,
  accountSignOut,
  accountSignOutEverywhere,
} from '@presta/contract/api/account';
import type { RequestOf } from '@presta/contract/api/endpoint';
import { callApi } from '@/shared/http/api-client';

/*
 * The account's changes. Each shows `loading` (a progress toast) while it
 * waits; failures are toasted unless `silent` (the page shows them itself).
 */

export function saveLanguage(language: 'es' | 'en', loading: string) {
  return callApi<typeof accountLanguage>(apiRoutes.accountLanguage, { language }, { loading });
}

export function revokeSession(ref: string, loading: string) {
  return callApi<typeof accountSessionRevoke>(apiRoutes.accountSessionRevoke, { ref }, { loading });
}

export function signOut(loading: string) {
  return callApi<typeof accountSignOut>(apiRoutes.accountSignOut, {}, { loading });
}

export function signOutEverywhere(loading: string) {
  return callApi<typeof accountSignOutEverywhere>(apiRoutes.accountSignOutEverywhere, {}, { loading });
}

export function requestBankAccountCode(loading: string) {
  return callApi<typeof accountBankAccountCode>(apiRoutes.accountBankAccountCode, {}, { loading, silent: true });
}

export function saveBankAccount(payload: RequestOf<typeof accountBankAccountSave>, loading: string) {
  return callApi<typeof accountBankAccountSave>(apiRoutes.accountBankAccountSave, payload, { loading, silent: true });
}

/** Accepts (1: the borrower's recorded consent) or turns down (0) a proposed higher limit; answers the new offers. */
export function answerLimitIncrease(proposalId: string, accept: 0 | 1, loading: string) {
  return callApi<typeof accountLimitIncrease>(apiRoutes.accountLimitIncrease, { proposalId, accept }, { loading });
}
