import { useMessages } from '@/shared/i18n/use-messages';
import { complaintFilingMessages } from '../messages';
import { complaintListUrl } from '../utils/links';

/** The complaint entry's heading, with the link to 'My complaints'. */
export function EntryHeader() {
  const { t } = useMessages(complaintFilingMessages);
  return (
    <header className="presta-complaint-entry-head">
      <h1 className="presta-complaint-entry-title">{t('entryHeading')}</h1>
      <a className="presta-page-link-button presta-complaint-entry-mine" href={complaintListUrl()}>
        {t('myComplaints')}
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
    </header>
  );
}
