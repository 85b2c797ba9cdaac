import { siteMessages, type SiteLanguage } from '../messages';

/** '/User': an empty page, as the spec says, with a heading so it stays valid and navigable. */
export function UserPage({ lang }: { lang: SiteLanguage }) {
  const t = siteMessages[lang];
  return (
    <article className="prose">
      <h1>{t.pages.user.heading}</h1>
      <p>{t.user.text}</p>
    </article>
  );
}
