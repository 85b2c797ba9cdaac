import { Link } from 'react-router';
import Result from 'antd/es/result';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';

export default function NotFoundPage() {
  const t = useMessages(commonMessages);
  return <Result status="404" title={<h1 style={{ fontSize: 24 }}>{t('notFound')}</h1>} extra={<Link to="/">{t('home')}</Link>} />;
}
