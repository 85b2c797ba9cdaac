import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { consoleSignIn } from '@presta/contract/api/console/session';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { CardPage } from '@/shared/ui/card-page';
import { SubmitForm, useFormSubmit } from '@/shared/ui/form-modal';
import { useSession } from '@/shared/session/session';
import { signInMessages } from './messages';

type Fields = { email: string; password: string; code?: string; recoveryCode?: string };

/** E-mail, password and the second factor (an app code, or a recovery code once). */
export default function SignInPage({ sessionEnded }: { sessionEnded: boolean }) {
  const t = useMessages(signInMessages);
  const { signedIn } = useSession();
  const [recovery, setRecovery] = useState(false);
  const submit = useFormSubmit(signIn);

  async function signIn(fields: Fields) {
    try {
      const session = await call(consoleSignIn, {
        email: fields.email,
        password: fields.password,
        ...(recovery ? { recoveryCode: fields.recoveryCode } : { code: fields.code }),
      });
      signedIn(session.member, session.csrfToken);
    } catch (failure) {
      submit.form.setFieldsValue({ code: '', recoveryCode: '' });
      throw failure;
    }
  }

  return (
    <CardPage title={t('title')} maxWidth={420}>
      {sessionEnded && !submit.error ? <Alert type="info" showIcon title={t('sessionEnded')} style={{ marginBottom: 16 }} /> : null}
      <SubmitForm submit={submit}>
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
        <Button type="primary" htmlType="submit" block loading={submit.busy}>
          {t('submit')}
        </Button>
        <Button type="link" block onClick={() => setRecovery((r) => !r)} style={{ marginTop: 8 }}>
          {recovery ? t('useCode') : t('useRecovery')}
        </Button>
      </SubmitForm>
    </CardPage>
  );
}
