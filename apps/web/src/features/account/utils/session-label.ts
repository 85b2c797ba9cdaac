import type { SessionSummary } from '../api/account-data';

type Translate = (key: 'unknownDevice' | 'clientWeb' | 'clientApp') => string;

/** The session's device as the borrower reads it: its name, or "unnamed device" when the app or browser gave none. */
export function deviceLabel(session: Pick<SessionSummary, 'deviceName'>, t: Translate): string {
  return session.deviceName.trim() || t('unknownDevice');
}

/** The system and the client ("Android 14 · App"), leaving out a system that is not known. */
export function systemAndClient(session: Pick<SessionSummary, 'os' | 'client'>, t: Translate): string {
  return [session.os.trim(), session.client === 'web' ? t('clientWeb') : t('clientApp')].filter(Boolean).join(' · ');
}
