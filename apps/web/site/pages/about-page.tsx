import { siteMessages, type SiteLanguage } from '../messages';

/** '/About': the lender and its considerate, fast loans. */
export function AboutPage({ lang, brandName }: { lang: SiteLanguage; brandName: string }) {
  const t = siteMessages[lang];
  return (
    <article className="prose">
      <p className="about__brand" aria-hidden="true">
        {brandName}
      </p>
      <h1>{t.pages.about.heading}</h1>
      {t.about.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <ul className="about__points">
        {t.about.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </article>
  );
}
