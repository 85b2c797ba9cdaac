import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { mayTake } from '@presta/contract/staff-roles';
import { screens } from '@/app/screens';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useMember, useSession } from '@/shared/session/session';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { useKeyboardScrollableTables } from '@/shared/ui/keyboard-scroll';
import { PageLoading } from '@/shared/ui/page-loading';

/** The frame of every screen after sign-in: the sections the member's roles may use, who is signed in, the language. */
export function ConsoleLayout() {
  const t = useMessages(commonMessages);
  const member = useMember();
  const { signOut } = useSession();
  const location = useLocation();
  useKeyboardScrollableTables();
  const [collapsed, setCollapsed] = useState(false);
  // A screen with an action: the members whose roles may take it; without one (my account): every member.
  const items = screens
    .filter((s) => s.nav && (!s.action || mayTake(member.roles, s.action)))
    .map((s) => ({ key: `/${s.path}`, label: <Link to={`/${s.path}`}>{t(s.nav!)}</Link> }));
  const selected = items.find((i) => location.pathname === i.key || location.pathname.startsWith(`${i.key}/`))?.key;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} collapsed={collapsed} onCollapse={setCollapsed} theme="light" width={200}>
        <div style={{ padding: '16px 24px' }}>
          <Link to="/" style={{ fontWeight: 600 }}>
            {t('appName')}
          </Link>
        </div>
        <nav aria-label={t('menu')}>
          <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={items} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 16px', display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
          <Space wrap>
            <Typography.Text>
              {member.name || member.email} · {member.roles.map((r) => t(`role_${r}`)).join(', ')}
            </Typography.Text>
            <LanguageSwitch />
            <Button size="small" onClick={() => void signOut()}>
              {t('signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          <main>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
