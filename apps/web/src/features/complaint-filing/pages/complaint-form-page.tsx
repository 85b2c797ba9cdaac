import { useState } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { ChosenTypeCard } from '../components/chosen-type-card';
import { ComplaintSent } from '../components/complaint-sent';
import { DescriptionField } from '../components/description-field';
import { ImagesCard } from '../components/images-card';
import { useComplaintForm } from '../hooks/use-complaint-form';
import { complaintFilingMessages } from '../messages';
import { readComplaintDraft, type ComplaintDraft } from '../utils/complaint-draft';
import { complaintEntryUrl } from '../utils/links';
import './complaint-form-page.css';

/**
 * Complaint form (/complainPageNext + session, §2, §5): the chosen type and
 * sub-type, the problem description (at most 200 characters, counted), up to
 * 9 images (3 per row), and Submit. The choice, the text and the uploaded
 * images live in the draft (complaint-draft.ts), so a reload keeps them. A
 * saved complaint clears the draft, shows the success state for 1500 ms and
 * returns to the complaint entry. Without a chosen type (a direct link) the
 * page says so and leads to the entry.
 */
export default function ComplaintFormPage() {
  const { t } = useMessages(complaintFilingMessages);
  usePageTitle(t('formPageTitle'));
  const [draft] = useState(readComplaintDraft);

  if (!draft) {
    return (
      <PageLayout>
        <LoadFailure
          title={t('noChoiceTitle')}
          text={t('noChoiceText')}
          actionLabel={t('backToEntry')}
          onAction={() => assignLocation(complaintEntryUrl())}
        />
      </PageLayout>
    );
  }
  return <ComplaintForm initial={draft} />;
}

function ComplaintForm({ initial }: { initial: ComplaintDraft }) {
  const { t } = useMessages(complaintFilingMessages);
  const form = useComplaintForm(initial);
  return (
    <PageLayout
      className="presta-complaint-form"
      actions={form.sent ? undefined : <PrimaryButton onClick={() => void form.submit()}>{t('submit')}</PrimaryButton>}
    >
      <h1 className="presta-complaint-form-title">{t('formHeading')}</h1>
      <div role="status" aria-live="polite" className="presta-complaint-form-status">
        {form.sent ? <ComplaintSent /> : null}
      </div>
      {form.sent ? null : (
        <>
          <ChosenTypeCard choice={initial} />
          <DescriptionField text={form.text} onChange={form.changeText} inputRef={form.textRef} />
          <ImagesCard images={form.images} onPick={(file) => void form.pickImage(file)} onRemove={form.removeImage} />
        </>
      )}
    </PageLayout>
  );
}
