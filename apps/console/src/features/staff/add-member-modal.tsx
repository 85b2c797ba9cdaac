import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { consoleStaffAdd } from '@presta/contract/api/console/staff';
import type { DataOf } from '@presta/contract/api/endpoint';
import { staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { FormModal } from '@/shared/ui/form-modal';
import { staffMessages } from './messages';
import { RolesGroup } from './roles-group';

type Fields = { email: string; name?: string; roles: StaffRole[] };

const nameMax = 120;

/** The "Add member" form: e-mail, name and roles; answers the member and their set-up link to the page. */
export function AddMemberModal({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (added: DataOf<typeof consoleStaffAdd>) => void }) {
  const t = useMessages(staffMessages);
  const common = useMessages(commonMessages);

  async function add(fields: Fields) {
    onAdded(await call(consoleStaffAdd, { email: fields.email, name: fields.name?.trim() || undefined, roles: fields.roles }));
  }

  return (
    <FormModal<Fields> open={open} title={t('addTitle')} okText={t('addSubmit')} name="addMember" initialValues={{ roles: [] }} onClose={onClose} onSubmit={add}>
      <Form.Item
        name="email"
        label={t('email')}
        rules={[
          { required: true, message: t('required') },
          { type: 'email', message: t('emailInvalid') },
        ]}
      >
        <Input type="email" autoComplete="off" maxLength={254} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={[{ max: nameMax, message: t('nameTooLong', { max: nameMax }) }]}>
        <Input autoComplete="off" maxLength={nameMax} />
      </Form.Item>
      <Form.Item name="roles" label={t('roles')} rules={[{ required: true, type: 'array', min: 1, message: t('rolesRequired') }]}>
        <RolesGroup options={staffRoles.map((role) => ({ value: role, label: common(`role_${role}`) }))} />
      </Form.Item>
    </FormModal>
  );
}
