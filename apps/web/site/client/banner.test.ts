import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteMessages } from '../messages';
import { Banner as BannerMarkup } from '../pages/banner';
import { createBanner, type Banner } from './banner';

/** The real prerendered markup of the home page's banner (Spanish). */
function mountBanner(): HTMLElement {
  document.body.innerHTML = renderToStaticMarkup(createElement(BannerMarkup, { t: siteMessages.es.banner }));
  return document.querySelector<HTMLElement>('[data-banner]')!;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

function pointer(target: Element, type: string, clientX: number, clientY = 0, pointerType = 'touch') {
  target.dispatchEvent(new PointerEvent(type, { clientX, clientY, pointerType, isPrimary: true, bubbles: true }));
}

function swipe(target: Element, fromX: number, toX: number, fromY = 100, toY = 100) {
  pointer(target, 'pointerdown', fromX, fromY);
  pointer(target, 'pointerup', toX, toY);
}

const visibleSlide = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('[data-banner-slide]')).findIndex((slide) => slide.getAttribute('aria-hidden') !== 'true');

describe('banner', () => {
  let root: HTMLElement;
  let banner: Banner | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    root = mountBanner();
  });

  afterEach(() => {
    banner?.destroy();
    banner = undefined;
    // @ts-expect-error — drops the own property set by setHidden, back to the prototype's getter.
    delete document.hidden;
    vi.useRealTimers();
  });

  it('starts on the first slide and advances every 3000 ms, wrapping round', () => {
    banner = createBanner(root);
    expect(banner.index).toBe(0);
    vi.advanceTimersByTime(2999);
    expect(banner.index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(banner.index).toBe(1);
    expect(visibleSlide(root)).toBe(1);
    expect(root.querySelector<HTMLElement>('[data-banner-track]')!.style.transform).toBe('translateX(-100%)');
    vi.advanceTimersByTime(3000);
    expect(banner.index).toBe(2);
    vi.advanceTimersByTime(3000);
    expect(banner.index).toBe(0);
  });

  it('marks the current dot and hides the other slides from assistive technology', () => {
    banner = createBanner(root);
    vi.advanceTimersByTime(3000);
    const dots = Array.from(root.querySelectorAll('[data-banner-dot]'));
    expect(dots.map((dot) => dot.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    const slides = Array.from(root.querySelectorAll('[data-banner-slide]'));
    expect(slides.map((slide) => slide.getAttribute('aria-hidden'))).toEqual(['true', null, 'true']);
    expect(slides[1]!.getAttribute('aria-label')).toBe('2 de 3');
  });

  it('stops while the page is hidden and resumes with a full interval when it is shown again', () => {
    banner = createBanner(root);
    vi.advanceTimersByTime(2000);
    setHidden(true);
    expect(banner.running).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(banner.index).toBe(0);
    setHidden(false);
    vi.advanceTimersByTime(2999);
    expect(banner.index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(banner.index).toBe(1);
  });

  it('does not start while the page is hidden', () => {
    setHidden(true);
    banner = createBanner(root);
    vi.advanceTimersByTime(6000);
    expect(banner.index).toBe(0);
  });

  it('goes to the next slide on a swipe to the left and back on a swipe to the right', () => {
    banner = createBanner(root);
    const viewport = root.querySelector('[data-banner-viewport]')!;
    swipe(viewport, 200, 100);
    expect(banner.index).toBe(1);
    swipe(viewport, 100, 200);
    expect(banner.index).toBe(0);
    swipe(viewport, 100, 200);
    expect(banner.index).toBe(2);
  });

  it('ignores short and mostly vertical moves', () => {
    banner = createBanner(root);
    const viewport = root.querySelector('[data-banner-viewport]')!;
    swipe(viewport, 200, 180);
    swipe(viewport, 200, 140, 0, 200);
    expect(banner.index).toBe(0);
  });

  it('gives the slide reached by a swipe a full interval', () => {
    banner = createBanner(root);
    vi.advanceTimersByTime(2500);
    swipe(root.querySelector('[data-banner-viewport]')!, 200, 100);
    expect(banner.index).toBe(1);
    vi.advanceTimersByTime(2999);
    expect(banner.index).toBe(1);
    vi.advanceTimersByTime(1);
    expect(banner.index).toBe(2);
  });

  it('has previous, next and dot buttons', () => {
    banner = createBanner(root);
    root.querySelector<HTMLButtonElement>('[data-banner-prev]')!.click();
    expect(banner.index).toBe(2);
    root.querySelector<HTMLButtonElement>('[data-banner-next]')!.click();
    expect(banner.index).toBe(0);
    root.querySelectorAll<HTMLButtonElement>('[data-banner-dot]')[2]!.click();
    expect(banner.index).toBe(2);
  });

  it('pauses and resumes with its toggle button, announcing slides only while paused', () => {
    banner = createBanner(root);
    const toggle = root.querySelector<HTMLButtonElement>('[data-banner-toggle]')!;
    const track = root.querySelector('[data-banner-track]')!;
    expect(toggle.getAttribute('aria-label')).toBe('Pausar el carrusel');
    expect(track.getAttribute('aria-live')).toBe('off');
    toggle.click();
    expect(banner.playing).toBe(false);
    expect(toggle.getAttribute('aria-label')).toBe('Reanudar el carrusel');
    expect(track.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(9000);
    expect(banner.index).toBe(0);
    toggle.click();
    vi.advanceTimersByTime(3000);
    expect(banner.index).toBe(1);
  });

  it('holds still while the focus is inside it', () => {
    banner = createBanner(root);
    const next = root.querySelector<HTMLButtonElement>('[data-banner-next]')!;
    next.focus();
    vi.advanceTimersByTime(9000);
    expect(banner.index).toBe(0);
    next.blur();
    vi.advanceTimersByTime(3000);
    expect(banner.index).toBe(1);
  });

  it('holds still while a mouse is over it, but not after a touch', () => {
    banner = createBanner(root);
    pointer(root, 'pointerenter', 0, 0, 'mouse');
    vi.advanceTimersByTime(6000);
    expect(banner.index).toBe(0);
    pointer(root, 'pointerleave', 0, 0, 'mouse');
    pointer(root, 'pointerenter', 0, 0, 'touch');
    vi.advanceTimersByTime(3000);
    expect(banner.index).toBe(1);
  });

  it('does not rotate by itself when the visitor prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    banner = createBanner(root);
    expect(banner.playing).toBe(false);
    expect(root.querySelector<HTMLButtonElement>('[data-banner-toggle]')!.hidden).toBe(true);
    vi.advanceTimersByTime(9000);
    expect(banner.index).toBe(0);
    root.querySelector<HTMLButtonElement>('[data-banner-next]')!.click();
    expect(banner.index).toBe(1);
  });

  it('shows its controls only once the script runs', () => {
    expect(root.hasAttribute('data-ready')).toBe(false);
    banner = createBanner(root);
    expect(root.hasAttribute('data-ready')).toBe(true);
  });
});
