import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { consoleCreditApprove, consoleCreditConfirm, consoleCreditDecline } from '@presta/contract/api/console/credit-applications';
import { reviewerDeclineReasons, type ReviewerDeclineReason } from '@presta/contract/application-rules';
import { call } from '@/shared/api/client';
import { dateTime, money } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay, useMember } from '@/shared/session/session';
import { FormModal } from '@/shared/ui/form-modal';
import type { CreditApplication } from './application-sections';
import { applicationsMessages } from './messages';

/*
 * The reviewer's acts on a referred application (issue 35; docs/back-office.md "Credit decisions"): approve with a
 * limit per product (above the band's maximum a credit manager confirms), decline with a reason from the list, and
 * for an approval waiting above the band, a credit manager's confirmation or refusal (never the maker's own: the
 * buttons are off for them, and the server refuses it anyway).
 */

type Props = { application: CreditApplication; onDone: () => void };
type Limit = NonNullable<CreditApplication['decision']>['limits'][number];
type Modal = 'approve' | 'decline' | 'confirm' | 'refuse' | undefined;

/** Minor units of a limit typed in major units (whole cents: no float is kept). */
const minorOf = (major: number) => Math.round(major * 100);

/** The warning that a limit typed above the band's maximum waits for a credit manager. */
function AboveBand({ limits }: { limits: Limit[] }) {
  const t = useMessages(applicationsMessages);
  const typed = Form.useWatch<Record<string, number | null> | undefined>('limits', Form.useFormInstance());
  const above = limits.some((l) => {
    const value = typed?.[l.productCode];
    return typeof value === 'number' && minorOf(value) > l.bandMax;
  });
  return above ? <Alert type="warning" showIcon role="status" title={t('aboveBand')} style={{ marginBottom: 12 }} /> : null;
}

type ApproveFields = { limits: Record<string, number | null>; note?: string };

