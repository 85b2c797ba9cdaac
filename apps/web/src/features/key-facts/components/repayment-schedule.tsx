import type { KeyFactsData } from '@presta/contract/api/key-facts';
import { useMessages } from '@/shared/i18n/use-messages';
import { InstalmentList } from '@/shared/ui/instalment-list';
import { keyFactsMessages } from '../messages';
import type { RowContext } from '../utils/key-facts-rows';
import { KeyFactsSection } from './key-facts-section';

type RepaymentScheduleProps = { data: KeyFactsData; money: RowContext['money']; tax: string };

/** The repayment schedule: each instalment's total and date, its principal, interest, fee and tax. */
export function RepaymentSchedule({ data, money, tax }: RepaymentScheduleProps) {
  const { t } = useMessages(keyFactsMessages);
  const { plan } = data.terms;
  const count = plan.length;
  return (
    <KeyFactsSection title={t('schedule')}>
      <p className="presta-key-facts-text">{t('scheduleCounted', { date: data.disbursedOn ?? data.issuedOn })}</p>
      <InstalmentList
        items={plan.map((x) => ({
          title: t('planTitle', { seq: x.seq, count }),
          note: t('scheduleNote', { principal: money(x.principal), interest: money(x.interest), commission: money(x.commission), tax, taxAmount: money(x.tax) }),
          amount: x.total,
          date: x.dueDate,
        }))}
        formatMoney={money}
        amountLabel={t('planAmountLabel')}
        dateLabel={t('planDateLabel')}
      />
    </KeyFactsSection>
  );
}
