import { Link } from 'react-router';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { consoleNotifications } from '@presta/contract/api/console/payments';
import type { DataOf } from '@presta/contract/api/endpoint';
import { formatMinor } from '@presta/contract/money';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { knownKey, paymentsMessages } from './messages';

export type Notification = DataOf<typeof consoleNotifications>['notifications'][number];

const outcomeColour: Record<string, string> = { applied: 'green', duplicate: 'default', refused: 'red', held: 'orange', noted: 'blue' };
const reviewColour: Record<string, string> = { none: 'default', open: 'gold', resolved: 'green' };

/**
 * The notifications' columns: when, from which provider, how it was verified, the event (its dedupe key, type and
 * kind), the reference and amount, the outcome and why, the review; resolve for a member who may.
 */
export function useNotificationColumns(onResolve: (id: number) => void): ColumnsType<Notification> {
  const t = useMessages(paymentsMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const mayResolve = useMay('payments.resolveReview');
  const named = (prefix: 'outcome_' | 'review_' | 'kind_', value: string) => {
    const key = knownKey(prefix, value);
    return key ? t(key) : value;
  };

  // 'Verified: <scheme>' for every notification whose sender was verified; a refusal before that shows why.
  const verificationOf = (n: Notification) =>
    n.verification ? t('verifiedBy', { scheme: n.verification }) : n.outcome === 'refused' ? t('refusedBecause', { reason: n.reason ?? common('none') }) : common('none');

  const columns: ColumnsType<Notification> = [
    { key: 'received', title: t('received'), render: (_, n) => dateTime(n.receivedAt, language) },
    { key: 'provider', title: t('provider'), dataIndex: 'provider' },
    { key: 'verification', title: t('verification'), render: (_, n) => verificationOf(n) },
    { key: 'event', title: t('event'), render: (_, n) => n.eventId ?? common('none') },
    {
      key: 'eventType',
      title: t('eventType'),
      render: (_, n) => (n.eventType && n.kind ? t('eventTypeValue', { type: n.eventType, kind: named('kind_', n.kind) }) : (n.eventType ?? common('none'))),
    },
    { key: 'reference', title: t('reference'), render: (_, n) => n.reference ?? common('none') },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, n) => (n.amount === null ? common('none') : formatMinor(n.amount)) },
    { key: 'outcome', title: t('outcome'), render: (_, n) => <Tag color={outcomeColour[n.outcome] ?? 'default'}>{named('outcome_', n.outcome)}</Tag> },
    { key: 'reason', title: t('reason'), render: (_, n) => n.reason ?? common('none') },
    { key: 'review', title: t('review'), render: (_, n) => <Tag color={reviewColour[n.review] ?? 'default'}>{named('review_', n.review)}</Tag> },
    { key: 'order', title: t('order'), render: (_, n) => (n.orderNo ? <Link to={`/loans/${n.orderNo}`}>{n.orderNo}</Link> : common('none')) },
    {
      key: 'resolution',
      title: t('resolution'),
      render: (_, n) =>
        n.reviewedAt ? t('resolutionValue', { at: dateTime(n.reviewedAt, language), by: n.reviewedBy ?? common('none'), note: n.reviewNote ?? '' }) : common('none'),
    },
  ];
  if (mayResolve)
    columns.push({
      key: 'actions',
      title: t('actions'),
      render: (_, n) =>
        n.review === 'open' ? (
          <Button size="small" onClick={() => onResolve(n.id)}>
            {t('resolve')}
          </Button>
        ) : null,
    });
  return columns;
}
