import { useState } from 'react';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { consoleStaffRoles } from '@presta/contract/api/console';
import { staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useErrorText } from '@/shared/ui/error-alert';
import { staffMessages } from './messages';
import { RolesGroup } from './roles-group';

type Fields = { roles: StaffRole[] };

/**
 * An admin sets a member's whole set of roles (at least one); they apply from the member's next call. Mounted for
 * one member at a time (the page renders it while a member is chosen), so the form starts from their roles.
 */
export function RolesModal({ member, onClose, onSaved }: { member: { email: string; roles: StaffRole[] }; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(staffMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  async function save({ roles }: Fields) {
    setBusy(true);
    setError(undefined);
    try {
      const done = await call(consoleStaffRoles, { email: member.email, roles });
      void message.success(done.changed ? t('rolesSaved', { email: member.email }) : t('unchanged'));
      onSaved();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('rolesTitle', { email: member.email })}
      okText={common('save')}
      cancelText={common('cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
      <Form<Fields> form={form} name="memberRoles" layout="vertical" requiredMark={false} initialValues={{ roles: member.roles }} onFinish={(fields) => void save(fields)}>
        <Form.Item name="roles" label={t('roles')} rules={[{ required: true, type: 'array', min: 1, message: t('rolesRequired') }]}>
          <RolesGroup options={staffRoles.map((role) => ({ value: role, label: common(`role_${role}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
