import type { ReactNode } from 'react';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { pageNonce } from '@/app/csp-nonce';
import { LanguageProvider, useLanguage } from '@/shared/i18n/i18n';
import { SessionProvider } from '@/shared/session/session';


/**
 * Colours with a contrast of 4.5:1 or more (axe): the brand's (primary buttons' text, links, and hovered: a tab under
 * the pointer failed the back-office journey); secondary text
 * (colorTextDescription: Result's subtitle, Typography's "secondary"; antd's 45 % black is under 4.5:1); placeholders
 * (antd's 25 % black); the danger
 * buttons' red (colorError); the coloured tags' text (each preset's 7th shade, on its 1st: antd's green, gold,
 * orange, cyan, volcano, lime and yellow are under 4.5:1, so the 8th or 9th shade stands in); a table's empty text
 * (antd writes it in the disabled colour).
 */
const theme = {
  token: {
    colorPrimary: '#0b5cad',
    colorLink: '#0b5cad',
    // Hovered: antd's lighter shade (#4c91c7) is 3.4:1 on white (a tab's or a link's text, white on a primary button); its pressed shade is 10:1.
    colorPrimaryHover: '#014087',
    colorLinkHover: '#014087',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    borderRadius: 6,
  },
  components: {
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
    Tag: { green7: '#237804', gold7: '#874d00', orange7: '#ad4e00', cyan7: '#006d75', volcano7: '#ad2102', lime7: '#3f6600', yellow7: '#876800' },
  },
};

function Antd({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  dayjs.locale(language);
  return (
    <ConfigProvider locale={language === 'en' ? enUS : esES} csp={{ nonce: pageNonce }} theme={theme}>
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
