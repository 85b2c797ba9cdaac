import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import { languages } from '@presta/contract/language';
import { applyBrandTheme, getBrand } from '@/shared/brand/brand';
import { useLanguage } from '@/shared/i18n/language-store';

const antdLocales = { es: esES, en: enUS } as const;

/** antd-mobile locale by language, the brand colours, and `<html lang>`. */
export function Providers({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const locale = antdLocales[lang];

  useLayoutEffect(() => {
    applyBrandTheme(getBrand());
  }, []);

  useEffect(() => {
    document.documentElement.lang = languages[lang].locale.slice(0, 2);
    // Toast, Dialog.show and Modal.show render outside this tree: give them the locale too.
    setDefaultConfig({ locale });
  }, [lang, locale]);

  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
