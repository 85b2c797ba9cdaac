import { useState } from 'react';
import { routes } from '@presta/contract/routes';
import { bridgeMessages } from '@presta/contract/bridge-messages';
import { bridge } from '@/shared/bridge/native-bridge';
import { useMessages } from '@/shared/i18n/use-messages';
import { replaceLocation } from '@/shared/session/navigation';
import { revokeSession, signOut, signOutEverywhere } from '../api/account-actions';
import type { SessionSummary } from '../api/account-data';
import { accountMessages } from '../messages';
import { showToast } from '@/shared/ui/toast';

/** What the confirmation dialog asks about: one other session, or every session. */
export type SignOutTarget = SessionSummary | 'everywhere';

/**
 * Signing out: this session, one other session (after a confirmation), or
 * every session (after a confirmation). Signed out here, the native app's
 * host takes the borrower to its login (logoutToLogin); a browser opens
 * sign-in. `reload` refreshes the session list after one is signed out.
 */
export function useSignOut(reload: () => void) {
  const { t } = useMessages(accountMessages);
  const [target, setTarget] = useState<SignOutTarget | null>(null);
  const [busy, setBusy] = useState<'here' | 'confirm' | null>(null);

  const toLogin = () => {
    if (bridge.transportFor(bridgeMessages.logoutToLogin) === 'browser') replaceLocation(routes.login);
    else bridge.logoutToLogin();
  };
  const signOutHere = async () => {
    if (busy) return;
    setBusy('here');
    const result = await signOut(t('signingOut'));
    if (result.success) toLogin();
    else setBusy(null);
  };
  const confirm = async () => {
    if (busy || !target) return;
    setBusy('confirm');
    if (target === 'everywhere') {
      const result = await signOutEverywhere(t('signingOut'));
      if (result.success) toLogin();
      else setBusy(null);
      return;
    }
    const result = await revokeSession(target.ref, t('signingOut'));
    setBusy(null);
    if (!result.success) return;
    setTarget(null);
    showToast(t('sessionSignedOut'));
    reload();
  };
  const close = () => {
    if (busy !== 'confirm') setTarget(null);
  };

  return { target, ask: setTarget, close, confirm, signOutHere, busy };
}

export type SignOutState = ReturnType<typeof useSignOut>;
