import { useState } from 'react';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { consoleStaff, consoleStaffDisable, consoleStaffEnable, consoleStaffReset } from '@presta/contract/api/console/staff';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useMay, useMember } from '@/shared/session/session';
import { ErrorAlert, useToastOnFailure } from '@/shared/ui/error-alert';
import { ShownOnceModal, type ShownOnce } from '@/shared/ui/shown-once-modal';
import { AddMemberModal } from './add-member-modal';
import { ApiTokens } from './api-tokens';
import { staffMessages } from './messages';
import { RolesModal } from './roles-modal';

type Member = DataOf<typeof consoleStaff>['staff'][number];

const stateColour = { active: 'green', locked: 'orange', disabled: 'default' } as const;

/**
 * The staff (admin only): each member's roles, second factor and state; add a member or reset one (each answers a
 * one-time set-up link, shown once), disable or enable one, change their roles; the members' API tokens.
 */
export default function StaffPage() {
  const t = useMessages(staffMessages);
  const may = useMay('staff.manage');
  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      {may ? (
        <>
          <StaffList />
          <ApiTokens />
        </>
      ) : (
        <Alert type="warning" showIcon role="alert" title={t('forbidden')} />
      )}
    </>
  );
}

function StaffList() {
  const t = useMessages(staffMessages);
  const common = useMessages(commonMessages);
  const toastOnFailure = useToastOnFailure();
  const { message } = App.useApp();
  const me = useMember();
  const { data, error, loading, reload } = useCall(consoleStaff, {});
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<ShownOnce>();
  const [editingRoles, setEditingRoles] = useState<Member>();
  // The member a change is under way for, and which change.
  const [busy, setBusy] = useState<{ email: string; change: 'reset' | 'disable' | 'enable' }>();

  const showLink = (email: string, value: string) => setLink({ title: t('linkTitle', { email }), warning: t('linkOnce'), label: t('linkLabel'), value });

  async function change(email: string, what: 'reset' | 'disable' | 'enable') {
    setBusy({ email, change: what });
    await toastOnFailure(async () => {
      if (what === 'reset') {
        const done = await call(consoleStaffReset, { email });
        showLink(done.member.email, done.setUpLink);
        void message.success(t('resetDone', { email }));
      } else {
        const done = await call(what === 'disable' ? consoleStaffDisable : consoleStaffEnable, { email });
        void message.success(done.changed ? t(what === 'disable' ? 'disabled' : 'enabled', { email }) : t('unchanged'));
      }
      reload();
    });
    setBusy(undefined);
  }
  const busyWith = (m: Member, what: 'reset' | 'disable' | 'enable') => busy?.email === m.email && busy.change === what;

  const actionsOf = (m: Member) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => setEditingRoles(m)}>
        {t('changeRoles')}
      </Button>
      <Popconfirm
        title={t('resetConfirm', { email: m.email })}
        description={t('resetDetail')}
        okText={t('reset')}
        cancelText={common('cancel')}
        onConfirm={() => void change(m.email, 'reset')}
      >
        <Button size="small" danger loading={busyWith(m, 'reset')}>
          {t('reset')}
        </Button>
      </Popconfirm>
      {m.state === 'disabled' ? (
        <Button size="small" loading={busyWith(m, 'enable')} onClick={() => void change(m.email, 'enable')}>
          {t('enable')}
        </Button>
      ) : (
        <Popconfirm
          title={t('disableConfirm', { email: m.email })}
          description={t('disableDetail')}
          okText={t('disable')}
          cancelText={common('cancel')}
          onConfirm={() => void change(m.email, 'disable')}
        >
          <Button size="small" danger loading={busyWith(m, 'disable')}>
            {t('disable')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const columns: ColumnsType<Member> = [
    { title: t('email'), dataIndex: 'email', key: 'email' },
    { title: t('name'), dataIndex: 'name', key: 'name', render: (name: string) => name || common('none') },
    {
      title: t('roles'),
      key: 'roles',
      render: (_, m) => (
        <Space size={[0, 4]} wrap>
          {m.roles.map((role) => (
            <Tag key={role} color="blue">
              {common(`role_${role}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('secondFactor'),
      key: 'secondFactor',
      render: (_, m) => <Tag color={m.secondFactor ? 'green' : 'gold'}>{m.secondFactor ? t('enrolled') : t('notEnrolled')}</Tag>,
    },
    { title: t('state'), key: 'state', render: (_, m) => <Tag color={stateColour[m.state]}>{t(`state_${m.state}`)}</Tag> },
    {
      title: t('actions'),
      key: 'actions',
      // One's own roles, reset and disabling are another admin's to change (decision 023).
      render: (_, m) => (m.id === me.id ? <Typography.Text type="secondary">{t('ownAccount')}</Typography.Text> : actionsOf(m)),
    },
  ];

  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('add')}
        </Button>
        <Button onClick={reload}>{common('refresh')}</Button>
      </Flex>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<Member>
        rowKey="id"
        columns={columns}
        dataSource={data?.staff ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('empty') }}
      />
      <AddMemberModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(added) => {
          setAdding(false);
          showLink(added.member.email, added.setUpLink);
          void message.success(t('added', { email: added.member.email }));
          reload();
        }}
      />
      {editingRoles ? (
        <RolesModal
          key={editingRoles.email}
          member={editingRoles}
          onClose={() => setEditingRoles(undefined)}
          onSaved={() => {
            setEditingRoles(undefined);
            reload();
          }}
        />
      ) : null}
      <ShownOnceModal shown={link} onClose={() => setLink(undefined)} />
    </>
  );
}
