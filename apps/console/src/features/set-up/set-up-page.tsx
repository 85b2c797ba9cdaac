import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import QRCode from 'antd/es/qr-code';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { consoleSetUpComplete, consoleSetUpOpen, staffPasswordMinLength } from '@presta/contract/api/console';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert, useErrorText } from '@/shared/ui/error-alert';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { PageLoading } from '@/shared/ui/page-loading';
import { setUpMessages } from './messages';

type Fields = { password: string; passwordAgain: string; code: string };

/**
 * The set-up link an admin hands over (`/console/set-up#<token>`): the token travels in the fragment, never to a
 * server log or a Referer, and leaves the address bar as soon as it is read. Shows the TOTP secret as a QR code,
 * takes the password and a first code, then shows the recovery codes once.
 */
export default function SetUpPage() {
  const t = useMessages(setUpMessages);
  const errorText = useErrorText();
  const [token] = useState(() => location.hash.replace(/^#/, ''));
  const [opened, setOpened] = useState<DataOf<typeof consoleSetUpOpen>>();
  const [openError, setOpenError] = useState<unknown>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (location.hash) history.replaceState(null, '', location.pathname);
    if (!token) return;
    call(consoleSetUpOpen, { token }).then(setOpened, setOpenError);
  }, [token]);

  async function submit(fields: Fields) {
    setBusy(true);
    setError(undefined);
    try {
      const done = await call(consoleSetUpComplete, { token, password: fields.password, code: fields.code });
      setRecoveryCodes(done.recoveryCodes);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (!token) body = <Alert type="error" showIcon role="alert" title={t('noToken')} />;
  else if (openError) body = <ErrorAlert error={openError} />;
  else if (!opened) body = <PageLoading />;
  else if (recoveryCodes)
    body = (
      <Result
        status="success"
        title={<h2 style={{ fontSize: 20 }}>{t('doneTitle')}</h2>}
        subTitle={t('recoveryIntro')}
        extra={
          <>
            <ul aria-label={t('recoveryLabel')} style={{ listStyle: 'none', padding: 0, fontFamily: 'monospace', fontSize: 16 }}>
              {recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <Button
              onClick={() =>
                void navigator.clipboard.writeText(recoveryCodes.join('\n')).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? t('copied') : t('copy')}
            </Button>{' '}
            <Link to="/">{t('goSignIn')}</Link>
          </>
        }
      />
    );
  else
    body = (
      <>
        <Typography.Paragraph>{t('intro', { name: opened.name || opened.email })}</Typography.Paragraph>
        <Typography.Paragraph>{t('step1')}</Typography.Paragraph>
        <div role="img" aria-label={t('qrLabel')} style={{ display: 'flex', justifyContent: 'center', marginBottom: 8 }}>
          <QRCode value={opened.totpUri} size={200} bordered={false} />
        </div>
        <Typography.Paragraph>
          {t('secretHint')} <Typography.Text code copyable>{opened.totpSecret}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>{t('step2')}</Typography.Paragraph>
        {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
        <Form<Fields> layout="vertical" requiredMark={false} onFinish={(fields) => void submit(fields)}>
          <input type="email" name="username" value={opened.email} autoComplete="username" readOnly hidden />
          <Form.Item
            name="password"
            label={t('password')}
            extra={t('passwordHint', { min: staffPasswordMinLength })}
            rules={[
              { required: true, message: t('required') },
              { min: staffPasswordMinLength, message: t('passwordShort', { min: staffPasswordMinLength }) },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="passwordAgain"
            label={t('passwordAgain')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('passwordMismatch')))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="code" label={t('code')} rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('codeFormat') }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('submit')}
          </Button>
        </Form>
      </>
    );

  return (
    <main style={{ maxWidth: 480, margin: '48px auto', padding: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <LanguageSwitch />
      </div>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('title')}
        </Typography.Title>
        {body}
      </Card>
    </main>
  );
}
