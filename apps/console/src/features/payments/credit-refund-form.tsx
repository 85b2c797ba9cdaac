import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import type { DataOf } from '@presta/contract/api/endpoint';
import { consoleCreditRefund } from '@presta/contract/api/console/payments';
import { formatMinor } from '@presta/contract/money';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useErrorText } from '@/shared/ui/error-alert';
import { paymentsMessages } from './messages';
import { minorFromMajor } from './parse-amount';
import { orderNoPattern } from './suspense-actions';

type Fields = { orderNo: string; amount: string; note?: string };

/** The most the server takes in one refund (minor units). */
const maxMinor = 1e12;

const validMinor = (typed: string | undefined) => {
  const minor = minorFromMajor(typed ?? '');
  return minor !== undefined && minor > 0 && minor <= maxMinor ? minor : undefined;
};

/** Pay back part or all of a settled loan's credit: the amount typed in major units, sent in minor units. */
export function CreditRefundForm() {
  const t = useMessages(paymentsMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const typed = Form.useWatch('amount', form);
  const preview = validMinor(typed);
  const [done, setDone] = useState<DataOf<typeof consoleCreditRefund>>();
  const [error, setError] = useState<unknown>();

  function confirm(fields: Fields) {
    const amount = validMinor(fields.amount);
    if (amount === undefined) return;
    const orderNo = fields.orderNo.trim();
    const note = fields.note?.trim() ? fields.note.trim() : undefined;
    void modal.confirm({
      title: t('creditConfirm', { amount: formatMinor(amount), orderNo }),
      okText: t('refundSubmit'),
      cancelText: common('cancel'),
      onOk: async () => {
        setError(undefined);
        setDone(undefined);
        try {
          setDone(await call(consoleCreditRefund, { orderNo, amount, note }));
          form.resetFields();
        } catch (failure) {
          setError(failure);
        }
      },
    });
  }

  return (
    <>
      <Typography.Paragraph>{t('refundIntro')}</Typography.Paragraph>
      {done ? (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={t('creditRefunded', { amount: formatMinor(done.amount), orderNo: done.orderNo, day: done.valueDate, left: formatMinor(done.creditLeft) })}
        />
      ) : null}
      {error ? <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={errorText(error)} /> : null}
      <Form<Fields> form={form} layout="vertical" requiredMark={false} onFinish={confirm} style={{ maxWidth: 480 }}>
        <Form.Item name="orderNo" label={t('orderNo')} rules={[{ required: true, pattern: orderNoPattern, message: t('orderNoFormat') }]}>
          <Input autoComplete="off" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('amountMajor')}
          extra={preview === undefined ? t('amountHint') : t('amountPreview', { minor: preview, amount: formatMinor(preview) })}
          rules={[
            {
              validator: (_rule, value: string | undefined) => (validMinor(value) === undefined ? Promise.reject(new Error(t('amountFormat'))) : Promise.resolve()),
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" maxLength={16} />
        </Form.Item>
        <Form.Item name="note" label={t('note')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('refundSubmit')}
        </Button>
      </Form>
    </>
  );
}
