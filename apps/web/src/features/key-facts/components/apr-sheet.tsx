import type { KeyFactsData } from '@presta/contract/api/key-facts';
import { annualCostSentence } from '@/shared/format/annual-cost-text';
import { useMessages } from '@/shared/i18n/use-messages';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { DetailList } from '@/shared/ui/detail-list';
import { keyFactsMessages } from '../messages';
import { sheetRows, type RowContext } from '../utils/key-facts-rows';
import { KeyFactsSection } from './key-facts-section';

type AprSheetProps = { data: KeyFactsData; money: RowContext['money']; tax: string };

/** The APR computation sheet: its figures, the cash flows it is computed from, and the sentence that sums it up. */
export function AprSheet({ data, money, tax }: AprSheetProps) {
  const { t, lang } = useMessages(keyFactsMessages);
  const cost = data.terms.annualCost;
  return (
    <KeyFactsSection title={t('sheet')}>
      <p className="presta-key-facts-text">{t('sheetIntro')}</p>
      <DetailList rows={sheetRows(data, { t, money, tax })} />
      <p className="presta-key-facts-text">{withUnbreakableAmounts(t('netDisbursedNote', { tax }))}</p>
      <table className="presta-key-facts-flows">
        <caption>{t('flowsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('flowDate')}</th>
            <th scope="col">{t('flowDay')}</th>
            <th scope="col">{t('flowReceived')}</th>
            <th scope="col">{t('flowPaid')}</th>
          </tr>
        </thead>
        <tbody>
          {cost.sheet.map((row) => (
            <tr key={`${row.date}-${row.day}`}>
              <td>{row.date}</td>
              <td>{row.day}</td>
              <td className="presta-key-facts-money">{row.received > 0 ? money(row.received) : ''}</td>
              <td className="presta-key-facts-money">{row.paid > 0 ? money(row.paid) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="presta-key-facts-text">{annualCostSentence(cost, lang)}</p>
    </KeyFactsSection>
  );
}
