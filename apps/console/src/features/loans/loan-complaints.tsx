import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { dateTime } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import type { LoanStory } from './loan-story';
import { knownKey, loansMessages } from './messages';

type Complaint = LoanStory['complaints'][number];

const statusColour: Record<Complaint['status'], string> = { open: 'gold', answered: 'blue', closed: 'default' };

/** The complaints about the loan, newest first (their text and images are in the complaints screen). */
export function LoanComplaints({ complaints }: { complaints: LoanStory['complaints'] }) {
  const t = useMessages(loansMessages);
  const { language } = useLanguage();
  return (
    <Table<Complaint>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={complaints}
      locale={{ emptyText: t('complaintsEmpty') }}
      columns={[
        { key: 'id', title: t('complaintId'), dataIndex: 'id' },
        {
          key: 'status',
          title: t('complaintStatus'),
          render: (_, c) => {
            const key = knownKey('complaint_', c.status);
            return <Tag color={statusColour[c.status]}>{key ? t(key) : c.status}</Tag>;
          },
        },
        { key: 'type', title: t('complaintType'), dataIndex: 'type' },
        { key: 'created', title: t('created'), render: (_, c) => dateTime(c.createdAt, language) },
        {
          key: 'replied',
          title: t('replied'),
          render: (_, c) => (c.repliedAt ? t('repliedValue', { at: dateTime(c.repliedAt, language), by: c.repliedBy ?? '—' }) : t('notReplied')),
        },
        { key: 'score', title: t('score'), render: (_, c) => c.score ?? t('noScore') },
      ]}
    />
  );
}
