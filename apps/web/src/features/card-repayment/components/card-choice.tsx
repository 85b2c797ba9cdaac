import type { BankCard } from '@presta/contract/api/legacy-payment';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { cardRepaymentMessages } from '../messages';
import { CardList } from './card-list';

type CardChoiceProps = {
  cards: readonly BankCard[];
  selectedId: string;
  onSelect: (cardId: string) => void;
};

/** The card repayment page's card of cards on file: a radio list, or a note that there are none. */
export function CardChoice({ cards, selectedId, onSelect }: CardChoiceProps) {
  const { t } = useMessages(cardRepaymentMessages);
  return (
    <PageCard title={t('cardsTitle')}>
      {cards.length > 0 ? (
        <CardList
          cards={cards}
          selectedId={selectedId}
          onSelect={onSelect}
          legend={t('cardsTitle')}
          endingLabel={(digits) => t('cardEnding', { digits })}
        />
      ) : (
        <p className="presta-card-repayment-empty">{t('noCards')}</p>
      )}
    </PageCard>
  );
}
