import { useMessages } from '@/shared/i18n/use-messages';
import { complaintFilingMessages } from '../messages';

/** The success state of a saved complaint, in the form's status region (announced). */
export function ComplaintSent() {
  const { t } = useMessages(complaintFilingMessages);
  return (
    <div className="presta-complaint-form-done">
      <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="#FFE3EF" />
        <path d="M20 33l8 8 16-17" fill="none" stroke="#D6136A" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="presta-complaint-form-done-title">{t('submitDoneTitle')}</p>
      <p className="presta-complaint-form-done-text">{t('submitDoneText')}</p>
    </div>
  );
}
