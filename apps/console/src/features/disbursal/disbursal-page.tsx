import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { DisbursalQueue } from './disbursal-queue';
import { disbursalMessages } from './messages';
import { PayoutsTab } from './payouts-tab';

/**
 * Disbursal (issue 37): the approved orders, each with its payout's state, disbursed to the borrower's verified
 * account; and the payout attempts, which finance retries or cancels.
 */
export default function DisbursalPage() {
  const t = useMessages(disbursalMessages);
  const mayReadPayouts = useMay('payouts.read');
  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: t('tabQueue'), children: <DisbursalQueue /> },
          ...(mayReadPayouts ? [{ key: 'payouts', label: t('tabPayouts'), children: <PayoutsTab /> }] : []),
        ]}
      />
    </>
  );
}
