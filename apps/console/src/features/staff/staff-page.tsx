import { useState } from 'react';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleStaff } from '@presta/contract/api/console/staff';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { ShownOnceModal, type ShownOnce } from '@/shared/ui/shown-once-modal';
import { AddMemberModal } from './add-member-modal';
import { ApiTokens } from './api-tokens';
import { MemberActions, useMemberChange } from './member-actions';
import { staffMessages } from './messages';
import { RolesModal } from './roles-modal';
import { useStaffColumns, type Member } from './staff-columns';

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
  const { message } = App.useApp();
  const { data, error, loading, reload } = useCall(consoleStaff, {});
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<ShownOnce>();
  const [editingRoles, setEditingRoles] = useState<Member>();

  const showLink = (email: string, value: string) => setLink({ title: t('linkTitle', { email }), warning: t('linkOnce'), label: t('linkLabel'), value });
  const memberChange = useMemberChange({ onReset: showLink, onChanged: reload });
  const columns = useStaffColumns((m) => <MemberActions member={m} change={memberChange} onEditRoles={() => setEditingRoles(m)} />);

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
