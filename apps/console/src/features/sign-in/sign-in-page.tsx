import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { consoleSignIn } from '@presta/contract/api/console';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { useErrorText } from '@/shared/ui/error-alert';
import { useSession } from '@/shared/session/session';
import { signInMessages } from './messages';

type Fields = { email: string; password: string; code?: string; recoveryCode?: string };

/** E-mail, password and the second factor (an app code, or a recovery code once). */
export default function SignInPage({ sessionEnded }: { sessionEnded: boolean }) {
  const t = useMessages(signInMessages);
  const errorText = useErrorText();
  const { signedIn } = useSession();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Fields>();

  async function submit(fields: Fields) {
    setBusy(true);
    setError(undefined);
    try {
      const session = await call(consoleSignIn, {
        email: fields.email,
        password: fields.password,
        ...(recovery ? { recoveryCode: fields.recoveryCode } : { code: fields.code }),
      });
      signedIn(session.member, session.csrfToken);
    } catch (failure) {
      setError(failure);
      form.setFieldsValue({ code: '', recoveryCode: '' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main style={{ maxWidth: 420, margin: '48px auto', padding: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <LanguageSwitch />
      </div>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('title')}
        </Typography.Title>
        {sessionEnded && !error ? <Alert type="info" showIcon title={t('sessionEnded')} style={{ marginBottom: 16 }} /> : null}
        {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(fields) => void submit(fields)}>
          <Form.Item name="email" label={t('email')} rules={[{ required: true, message: t('required') }]}>
            <Input type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {recovery ? (
            <Form.Item name="recoveryCode" label={t('recoveryCode')} extra={t('recoveryHint')} rules={[{ required: true, message: t('required') }]}>
              <Input autoComplete="off" />
            </Form.Item>
          ) : (
            <Form.Item name="code" label={t('code')} extra={t('codeHint')} rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('codeFormat') }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('submit')}
          </Button>
          <Button type="link" block onClick={() => setRecovery((r) => !r)} style={{ marginTop: 8 }}>
            {recovery ? t('useCode') : t('useRecovery')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
