/**
 * The home page's banner (spec §2 "Marketing home", §8 interval 3000 ms) on
 * the static markup of site/pages/banner.tsx. Plain TypeScript, no React:
 * - advances every `interval` ms (data-interval), wrapping round;
 * - stops while the page is hidden (visibilitychange), while a mouse is over
 *   it or the focus is inside it, and when the visitor presses pause;
 * - does not rotate by itself when prefers-reduced-motion is set;
 * - previous/next buttons, one dot per slide, and a horizontal swipe.
 */
export type BannerOptions = {
  /** Milliseconds between slides; default the root's data-interval, else 3000. */
  interval?: number;
  /** Horizontal distance in px a swipe must cover. */
  swipeThreshold?: number;
};

export type Banner = {
  readonly index: number;
  /** True when the visitor has not paused it (and motion is allowed). */
  readonly playing: boolean;
  /** True when a timer is running. */
  readonly running: boolean;
  goTo(index: number): void;
  next(): void;
  previous(): void;
  play(): void;
  pause(): void;
  destroy(): void;
};

export const defaultBannerInterval = 3000;

export function createBanner(root: HTMLElement, options: BannerOptions = {}): Banner {
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  const interval = options.interval ?? (Number(root.dataset.interval) || defaultBannerInterval);
  const swipeThreshold = options.swipeThreshold ?? 40;
  const track = root.querySelector<HTMLElement>('[data-banner-track]');
  const slides = Array.from(root.querySelectorAll<HTMLElement>('[data-banner-slide]'));
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-banner-dot]'));
  const toggle = root.querySelector<HTMLButtonElement>('[data-banner-toggle]');
  const reducedMotion = win?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

  let index = Math.max(0, slides.findIndex((slide) => slide.getAttribute('aria-hidden') !== 'true'));
  let playing = !reducedMotion && slides.length > 1;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let start: { x: number; y: number } | null = null;

  function render() {
    slides.forEach((slide, i) => {
      if (i === index) slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    if (track) {
      track.style.transform = `translateX(${-100 * index}%)`;
      // Announce slide changes only when they are the visitor's doing.
      track.setAttribute('aria-live', playing ? 'off' : 'polite');
    }
    if (toggle) {
      toggle.hidden = reducedMotion || slides.length < 2;
      toggle.dataset.state = playing ? 'playing' : 'paused';
      const label = playing ? toggle.dataset.labelPause : toggle.dataset.labelPlay;
      if (label) toggle.setAttribute('aria-label', label);
    }
  }

  function stopTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule() {
    stopTimer();
    if (!playing || hovered || focused || doc.hidden || slides.length < 2) return;
    timer = setTimeout(() => {
      timer = undefined;
      show(index + 1);
      schedule();
    }, interval);
  }

  function show(target: number) {
    if (slides.length === 0) return;
    index = ((target % slides.length) + slides.length) % slides.length;
    render();
  }

  /** A step the visitor asked for: show it, then give the new slide a full interval. */
  function step(target: number) {
    show(target);
    schedule();
  }

  const onPrevious = () => step(index - 1);
  const onNext = () => step(index + 1);
  const onDot = (event: Event) => {
    const i = dots.indexOf(event.currentTarget as HTMLButtonElement);
    if (i >= 0) step(i);
  };
  const onToggle = () => {
    playing = !playing;
    render();
    schedule();
  };
  const onVisibility = () => schedule();
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovered = true;
    schedule();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovered = false;
    schedule();
  };
  const onFocusIn = () => {
    focused = true;
    schedule();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focused = false;
    schedule();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.isPrimary === false) return;
    start = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) < swipeThreshold || Math.abs(dx) < Math.abs(dy)) return;
    step(dx < 0 ? index + 1 : index - 1);
  };
  const onPointerCancel = () => {
    start = null;
  };

  const prevButton = root.querySelector<HTMLButtonElement>('[data-banner-prev]');
  const nextButton = root.querySelector<HTMLButtonElement>('[data-banner-next]');
  const viewport = root.querySelector<HTMLElement>('[data-banner-viewport]') ?? root;
  prevButton?.addEventListener('click', onPrevious);
  nextButton?.addEventListener('click', onNext);
  dots.forEach((dot) => dot.addEventListener('click', onDot));
  toggle?.addEventListener('click', onToggle);
  doc.addEventListener('visibilitychange', onVisibility);
  root.addEventListener('pointerenter', onPointerEnter);
  root.addEventListener('pointerleave', onPointerLeave);
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  viewport.addEventListener('pointerdown', onPointerDown);
  viewport.addEventListener('pointerup', onPointerUp);
  viewport.addEventListener('pointercancel', onPointerCancel);

  root.dataset.ready = '';
  render();
  schedule();

  return {
    get index() {
      return index;
    },
    get playing() {
      return playing;
    },
    get running() {
      return timer !== undefined;
    },
    goTo: step,
    next: onNext,
    previous: onPrevious,
    play() {
      if (!playing) onToggle();
    },
    pause() {
      if (playing) onToggle();
    },
    destroy() {
      stopTimer();
      prevButton?.removeEventListener('click', onPrevious);
      nextButton?.removeEventListener('click', onNext);
      dots.forEach((dot) => dot.removeEventListener('click', onDot));
      toggle?.removeEventListener('click', onToggle);
      doc.removeEventListener('visibilitychange', onVisibility);
      root.removeEventListener('pointerenter', onPointerEnter);
      root.removeEventListener('pointerleave', onPointerLeave);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      viewport.removeEventListener('pointerdown', onPointerDown);
      viewport.removeEventListener('pointerup', onPointerUp);
      viewport.removeEventListener('pointercancel', onPointerCancel);
    },
  };
}
