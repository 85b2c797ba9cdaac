import Table from 'antd/es/table';
import { dateTime, day } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import type { LoanStory } from './loan-story';
import { loansMessages } from './messages';
import { Amount } from '@/shared/ui/amount';

type Extension = LoanStory['extensions'][number];

const priceOf = (e: Extension) => e.lateCharges + e.dueInterest + e.dueInterestTax + e.fee + e.feeTax;

/** The extensions bought, oldest first: the payment that bought each, the due date it moved, the parts of its price. */
export function LoanExtensions({ extensions, market }: { extensions: LoanStory['extensions']; market: string }) {
  const t = useMessages(loansMessages);
  const { language } = useLanguage();
  const amount = (key: 'lateCharges' | 'dueInterest' | 'dueInterestTax' | 'fee' | 'feeTax') => ({
    key,
    title: t(key),
    align: 'right' as const,
    render: (_: unknown, e: Extension) => <Amount minor={e[key]} market={market} />,
  });
  return (
    <Table<Extension>
      rowKey={(e) => `${e.paymentId}-${e.at}`}
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={extensions}
      locale={{ emptyText: t('extensionsEmpty') }}
      columns={[
        { key: 'at', title: t('at'), render: (_, e) => dateTime(e.at, language) },
        { key: 'payment', title: t('boughtBy'), render: (_, e) => `${t('kind_payment')} ${e.paymentId}` },
        {
          key: 'due',
          title: t('dueMoved'),
          render: (_, e) => t('dueMovedValue', { from: day(e.fromDueDate), to: day(e.toDueDate), days: e.shiftDays }),
        },
        amount('lateCharges'),
        amount('dueInterest'),
        amount('dueInterestTax'),
        amount('fee'),
        amount('feeTax'),
        { key: 'price', title: t('price'), align: 'right', render: (_, e) => <Amount minor={priceOf(e)} market={market} /> },
      ]}
    />
  );
}
