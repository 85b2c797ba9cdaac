import { useId } from 'react';
import { getBrand } from '@/shared/brand/brand';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { supportMessages } from '../messages';
import './about-us-page.css';

/** The app's mark (public/favicon.svg). */
const LOGO_SRC = '/favicon.svg';

/** About us (/about-us): logo, the brand's app name and the welcome text. */
export default function AboutUsPage() {
  const { t } = useMessages(supportMessages);
  usePageTitle(t('aboutPageTitle'));
  const headingId = useId();
  const brand = getBrand().brandName;

  return (
    <PageLayout className="presta-about">
      <section className="presta-page-card presta-about-card" aria-labelledby={headingId}>
        <h1 id={headingId} className="presta-visually-hidden">
          {t('aboutHeading')}
        </h1>
        <img className="presta-about-logo" src={LOGO_SRC} alt={t('aboutLogoAlt', { brand })} width={88} height={88} />
        <h2 className="presta-about-name">{brand}</h2>
        <p className="presta-about-welcome">{t('aboutWelcome', { brand })}</p>
      </section>
    </PageLayout>
  );
}
