import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { SessionSummary } from '../api/account-data';
import type { SignOutState } from '../hooks/use-sign-out';
import { accountMessages } from '../messages';
import { deviceLabel } from '../utils/session-label';
import { ConfirmDialog } from './confirm-dialog';
import { SessionItem } from './session-item';

/** The active sessions (each but this one can be signed out), sign out, and sign out everywhere. */
export function SessionsCard({ sessions, signOut }: { sessions: SessionSummary[]; signOut: SignOutState }) {
  const { t } = useMessages(accountMessages);
  const { target } = signOut;
  const here = signOut.busy === 'here';
  return (
    <PageCard title={t('sessionsTitle')}>
      <ul className="presta-account-list">
        {sessions.map((session) => (
          <SessionItem key={session.ref} session={session} onSignOut={signOut.ask} />
        ))}
      </ul>
      <div className="presta-account-actions">
        <PrimaryButton onClick={() => void signOut.signOutHere()} disabled={here} aria-busy={here || undefined}>
          {here ? t('signingOut') : t('signOut')}
        </PrimaryButton>
        <button type="button" className="presta-account-secondary" onClick={() => signOut.ask('everywhere')}>
          {t('signOutEverywhere')}
        </button>
      </div>
      {target ? (
        <ConfirmDialog
          title={target === 'everywhere' ? t('signOutEverywhereTitle') : t('signOutOneTitle', { device: deviceLabel(target, t) })}
          text={target === 'everywhere' ? t('signOutEverywhereText') : t('signOutOneText')}
          confirmLabel={target === 'everywhere' ? t('signOutEverywhere') : t('signOutOne')}
          busy={signOut.busy === 'confirm'}
          onConfirm={() => void signOut.confirm()}
          onClose={signOut.close}
        />
      ) : null}
    </PageCard>
  );
}
