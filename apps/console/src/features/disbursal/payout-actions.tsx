import { useRef } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { consolePayoutCancel, consolePayoutRetry } from '@presta/contract/api/console/payouts';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { payoutMessages } from '@/shared/i18n/payout-messages';
import { useMay } from '@/shared/session/session';
import { useToastOnFailure } from '@/shared/ui/error-alert';
import { SubmitForm, useFormSubmit } from '@/shared/ui/form-modal';
import { trimmedTextRules } from '@/shared/ui/form-rules';
import { payoutMoney, type Payout } from '@/shared/ui/payout-columns';
import { disbursalMessages } from './messages';

/** Whether an attempt is its order's latest among `payouts` (only the latest may be retried or cancelled). */
export function latestAttempts(payouts: Payout[]): Set<Payout> {
  const latest = new Map<string, Payout>();
  for (const p of payouts) if ((latest.get(p.orderNo)?.attempt ?? 0) < p.attempt) latest.set(p.orderNo, p);
  return new Set(latest.values());
}

/** What finance may do with an order's latest attempt: ask again (live), a new attempt (returned, failed), cancel (never taken). */
export function actionsFor(p: Payout): { retry?: 'ask' | 'new'; cancel: boolean } {
  const retry = p.live && p.status !== 'processed' ? 'ask' : p.status === 'reversed' || p.status === 'failed' ? 'new' : undefined;
  return { retry, cancel: p.status === 'created' };
}

/** Retry (confirmed, saying whether it is the same attempt or a new one) and Cancel for a member who may. */
export function PayoutActions({ payout, onCancel, onDone }: { payout: Payout; onCancel: (p: Payout) => void; onDone: () => void }) {
  const t = useMessages(disbursalMessages);
  const words = useMessages(payoutMessages);
  const common = useMessages(commonMessages);
  const toastOnFailure = useToastOnFailure();
  const { message } = App.useApp();
  const mayRetry = useMay('payouts.retry');
  const mayCancel = useMay('payouts.cancel');
  const { retry, cancel } = actionsFor(payout);
  const vars = { orderNo: payout.orderNo, provider: words(`provider_${payout.provider}`), amount: payoutMoney(payout.amount, payout.currency) };

  const doRetry = () =>
    toastOnFailure(async () => {
      const { payout: now } = await call(consolePayoutRetry, { orderNo: payout.orderNo });
      void message.success(t('retried', { orderNo: now.orderNo, attempt: now.attempt, status: words(`status_${now.status}`) }));
      onDone();
    });

  const label = retry === 'ask' ? t('retryAsk') : t('retryNew');
  return (
    <Space wrap size="small">
      {mayRetry && retry ? (
        <Popconfirm
          title={retry === 'ask' ? t('retryAskConfirm', vars) : t('retryNewConfirm', vars)}
          okText={label}
          cancelText={common('cancel')}
          onConfirm={() => void doRetry()}
        >
          <Button size="small" aria-label={`${label} · ${payout.orderNo}`}>
            {label}
          </Button>
        </Popconfirm>
      ) : null}
      {mayCancel && cancel ? (
        <Button size="small" danger aria-label={`${t('cancelPayout')} · ${payout.orderNo}`} onClick={() => onCancel(payout)}>
          {t('cancelPayout')}
        </Button>
      ) : null}
    </Space>
  );
}

type Fields = { reason: string };

/**
 * Cancel an attempt the provider never took, with a reason (3 to 500 characters, as the server checks; audited). The
 * reason field takes the focus; Esc or "Keep it" closes without cancelling.
 */
export function CancelPayoutModal({ payout, onClose, onDone }: { payout: Payout; onClose: () => void; onDone: () => void }) {
  const t = useMessages(disbursalMessages);
  const { message } = App.useApp();
  const reasonRef = useRef<TextAreaRef>(null);
  const submit = useFormSubmit<Fields>(async (fields) => {
    await call(consolePayoutCancel, { orderNo: payout.orderNo, reason: fields.reason.trim() });
    void message.success(t('cancelled', { orderNo: payout.orderNo }));
    onDone();
  });

  return (
    <Modal
      open
      title={t('cancelTitle', { orderNo: payout.orderNo, attempt: payout.attempt })}
      okText={t('cancelPayout')}
      okButtonProps={{ danger: true }}
      cancelText={t('keep')}
      confirmLoading={submit.busy}
      onOk={() => submit.form.submit()}
      onCancel={onClose}
      // The modal focuses itself when it opens; the reason is what to type, so it takes the focus then.
      afterOpenChange={(open) => open && reasonRef.current?.focus()}
      destroyOnHidden
    >
      <SubmitForm<Fields> submit={submit} name="payout-cancel">
        <Form.Item name="reason" label={t('cancelReason')} extra={t('cancelHint')} rules={trimmedTextRules({ required: t('cancelReasonRequired'), length: t('cancelReasonLength') })}>
          <Input.TextArea rows={3} maxLength={500} showCount ref={reasonRef} />
        </Form.Item>
      </SubmitForm>
    </Modal>
  );
}
