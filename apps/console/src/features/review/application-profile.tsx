import Descriptions from 'antd/es/descriptions';
import { dateTime, statusName } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import type { Application } from '@/shared/ui/application-columns';
import { reviewMessages } from './messages';
import { Amount } from '@/shared/ui/amount';

/** Everything the queue knows about one application (the row's expanded view). */
export function ApplicationProfile({ application: a }: { application: Application }) {
  const t = useMessages(reviewMessages);
  const { language } = useLanguage();
  const market = a.product.market;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
      title={t('profile', { orderNo: a.orderNo })}
      items={[
        { key: 'order', label: t('order'), children: a.orderNo },
        { key: 'status', label: t('status'), children: statusName(a.status, language) },
        { key: 'applied', label: t('applied'), children: dateTime(a.appliedAt, language) },
        { key: 'name', label: t('borrower'), children: a.borrower.fullName },
        { key: 'borrowerId', label: t('borrowerId'), children: a.borrower.id },
        { key: 'phone', label: t('phone'), children: a.borrower.maskedPhone },
        { key: 'language', label: t('language'), children: t(`language_${a.borrower.language}`) },
        { key: 'product', label: t('product'), children: `${a.product.name} (${a.product.code})` },
        { key: 'market', label: t('market'), children: `${market} · ${a.product.currency}` },
        { key: 'principal', label: t('principal'), children: <Amount minor={a.principal} market={market} /> },
        { key: 'totalOwed', label: t('totalOwed'), children: <Amount minor={a.totalOwed} market={market} /> },
        { key: 'terms', label: t('terms'), children: t('termsValue', { periods: a.periods, days: a.termUnitDays }) },
        { key: 'offer', label: t('offerLimit'), children: a.offerLimit === null ? t('noOffer') : <Amount minor={a.offerLimit} market={market} /> },
        { key: 'account', label: t('bankAccount'), children: a.bankAccount ? `${a.bankAccount.bankName} · ${a.bankAccount.masked}` : t('noAccount') },
        { key: 'loans', label: t('loans'), children: a.record.loans },
        { key: 'settled', label: t('settled'), children: a.record.settled },
        { key: 'overdueNow', label: t('overdueNow'), children: a.record.overdueNow },
        { key: 'rejected', label: t('rejected'), children: a.record.rejected },
      ]}
    />
  );
}
