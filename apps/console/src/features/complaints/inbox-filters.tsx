import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Segmented from 'antd/es/segmented';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { complaintStatuses, type ComplaintStatus } from './complaint-parts';
import { complaintMessages } from './messages';

type InboxFiltersProps = {
  status: ComplaintStatus | 'all';
  onStatus: (status: ComplaintStatus | 'all') => void;
  /** The complaint type's value, or null: any type. */
  type: number | null;
  onType: (type: number | null) => void;
  onRefresh: () => void;
};

/** The inbox's filters: a status (or all), a type (or any), and a refresh. */
export function InboxFilters({ status, onStatus, type, onType, onRefresh }: InboxFiltersProps) {
  const t = useMessages(complaintMessages);
  const common = useMessages(commonMessages);
  return (
  <Form layout="inline" role="search" aria-label={t('filters')} style={{ rowGap: 8, marginBottom: 16 }}>
    <Form.Item label={t('status')}>
      <Segmented<ComplaintStatus | 'all'>
        aria-label={t('status')}
        value={status}
        onChange={onStatus}
        options={[{ value: 'all', label: t('all') }, ...complaintStatuses.map((s) => ({ value: s, label: t(`status_${s}`) }))]}
      />
    </Form.Item>
    <Form.Item label={t('type')} htmlFor="complaint-type">
      <InputNumber
        id="complaint-type"
        min={0}
        max={9999}
        precision={0}
        placeholder={t('anyType')}
        value={type}
        onChange={onType}
        // Wide enough for its placeholder ("Cualquiera") beside the step buttons.
        style={{ width: 140 }}
      />
    </Form.Item>
    <Form.Item>
      <Button onClick={onRefresh}>{common('refresh')}</Button>
    </Form.Item>
  </Form>
  );
}
