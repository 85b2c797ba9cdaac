import type { LoanConfirmData } from '@presta/contract/api/loan';
import { useMessages } from '@/shared/i18n/use-messages';
import { InstalmentList } from '@/shared/ui/instalment-list';
import { PageCard } from '@/shared/ui/page-layout';
import { loanMessages } from '../messages';

type OfferPlanProps = { plans: LoanConfirmData['repay_plans']; money: (amount: number) => string };

/** The offer's repayment plan: its instalments (numbered when there are several), or nothing without one. */
export function OfferPlan({ plans, money }: OfferPlanProps) {
  const { t } = useMessages(loanMessages);
  if (plans.length === 0) return null;
  return (
    <PageCard title={t('planTitle')}>
      <InstalmentList
        items={plans.map((plan) => ({ title: plan.title, note: plan.description, amount: plan.amount, date: plan.pay_time }))}
        numbered={plans.length > 1}
        formatMoney={money}
        amountLabel={t('planAmountLabel')}
        dateLabel={t('planDueLabel')}
      />
    </PageCard>
  );
}
