import type { ColumnType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { consoleApplications } from '@presta/contract/api/console/review';
import { dateTime } from '@/shared/format/format';
import type { Language, Translate } from '@/shared/i18n/i18n';
import { Amount } from '@/shared/ui/amount';

export type Application = DataOf<typeof consoleApplications>['applications'][number];

/** The words the columns need, from the screen's own catalogue. */
type ColumnWords = 'order' | 'applied' | 'product' | 'principal' | 'terms' | 'termsValue' | 'bankAccount' | 'noAccount';

/**
 * The columns every list of applications shows alike (the review queue, the disbursal list); each screen places them
 * among its own.
 */
export function applicationColumns(t: Translate<ColumnWords>, language: Language) {
  return {
    order: { key: 'order', title: t('order'), dataIndex: 'orderNo' },
    applied: { key: 'applied', title: t('applied'), render: (_, a) => dateTime(a.appliedAt, language) },
    product: { key: 'product', title: t('product'), render: (_, a) => `${a.product.name} · ${a.product.market}` },
    principal: { key: 'principal', title: t('principal'), align: 'right', render: (_, a) => <Amount minor={a.principal} market={a.product.market} /> },
    terms: { key: 'terms', title: t('terms'), render: (_, a) => t('termsValue', { periods: a.periods, days: a.termUnitDays }) },
    account: {
      key: 'account',
      title: t('bankAccount'),
      render: (_, a) => (a.bankAccount ? `${a.bankAccount.bankName} · ${a.bankAccount.masked}` : <Typography.Text type="warning">{t('noAccount')}</Typography.Text>),
    },
  } satisfies Record<string, ColumnType<Application>>;
}
