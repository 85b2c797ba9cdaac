import type { LoanConfirmData } from '@presta/contract/api/loan';
import { useMessages } from '@/shared/i18n/use-messages';
import { loanMessages } from '../messages';
import { LoanSummary } from './loan-summary';

type OfferSummaryProps = { offer: LoanConfirmData; money: (amount: number) => string };

/** The offer's amount card: term (and instalments), daily rate and, issue 13, the annual cost beside the price. */
export function OfferSummary({ offer, money }: OfferSummaryProps) {
  const { t } = useMessages(loanMessages);
  const annualCost = offer.terms?.annualCost;
  const termDays = offer.periods * offer.termUnit;
  return (
    <LoanSummary
      heading={t('confirmTitle')}
      amountLabel={t('amountLabel')}
      amount={money(offer.amount)}
      facts={[
        {
          label: t('termLabel'),
          value: t('termValue', { days: termDays }),
          note: offer.periods > 1 ? t('termInstalments', { periods: offer.periods }) : undefined,
        },
        { label: offer.ratemsg.trim() || t('dailyRateLabel'), value: offer.loanRate },
        // Issue 13: the annual cost beside the price (CAT without IVA in Mexico, APR in India).
        ...(annualCost
          ? [{ label: annualCost.kind, value: annualCost.rate, note: annualCost.kind === 'CAT' ? t('annualCostNote') : undefined }]
          : []),
      ]}
      footnote={offer.amountDec || undefined}
    />
  );
}
