import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useMember } from '@/shared/session/session';
import { accountMessages } from './messages';
import { MyTokens } from './my-tokens';

/** Every member's own screen: who they are signed in as (e-mail, name, roles) and their API tokens. */
export default function AccountPage() {
  const t = useMessages(accountMessages);
  const common = useMessages(commonMessages);
  const member = useMember();
  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('whoAmI')}
          </Typography.Title>
        }
      >
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'email', label: t('email'), children: member.email },
            { key: 'name', label: t('name'), children: member.name || common('none') },
            {
              key: 'roles',
              label: t('roles'),
              children: (
                <Space size={[0, 4]} wrap>
                  {member.roles.map((role) => (
                    <Tag key={role} color="blue">
                      {common(`role_${role}`)}
                    </Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <MyTokens />
    </>
  );
}
