import { useState } from 'react';
import { Link } from 'react-router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useMessages } from '@/shared/i18n/i18n';
import { setUpMessages } from './messages';

/** The set-up done: the recovery codes, shown once, with a button that copies them and the way to sign in. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useMessages(setUpMessages);
  const [copied, setCopied] = useState(false);
  return (
    <Result
      status="success"
      title={<h2 style={{ fontSize: 20 }}>{t('doneTitle')}</h2>}
      subTitle={t('recoveryIntro')}
      extra={
        <>
          <ul aria-label={t('recoveryLabel')} style={{ listStyle: 'none', padding: 0, fontFamily: 'monospace', fontSize: 16 }}>
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button
            onClick={() =>
              void navigator.clipboard.writeText(codes.join('\n')).then(
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
}
