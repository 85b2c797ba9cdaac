import { COLLECTION_PROBLEM_TYPE } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { complaintFilingMessages } from '../messages';
import type { ComplaintOption } from '../utils/complaint-types';
import { QuestionTypeList } from './question-type-list';

type QuestionTypesSectionProps = {
  types: ComplaintOption[];
  /** The collection type's sub-types (none: collection opens the form at once). */
  subTypes: ComplaintOption[];
  /** The sub-types show under the collection type. */
  showSubTypes: boolean;
  /** No order to complain about: the types cannot be chosen. */
  disabled: boolean;
  onType: (type: ComplaintOption) => void;
  onSubType: (collectionType: ComplaintOption, subType: ComplaintOption) => void;
};

/** The question types, the collection type expanding into its sub-types. */
export function QuestionTypesSection({ types, subTypes, showSubTypes, disabled, onType, onSubType }: QuestionTypesSectionProps) {
  const { t } = useMessages(complaintFilingMessages);
  const collectionType = types.find((type) => type.value === COLLECTION_PROBLEM_TYPE);
  const expanded =
    showSubTypes && collectionType ? (
      <>
        <h3 className="presta-complaint-options-nested-title">{t('subTypesTitle')}</h3>
        <QuestionTypeList options={subTypes} onSelect={(subType) => onSubType(collectionType, subType)} />
      </>
    ) : undefined;
  return (
    <PageCard title={t('typesTitle')}>
      {types.length > 0 ? (
        <QuestionTypeList
          options={types}
          onSelect={onType}
          disabled={disabled}
          expandableValue={subTypes.length > 0 ? COLLECTION_PROBLEM_TYPE : undefined}
          expanded={expanded}
        />
      ) : (
        <p className="presta-complaint-entry-empty-text">{t('noTypes')}</p>
      )}
    </PageCard>
  );
}
