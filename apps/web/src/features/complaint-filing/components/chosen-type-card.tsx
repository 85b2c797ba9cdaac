import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { complaintFilingMessages } from '../messages';
import type { ComplaintChoice } from '../utils/complaint-draft';
import { complaintEntryUrl } from '../utils/links';

/** The complaint's chosen type, sub-type and order, with the link back to the entry to change them. */
export function ChosenTypeCard({ choice }: { choice: ComplaintChoice }) {
  const { t } = useMessages(complaintFilingMessages);
  const { type, subType, orderNo } = choice;
  return (
    <PageCard
      title={t('chosenTypeLabel')}
      titleAside={
        <a className="presta-page-link-button presta-complaint-form-change" href={complaintEntryUrl()} aria-label={t('changeChoiceLabel')}>
          {t('changeChoice')}
        </a>
      }
    >
      <ul className="presta-complaint-form-tags">
        <li className="presta-complaint-form-tag">{type.title}</li>
        {subType ? <li className="presta-complaint-form-tag">{subType.title}</li> : null}
      </ul>
      <p className="presta-complaint-form-order">{t('chosenOrder', { orderNo })}</p>
    </PageCard>
  );
}
