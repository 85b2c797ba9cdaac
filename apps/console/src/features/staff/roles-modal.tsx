import App from 'antd/es/app';
import Form from 'antd/es/form';
import { consoleStaffRoles } from '@presta/contract/api/console/staff';
import { staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { FormModal } from '@/shared/ui/form-modal';
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
  const { message } = App.useApp();

  async function save({ roles }: Fields) {
    const done = await call(consoleStaffRoles, { email: member.email, roles });
    void message.success(done.changed ? t('rolesSaved', { email: member.email }) : t('unchanged'));
    onSaved();
  }

  return (
    <FormModal<Fields>
      title={t('rolesTitle', { email: member.email })}
      okText={common('save')}
      name="memberRoles"
      initialValues={{ roles: member.roles }}
      onClose={onClose}
      onSubmit={save}
    >
      <Form.Item name="roles" label={t('roles')} rules={[{ required: true, type: 'array', min: 1, message: t('rolesRequired') }]}>
        <RolesGroup options={staffRoles.map((role) => ({ value: role, label: common(`role_${role}`) }))} />
      </Form.Item>
    </FormModal>
  );
}
