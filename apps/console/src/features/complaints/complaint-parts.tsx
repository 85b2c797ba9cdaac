import Tag from 'antd/es/tag';
import type { consoleComplaints } from '@presta/contract/api/console/complaints';
import type { DataOf } from '@presta/contract/api/endpoint';
import { useMessages } from '@/shared/i18n/i18n';
import { complaintMessages } from './messages';

export type Complaint = DataOf<typeof consoleComplaints>['complaints'][number];
export type ComplaintStatus = Complaint['status'];

export const complaintStatuses: readonly ComplaintStatus[] = ['open', 'answered', 'closed'];

const statusColour = { open: 'orange', answered: 'blue', closed: 'default' } as const;

export function StatusTag({ status }: { status: ComplaintStatus }) {
  const t = useMessages(complaintMessages);
  return <Tag color={statusColour[status]}>{t(`status_${status}`)}</Tag>;
}

/** The type and sub-type values ("3 / 12", "1 / —"). */
export const typeOf = (c: Pick<Complaint, 'typeValue' | 'subTypeValue'>) => `${c.typeValue} / ${c.subTypeValue ?? '—'}`;
