import { siteMessages, type SiteLanguage } from '../messages';

/** '/Contact': the client-only contact form (spec §5); site/client/contact-form.ts handles Submit. */
export function ContactPage({ lang }: { lang: SiteLanguage }) {
  const t = siteMessages[lang].contact;
  return (
    <article className="prose">
      <h1>{siteMessages[lang].pages.contact.heading}</h1>
      <p>{t.intro}</p>
      <form className="contact-form" data-contact-form="" noValidate data-msg-incomplete={t.incomplete} data-msg-success={t.success} aria-label={siteMessages[lang].pages.contact.heading}>
        <div className="contact-form__field">
          <label htmlFor="contact-name">{t.name}</label>
          <input id="contact-name" name="name" type="text" autoComplete="name" aria-required="true" />
        </div>
        <div className="contact-form__field">
          <label htmlFor="contact-phone">{t.phone}</label>
          <input id="contact-phone" name="phone" type="tel" inputMode="tel" autoComplete="tel" aria-required="true" />
        </div>
        <div className="contact-form__field">
          <label htmlFor="contact-email">{t.email}</label>
          <input id="contact-email" name="email" type="email" autoComplete="email" aria-required="true" />
        </div>
        <div className="contact-form__field">
          <label htmlFor="contact-remark">{t.remark}</label>
          <textarea id="contact-remark" name="remark" rows={4} aria-required="true" />
        </div>
        <div className="contact-form__status" role="status" aria-live="polite" data-contact-status="" />
        <button type="submit" className="contact-form__submit">
          {t.submit}
        </button>
      </form>
    </article>
  );
}
