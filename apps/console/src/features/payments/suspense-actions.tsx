import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import type { DataOf } from '@presta/contract/api/endpoint';
import { consoleSuspenseAssign, consoleSuspenseRefund, type consoleSuspense } from '@presta/contract/api/console/payments';
import { formatMinor } from '@presta/contract/money';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useToastOnFailure } from '@/shared/ui/error-alert';
import { FormModal } from '@/shared/ui/form-modal';
import { paymentsMessages } from './messages';

export type SuspenseEntry = DataOf<typeof consoleSuspense>['entries'][number];

/** An order number as the server takes it (PR and 16 digits). */
export const orderNoPattern = /^\s*PR\d{16}\s*$/;

const optionalNote = (note: string | undefined) => (note?.trim() ? note.trim() : undefined);

/** The order an entry's money becomes a payment of (the order its reference named, unless changed) and a note. */
export function AssignModal({ entry, onClose, onDone }: { entry: SuspenseEntry; onClose: () => void; onDone: () => void }) {
  const t = useMessages(paymentsMessages);
  const { message } = App.useApp();
  const amount = formatMinor(entry.amount);

  async function assign(fields: { orderNo: string; note?: string }) {
    const done = await call(consoleSuspenseAssign, { id: entry.id, orderNo: fields.orderNo.trim(), note: optionalNote(fields.note) });
    void message.success(t('assigned', { amount, orderNo: done.orderNo }));
    onDone();
  }

  return (
    <FormModal title={t('assignTitle', { amount })} okText={t('assign')} initialValues={{ orderNo: entry.orderNo ?? '' }} onClose={onClose} onSubmit={assign}>
      <Form.Item name="orderNo" label={t('orderNo')} extra={t('assignHint')} rules={[{ required: true, pattern: orderNoPattern, message: t('orderNoFormat') }]}>
        <Input autoComplete="off" maxLength={20} />
      </Form.Item>
      <Form.Item name="note" label={t('note')}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** Record an entry's money as paid back to the payer, after a confirmation that takes a note. */
export function RefundEntryButton({ entry, onDone }: { entry: SuspenseEntry; onDone: () => void }) {
  const t = useMessages(paymentsMessages);
  const common = useMessages(commonMessages);
  const toastOnFailure = useToastOnFailure();
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  const amount = formatMinor(entry.amount);
  const noteId = `suspense-refund-note-${entry.id}`;

  const refund = () =>
    toastOnFailure(async () => {
      await call(consoleSuspenseRefund, { id: entry.id, note: optionalNote(note) });
      void message.success(t('refunded', { amount }));
      onDone();
    });

  return (
    <Popconfirm
      title={t('refundConfirm', { amount })}
      description={
        <Form layout="vertical" component="div" style={{ minWidth: 240 }}>
          <Form.Item label={t('note')} htmlFor={noteId} style={{ marginBottom: 0 }}>
            <Input id={noteId} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </Form.Item>
        </Form>
      }
      okText={t('refund')}
      cancelText={common('cancel')}
      onConfirm={() => void refund()}
      onOpenChange={(open) => open || setNote('')}
    >
      <Button size="small">{t('refund')}</Button>
    </Popconfirm>
  );
}
