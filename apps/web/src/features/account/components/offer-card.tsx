import { useLocation } from 'wouter';
import { routes } from '@presta/contract/routes';
import { marketMoney, readMarket } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { Offer } from '../api/account-data';
import { useOfferChoice } from '../hooks/use-offer-choice';
import { accountMessages } from '../messages';
import { RangeField } from './range-field';

/**
 * One offer: product, amount and term ranges, the amount and number of
 * payments chosen, and "apply", which opens the confirmation page with them.
 */
export function OfferCard({ offer }: { offer: Offer }) {
  const { t } = useMessages(accountMessages);
  const [, navigate] = useLocation();
  const money = marketMoney(readMarket(offer.market));
  const choice = useOfferChoice(offer);
  const days = offer.termUnitDays;
  const apply = () => {
    void navigate(inAppUrl(routes.confirmLoan, { productId: offer.productId, amount: choice.amount, periods: choice.periods }));
  };
  return (
    <li className="presta-page-card">
      <h3 className="presta-page-card-title">{offer.productName}</h3>
      <p className="presta-account-muted">{t('amountRange', { min: money(offer.amountMin), max: money(offer.amountMax) })}</p>
      <p className="presta-account-muted">{t('termRange', { min: offer.periodsMin, max: offer.periodsMax, days })}</p>
      <RangeField
        label={t('chooseAmount')}
        value={choice.amount}
        valueText={money(choice.amount)}
        min={offer.amountMin}
        max={offer.amountMax}
        step={offer.amountStep > 0 ? offer.amountStep : 1}
        onChange={choice.setAmount}
      />
      <RangeField
        label={t('choosePeriods')}
        value={choice.periods}
        valueText={choice.periods === 1 ? t('periodsValueOne', { days }) : t('periodsValue', { periods: choice.periods, days })}
        min={offer.periodsMin}
        max={offer.periodsMax}
        step={1}
        onChange={choice.setPeriods}
      />
      <PrimaryButton onClick={apply}>{t('borrow', { amount: money(choice.amount) })}</PrimaryButton>
    </li>
  );
}
