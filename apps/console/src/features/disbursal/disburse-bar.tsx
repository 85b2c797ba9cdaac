import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Popconfirm from 'antd/es/popconfirm';
import Typography from 'antd/es/typography';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { disbursalMessages } from './messages';

type DisburseBarProps = {
  /** How many orders are selected, and their principal by market. */
  count: number;
  total: string;
  onDisburse: () => void;
};

/**
 * Where the money goes and when the order turns Disbursed (the provider's value date is the day: none is asked), the
 * disburse button (confirmed with the count and the total) and what is selected.
 */
export function DisburseBar({ count, total, onDisburse }: DisburseBarProps) {
  const t = useMessages(disbursalMessages);
  const common = useMessages(commonMessages);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('where')}</Typography.Paragraph>
      <Form layout="inline" component="div" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item>
          <Popconfirm title={t('confirm', { count, total })} okText={t('disburse')} cancelText={common('cancel')} onConfirm={onDisburse} disabled={count === 0}>
            <Button type="primary" disabled={count === 0}>
              {t('disburse')}
            </Button>
          </Popconfirm>
        </Form.Item>
        <Form.Item>
          <Typography.Text aria-live="polite">{count > 0 ? t('selected', { count, total }) : t('nothingSelected')}</Typography.Text>
        </Form.Item>
      </Form>
    </>
  );
}
