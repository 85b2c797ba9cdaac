import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { CreditRefundForm } from './credit-refund-form';
import { paymentsMessages } from './messages';
import { NotificationsTab } from './notifications-tab';
import { SuspenseTab } from './suspense-tab';

/** Finance's payments: the provider's notifications, money held in suspense, and refunds of a settled loan's credit. */
export default function PaymentsPage() {
  const t = useMessages(paymentsMessages);
  const mayRefundCredit = useMay('ledger.refund');
  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'notifications', label: t('tabNotifications'), children: <NotificationsTab /> },
          { key: 'suspense', label: t('tabSuspense'), children: <SuspenseTab /> },
          ...(mayRefundCredit ? [{ key: 'refund', label: t('tabRefund'), children: <CreditRefundForm /> }] : []),
        ]}
      />
    </>
  );
}
