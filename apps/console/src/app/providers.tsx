import type { ReactNode } from 'react';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { LanguageProvider, useLanguage } from '@/shared/i18n/i18n';
import { SessionProvider } from '@/shared/session/session';

/**
 * The nonce of this page (the server writes a fresh one into the HTML of each answer and allows only it in the
 * page's Content Security Policy): antd writes its styles at run time and gives each style tag this nonce.
 */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}
const nonce = pageNonce();

/** Brand colour with a contrast of 4.5:1 or more on white (axe: the primary buttons' text and links). */
const theme = { token: { colorPrimary: '#0b5cad', colorLink: '#0b5cad', borderRadius: 6 } };

function Antd({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  dayjs.locale(language);
  return (
    <ConfigProvider locale={language === 'en' ? enUS : esES} csp={{ nonce }} theme={theme}>
      <App>{children}</App>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider>
      <Antd>
        <SessionProvider>{children}</SessionProvider>
      </Antd>
    </LanguageProvider>
  );
}
