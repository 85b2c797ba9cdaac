import Typography from 'antd/es/typography';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useMember } from '@/shared/session/session';

export default function HomePage() {
  const t = useMessages(commonMessages);
  const member = useMember();
  return (
    <>
      <Typography.Title level={1}>{t('welcome', { name: member.name || member.email })}</Typography.Title>
      <Typography.Paragraph>{t('welcomeHint')}</Typography.Paragraph>
    </>
  );
}
