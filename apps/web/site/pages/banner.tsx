import { defaultBannerInterval } from '../client/banner';
import { format, type SiteMessages } from '../messages';

/**
 * The banner's static markup: the first slide shows without any script;
 * site/client/banner.ts makes it rotate (the controls appear with it).
 */
export function Banner({ t }: { t: SiteMessages['banner'] }) {
  const total = t.slides.length;
  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t.label} data-banner="" data-interval={defaultBannerInterval}>
      <div className="banner__viewport" data-banner-viewport="">
        <div className="banner__track" data-banner-track="" aria-live="off">
          {t.slides.map((slide, i) => (
            <div
              key={slide.title}
              className={`banner__slide banner__slide--${i + 1}`}
              role="group"
              aria-roledescription="slide"
              aria-label={format(t.slideLabel, { n: i + 1, total })}
              aria-hidden={i === 0 ? undefined : true}
              data-banner-slide=""
            >
              <h2 className="banner__title">{slide.title}</h2>
              <p className="banner__text">{slide.text}</p>
            </div>
          ))}
        </div>
      </div>
      <div className="banner__controls">
        <button type="button" className="banner__button banner__toggle" data-banner-toggle="" aria-label={t.pause} data-label-pause={t.pause} data-label-play={t.play} />
        <button type="button" className="banner__button banner__prev" data-banner-prev="" aria-label={t.previous}>
          <span aria-hidden="true">‹</span>
        </button>
        <div className="banner__dots" role="group" aria-label={t.dotsLabel}>
          {t.slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              className="banner__dot"
              data-banner-dot=""
              aria-label={format(t.goTo, { n: i + 1 })}
              aria-current={i === 0 ? true : undefined}
            />
          ))}
        </div>
        <button type="button" className="banner__button banner__next" data-banner-next="" aria-label={t.next}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
