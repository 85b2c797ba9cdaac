import type { ReactNode } from 'react';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { consoleStaff } from '@presta/contract/api/console/staff';
import type { DataOf } from '@presta/contract/api/endpoint';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useMember } from '@/shared/session/session';
import { staffMessages } from './messages';

export type Member = DataOf<typeof consoleStaff>['staff'][number];

const stateColour = { active: 'green', locked: 'orange', disabled: 'default' } as const;

/** The staff table's columns: e-mail, name, roles, second factor, state, and each member's actions (never one's own). */
export function useStaffColumns(actionsOf: (m: Member) => ReactNode): ColumnsType<Member> {
  const t = useMessages(staffMessages);
  const common = useMessages(commonMessages);
  const me = useMember();
  return [
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
}
