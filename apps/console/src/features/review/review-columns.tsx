import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { Amount } from '@/shared/ui/amount';
import { applicationColumns, type Application } from '@/shared/ui/application-columns';
import { reviewMessages } from './messages';

/**
 * The review queue's columns: the application, the borrower, the money and terms, the offer's limit, the account,
 * their record with us; approve and reject for a member who may.
 */
export function useReviewColumns({ onApprove, onReject }: { onApprove: (orderNo: string) => void; onReject: (orderNo: string) => void }): ColumnsType<Application> {
  const t = useMessages(reviewMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const mayApprove = useMay('orders.approve');
  const mayReject = useMay('orders.reject');
  const shared = applicationColumns(t, language);
  const columns: ColumnsType<Application> = [
    shared.order,
    shared.applied,
    {
      key: 'borrower',
      title: t('borrower'),
      render: (_, a) => (
        <>
          {a.borrower.fullName}
          <br />
          <Typography.Text type="secondary">
            {a.borrower.maskedPhone} · {t(`language_${a.borrower.language}`)}
          </Typography.Text>
        </>
      ),
    },
    shared.product,
    shared.principal,
    { key: 'totalOwed', title: t('totalOwed'), align: 'right', render: (_, a) => <Amount minor={a.totalOwed} market={a.product.market} /> },
    shared.terms,
    { key: 'offer', title: t('offerLimit'), align: 'right', render: (_, a) => (a.offerLimit === null ? t('noOffer') : <Amount minor={a.offerLimit} market={a.product.market} />) },
    shared.account,
    {
      key: 'record',
      title: t('record'),
      render: (_, a) => t('recordValue', { loans: a.record.loans, settled: a.record.settled, overdue: a.record.overdueNow, rejected: a.record.rejected }),
    },
  ];
  if (mayApprove || mayReject)
    columns.push({
      key: 'actions',
      title: t('actions'),
      // Kept in view at the table's right edge however wide the other columns make it, its buttons on one line.
      fixed: 'right',
      render: (_, a) => (
        <Space size={8}>
          {mayApprove ? (
            <Popconfirm title={t('approveConfirm', { orderNo: a.orderNo })} okText={t('approve')} cancelText={common('cancel')} onConfirm={() => onApprove(a.orderNo)}>
              <Button type="primary" size="small">
                {t('approve')}
              </Button>
            </Popconfirm>
          ) : null}
          {mayReject ? (
            <Button danger size="small" onClick={() => onReject(a.orderNo)}>
              {t('reject')}
            </Button>
          ) : null}
        </Space>
      ),
    });
  return columns;
}
