import { languages } from '@presta/contract/language';
import { useMessages } from '@/shared/i18n/use-messages';
import type { SessionSummary } from '../api/account-data';
import { accountMessages } from '../messages';
import { deviceLabel, systemAndClient } from '../utils/session-label';

/** A time as the borrower reads it, in the page's language. */
function readableTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export type SessionItemProps = { session: SessionSummary; onSignOut: (session: SessionSummary) => void };

/** One active session: device, OS, app or browser, last seen; "this device", or a button to sign it out. */
export function SessionItem({ session, onSignOut }: SessionItemProps) {
  const { t, lang } = useMessages(accountMessages);
  const device = deviceLabel(session, t);
  return (
    <li className="presta-account-session">
      <p className="presta-account-session-device">
        <strong>{device}</strong>
        {session.current ? <span className="presta-account-tag">{t('thisDevice')}</span> : null}
      </p>
      <p className="presta-account-muted">
        {systemAndClient(session, t)}
      </p>
      <p className="presta-account-muted">{t('lastSeen', { date: readableTime(session.lastSeenAt, languages[lang].locale) })}</p>
      {session.current ? null : (
        <button
          type="button"
          className="presta-account-secondary"
          aria-label={t('signOutOneLabel', { device })}
          onClick={() => onSignOut(session)}
        >
          {t('signOutOne')}
        </button>
      )}
    </li>
  );
}
