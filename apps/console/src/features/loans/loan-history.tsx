import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { dateTime, statusName } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import type { LoanStory } from './loan-story';
import { loansMessages } from './messages';

/** Each status change: when, from what to what, who made it and why. */
export function LoanHistory({ history }: { history: LoanStory['history'] }) {
  const t = useMessages(loansMessages);
  const { language } = useLanguage();
  if (history.length === 0) return <Typography.Paragraph type="secondary">{t('historyEmpty')}</Typography.Paragraph>;
  return (
    <Timeline
      items={history.map((h, index) => ({
        key: index,
        title: dateTime(h.at, language),
        content: (
          <>
            <Typography.Text strong>
              {h.from ? `${statusName(h.from, language)} → ` : ''}
              {statusName(h.to, language)}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('actor')}: {h.actor}
            </Typography.Text>
            {h.reason ? (
              <>
                <br />
                <Typography.Text>
                  {t('reason')}: {h.reason}
                </Typography.Text>
              </>
            ) : null}
          </>
        ),
      }))}
    />
  );
}