function ApproveModal({ application: a, onClose, onDone }: Props & { onClose: () => void }) {
  const t = useMessages(applicationsMessages);
  const { message } = App.useApp();
  const limits = a.decision?.limits ?? [];
  async function approve(fields: ApproveFields) {
    // A product left at 0 gets no limit.
    const chosen = limits.map((l) => ({ productCode: l.productCode, limitAmount: minorOf(fields.limits[l.productCode] ?? 0) })).filter((l) => l.limitAmount > 0);
    const answer = await call(consoleCreditApprove, { applicationNo: a.applicationNo, limits: chosen, note: fields.note ?? '' });
    void message.success(t(answer.pendingConfirmation ? 'approvalSent' : 'approvedDone', { applicationNo: a.applicationNo }));
    onDone();
  }
  return (
    <FormModal<ApproveFields>
      title={t('approveTitle', { applicationNo: a.applicationNo })}
      okText={t('approve')}
      name="approve"
      initialValues={{ limits: Object.fromEntries(limits.map((l) => [l.productCode, l.limitAmount / 100])) }}
      onClose={onClose}
      onSubmit={approve}
    >
      <AboveBand limits={limits} />
      {limits.map((l, i) => (
        <Form.Item
          key={l.productCode}
          name={['limits', l.productCode]}
          label={t('limitFor', { product: l.productCode })}
          extra={t('bandMaxHint', { max: money(l.bandMax, a.market), suggested: money(l.limitAmount, a.market) })}
          rules={[
            { required: true, type: 'number', min: 0, message: t('limitRequired') },
            ...(i === 0
              ? [
                  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
                    validator: () => {
                      const typed = (getFieldValue('limits') ?? {}) as Record<string, number | null>;
                      return Object.values(typed).some((v) => typeof v === 'number' && minorOf(v) > 0) ? Promise.resolve() : Promise.reject(new Error(t('limitsAllZero')));
                    },
                  }),
                ]
              : []),
          ]}
        >
          <InputNumber min={0} precision={2} style={{ width: '100%' }} autoFocus={i === 0} />
        </Form.Item>
      ))}
      <Form.Item name="note" label={t('reviewerNote')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

type DeclineFields = { reason: ReviewerDeclineReason; note?: string };

/** The reason in the words the applicant will read on home (the server's creditReason_<code>). */
function BorrowerReads() {
  const t = useMessages(applicationsMessages);
  const reason = Form.useWatch<ReviewerDeclineReason | undefined>('reason', Form.useFormInstance());
  return reason ? (
    <Typography.Paragraph type="secondary" role="status">
      {t('borrowerReads', { text: t(`reasonText_${reason}`) })}
    </Typography.Paragraph>
  ) : null;
}

function DeclineModal({ application: a, onClose, onDone }: Props & { onClose: () => void }) {
  const t = useMessages(applicationsMessages);
  const { message } = App.useApp();
  async function decline(fields: DeclineFields) {
    await call(consoleCreditDecline, { applicationNo: a.applicationNo, reason: fields.reason, note: fields.note ?? '' });
    void message.success(t('declinedDone', { applicationNo: a.applicationNo }));
    onDone();
  }
  return (
    <FormModal<DeclineFields>
      title={t('declineTitle', { applicationNo: a.applicationNo })}
      okText={t('decline')}
      okButtonProps={{ danger: true }}
      name="decline"
      onClose={onClose}
      onSubmit={decline}
    >
      <Form.Item name="reason" label={t('reason')} rules={[{ required: true, message: t('reasonRequired') }]}>
        <Select<ReviewerDeclineReason> autoFocus options={reviewerDeclineReasons.map((r) => ({ value: r, label: t(`reason_${r}`) }))} />
      </Form.Item>
      <BorrowerReads />
      <Form.Item name="note" label={t('reviewerNote')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

type CheckFields = { note?: string };

function CheckModal({ application: a, confirm, onClose, onDone }: Props & { confirm: boolean; onClose: () => void }) {
  const t = useMessages(applicationsMessages);
  const { message } = App.useApp();
  const pending = a.pendingApproval;
  async function check(fields: CheckFields) {
    await call(consoleCreditConfirm, { applicationNo: a.applicationNo, confirm: confirm ? 1 : 0, note: fields.note ?? '' });
    void message.success(t(confirm ? 'confirmedDone' : 'refusedDone', { applicationNo: a.applicationNo }));
    onDone();
  }
  return (
    <FormModal<CheckFields>
      title={t(confirm ? 'confirmTitle' : 'refuseTitle', { applicationNo: a.applicationNo })}
      okText={t(confirm ? 'confirm' : 'refuse')}
      okButtonProps={confirm ? undefined : { danger: true }}
      name={confirm ? 'confirm' : 'refuse'}
      onClose={onClose}
      onSubmit={check}
    >
      <Typography.Paragraph>{t(confirm ? 'confirmText' : 'refuseText')}</Typography.Paragraph>
      <ul>
        {(pending?.limits ?? []).map((l) => (
          <li key={l.productCode}>{`${l.productCode}: ${money(l.limitAmount, a.market)}`}</li>
        ))}
      </ul>
      <Form.Item name="note" label={t('reviewerNote')}>
        <Input.TextArea rows={2} maxLength={500} autoFocus />
      </Form.Item>
    </FormModal>
  );
}

/** An approval above the band: its limits, who made it and when, and a credit manager's two answers. */
function PendingApproval({ application: a, onOpen }: { application: CreditApplication; onOpen: (modal: Modal) => void }) {
  const t = useMessages(applicationsMessages);
  const { language } = useLanguage();
  const member = useMember();
  const mayConfirm = useMay('applications.confirmLimit');
  const pending = a.pendingApproval;
  if (!pending) return null;
  const own = pending.maker.id === member.id;
  return (
    <Alert
      type="info"
      showIcon
      title={t('pendingApproval')}
      description={
        <>
          <div>{t('pendingDetail', { maker: pending.maker.name, at: dateTime(pending.at, language) })}</div>
          <div>{pending.limits.map((l) => `${l.productCode}: ${money(l.limitAmount, a.market)}`).join(' · ')}</div>
          {pending.note ? <div>{`${t('note')}: ${pending.note}`}</div> : null}
          {mayConfirm ? (
            <Space wrap style={{ marginTop: 8 }}>
              <Button type="primary" disabled={own} aria-describedby={own ? 'own-approval-hint' : undefined} onClick={() => onOpen('confirm')}>
                {t('confirm')}
              </Button>
              <Button danger disabled={own} aria-describedby={own ? 'own-approval-hint' : undefined} onClick={() => onOpen('refuse')}>
                {t('refuse')}
              </Button>
              {own ? (
                <Typography.Text id="own-approval-hint" type="secondary">
                  {t('ownApprovalHint')}
                </Typography.Text>
              ) : null}
            </Space>
          ) : null}
        </>
      }
    />
  );
}

/** What the member may do with a referred application: approve and decline; confirm or refuse an approval waiting. */
export function DecisionActions({ application: a, onDone }: Props) {
  const t = useMessages(applicationsMessages);
  const mayDecide = useMay('applications.decide');
  const [modal, setModal] = useState<Modal>();
  if (a.status !== 'referred') return null;
  const close = () => setModal(undefined);
  const done = () => {
    setModal(undefined);
    onDone();
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PendingApproval application={a} onOpen={setModal} />
      {mayDecide && a.decision ? (
        <Space wrap>
          <Button type="primary" onClick={() => setModal('approve')}>
            {t('approve')}
          </Button>
          <Button danger onClick={() => setModal('decline')}>
            {t('decline')}
          </Button>
        </Space>
      ) : null}
      {modal === 'approve' ? <ApproveModal application={a} onClose={close} onDone={done} /> : null}
      {modal === 'decline' ? <DeclineModal application={a} onClose={close} onDone={done} /> : null}
      {modal === 'confirm' || modal === 'refuse' ? <CheckModal application={a} confirm={modal === 'confirm'} onClose={close} onDone={done} /> : null}
    </Space>
  );
}
