import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { consoleStaffDisable, consoleStaffEnable, consoleStaffReset } from '@presta/contract/api/console/staff';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useToastOnFailure } from '@/shared/ui/error-alert';
import { staffMessages } from './messages';
import type { Member } from './staff-columns';

type Change = 'reset' | 'disable' | 'enable';

/** A member's reset, disabling or enabling, and which one is under way for whom. */
export type MemberChange = { change: (email: string, what: Change) => Promise<void>; busyWith: (m: Member, what: Change) => boolean };

/**
 * Resets, disables or enables a member: a reset answers a new set-up link (`onReset`: to show it once); every
 * change then reloads the list (`onChanged`). A refusal is a toast.
 */
export function useMemberChange({ onReset, onChanged }: { onReset: (email: string, link: string) => void; onChanged: () => void }): MemberChange {
  const t = useMessages(staffMessages);
  const toastOnFailure = useToastOnFailure();
  const { message } = App.useApp();
  // The member a change is under way for, and which change.
  const [busy, setBusy] = useState<{ email: string; change: Change }>();

  async function change(email: string, what: Change) {
    setBusy({ email, change: what });
    await toastOnFailure(async () => {
      if (what === 'reset') {
        const done = await call(consoleStaffReset, { email });
        onReset(done.member.email, done.setUpLink);
        void message.success(t('resetDone', { email }));
      } else {
        const done = await call(what === 'disable' ? consoleStaffDisable : consoleStaffEnable, { email });
        void message.success(done.changed ? t(what === 'disable' ? 'disabled' : 'enabled', { email }) : t('unchanged'));
      }
      onChanged();
    });
    setBusy(undefined);
  }
  const busyWith = (m: Member, what: Change) => busy?.email === m.email && busy.change === what;
  return { change, busyWith };
}

/** A member's actions: change roles, reset (confirmed), disable (confirmed) or enable. */
export function MemberActions({ member: m, change: { change, busyWith }, onEditRoles }: { member: Member; change: MemberChange; onEditRoles: () => void }) {
  const t = useMessages(staffMessages);
  const common = useMessages(commonMessages);
  return (
    <Space size={4} wrap>
      <Button size="small" onClick={onEditRoles}>
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
}
