import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import { consoleSetUpComplete, consoleSetUpOpen } from '@presta/contract/api/console/session';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { CardPage } from '@/shared/ui/card-page';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { useFormSubmit } from '@/shared/ui/form-modal';
import { PageLoading } from '@/shared/ui/page-loading';
import { setUpMessages } from './messages';
import { RecoveryCodes } from './recovery-codes';
import { SetUpForm, type Fields } from './set-up-form';

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
  else if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} />;
  else body = <SetUpForm opened={opened} submit={submit} />;

  return (
    <CardPage title={t('title')} maxWidth={480}>
      {body}
    </CardPage>
  );
}
