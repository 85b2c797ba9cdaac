import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import QRCode from 'antd/es/qr-code';
import Typography from 'antd/es/typography';
import { passwordLength, staffPasswordMinLength, type consoleSetUpOpen } from '@presta/contract/api/console/session';
import type { DataOf } from '@presta/contract/api/endpoint';
import { useMessages } from '@/shared/i18n/i18n';
import { SubmitForm, type FormSubmit } from '@/shared/ui/form-modal';
import { setUpMessages } from './messages';

export type Fields = { password: string; passwordAgain: string; code: string };

/** The opened link's two steps: the TOTP secret as a QR code (and as text), then the password twice and a first code. */
export function SetUpForm({ opened, submit }: { opened: DataOf<typeof consoleSetUpOpen>; submit: FormSubmit<Fields> }) {
  const t = useMessages(setUpMessages);
  return (
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
        <PasswordFields />
        <Form.Item name="code" label={t('code')} rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('codeFormat') }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submit.busy}>
          {t('submit')}
        </Button>
      </SubmitForm>
    </>
  );
}

/** The new password, long enough, and the same again. */
function PasswordFields() {
  const t = useMessages(setUpMessages);
  return (
    <>
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
    </>
  );
}
