import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import QRCode from 'antd/es/qr-code';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { consoleSetUpComplete, consoleSetUpOpen, passwordLength, staffPasswordMinLength } from '@presta/contract/api/console/session';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { CardPage } from '@/shared/ui/card-page';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { SubmitForm, useFormSubmit } from '@/shared/ui/form-modal';
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
  const [token] = useState(() => location.hash.replace(/^#/, ''));
  const [opened, setOpened] = useState<DataOf<typeof consoleSetUpOpen>>();
  const [openError, setOpenError] = useState<unknown>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [copied, setCopied] = useState(false);
  const submit = useFormSubmit(complete);

  useEffect(() => {
    if (location.hash) history.replaceState(null, '', location.pathname);
    if (!token) return;
    call(consoleSetUpOpen, { token }).then(setOpened, setOpenError);
  }, [token]);

  async function complete(fields: Fields) {
    const done = await call(consoleSetUpComplete, { token, password: fields.password, code: fields.code });
    setRecoveryCodes(done.recoveryCodes);
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
        <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 8 }}>
          {/* The label goes to the canvas, which antd's QR code draws with role="img". */}
          <QRCode value={opened.totpUri} size={200} bordered={false} aria-label={t('qrLabel')} />
        </div>
        <Typography.Paragraph>
          {t('secretHint')} <Typography.Text code copyable>{opened.totpSecret}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>{t('step2')}</Typography.Paragraph>
        <SubmitForm submit={submit}>
          <input type="email" name="username" value={opened.email} autoComplete="username" readOnly hidden />
          <Form.Item
            name="password"
            label={t('password')}
            extra={t('passwordHint', { min: staffPasswordMinLength })}
            rules={[
              { required: true, message: t('required') },
              // Characters as a person counts them (an emoji is one), as the server counts them.
              {
                validator: (_rule, value?: string) =>
                  !value || passwordLength(value) >= staffPasswordMinLength
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('passwordShort', { min: staffPasswordMinLength }))),
              },
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
          <Button type="primary" htmlType="submit" block loading={submit.busy}>
            {t('submit')}
          </Button>
        </SubmitForm>
      </>
    );

  return (
    <CardPage title={t('title')} maxWidth={480}>
      {body}
    </CardPage>
  );
}
