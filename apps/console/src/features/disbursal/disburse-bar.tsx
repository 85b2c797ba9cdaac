import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Popconfirm from 'antd/es/popconfirm';
import Typography from 'antd/es/typography';
import dayjs, { type Dayjs } from 'dayjs';
import { todayIn } from '@presta/contract/dates';
import { marketCodes, markets } from '@presta/contract/markets';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { disbursalMessages } from './messages';

type DisburseBarProps = {
  /** How many orders are selected, and their principal by market. */
  count: number;
  total: string;
  /** The day of the disbursal (never after today). */
  on: Dayjs;
  onDayChange: (day: Dayjs) => void;
  onDisburse: () => void;
};

/** The day, the disburse button (confirmed with the count, total and day) and what is selected. */
export function DisburseBar({ count, total, on, onDayChange, onDisburse }: DisburseBarProps) {
  const t = useMessages(disbursalMessages);
  const common = useMessages(commonMessages);
  return (
    <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item label={t('day')} htmlFor="disbursal-day">
        <DatePicker
          id="disbursal-day"
          value={on}
          allowClear={false}
          format="YYYY-MM-DD"
          disabledDate={(d) => d.isAfter(latestDisbursalDay(), 'day')}
          onChange={(d: Dayjs | null) => d && onDayChange(d)}
        />
      </Form.Item>
      <Form.Item>
        <Popconfirm
          title={t('confirm', { count, total, day: on.format('YYYY-MM-DD') })}
          okText={t('disburse')}
          cancelText={common('cancel')}
          onConfirm={onDisburse}
          disabled={count === 0}
        >
          <Button type="primary" disabled={count === 0}>
            {t('disburse')}
          </Button>
        </Popconfirm>
      </Form.Item>
      <Form.Item>
        <Typography.Text aria-live="polite">{count > 0 ? t('selected', { count, total }) : t('nothingSelected')}</Typography.Text>
      </Form.Item>
    </Form>
  );
}

/**
 * The latest day a disbursal may be recorded on for a loan of any market: today where the day began last (the server
 * refuses a day after today in the loan's market's time zone; in the evening in Mexico City it is already tomorrow in
 * UTC and in India). The page's default day.
 */
export function latestDisbursalDay(): Dayjs {
  return dayjs([...marketCodes].map((code) => todayIn(markets[code].timeZone)).sort()[0]);
}
