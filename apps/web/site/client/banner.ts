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

/** The banner's parts in the markup of site/pages/banner.tsx (any may be missing). */
type BannerParts = {
  track: HTMLElement | null;
  slides: HTMLElement[];
  dots: HTMLButtonElement[];
  toggle: HTMLButtonElement | null;
  prevButton: HTMLButtonElement | null;
  nextButton: HTMLButtonElement | null;
  /** Where a swipe is read: the viewport, else the root. */
  viewport: HTMLElement;
};

function bannerParts(root: HTMLElement): BannerParts {
  return {
    track: root.querySelector<HTMLElement>('[data-banner-track]'),
    slides: Array.from(root.querySelectorAll<HTMLElement>('[data-banner-slide]')),
    dots: Array.from(root.querySelectorAll<HTMLButtonElement>('[data-banner-dot]')),
    toggle: root.querySelector<HTMLButtonElement>('[data-banner-toggle]'),
    prevButton: root.querySelector<HTMLButtonElement>('[data-banner-prev]'),
    nextButton: root.querySelector<HTMLButtonElement>('[data-banner-next]'),
    viewport: root.querySelector<HTMLElement>('[data-banner-viewport]') ?? root,
  };
}

/** Shows slide `index`: the others hidden, its dot current, the track moved, the pause button's state and label. */
function renderBanner({ slides, dots, track, toggle }: BannerParts, index: number, playing: boolean, reducedMotion: boolean) {
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

type Listen = <K extends keyof DocumentEventMap>(target: EventTarget | null, type: K, handler: (event: DocumentEventMap[K]) => void) => void;

/** Event listeners added one by one and removed all at once (destroy). */
function listenerSet(): { on: Listen; removeAll: () => void } {
  const removers: (() => void)[] = [];
  return {
    on: (target, type, handler) => {
      if (!target) return;
      const listener = handler as EventListener;
      target.addEventListener(type, listener);
      removers.push(() => target.removeEventListener(type, listener));
    },
    removeAll: () => {
      for (const remove of removers.splice(0)) remove();
    },
  };
}

/** A horizontal swipe on `area` of at least `threshold` px, more across than down: 1 to go forward (leftwards), -1 back. */
function listenForSwipe(on: Listen, area: HTMLElement, threshold: number, swiped: (direction: 1 | -1) => void) {
  let start: { x: number; y: number } | null = null;
  on(area, 'pointerdown', (event) => {
    if (event.isPrimary === false) return;
    start = { x: event.clientX, y: event.clientY };
  });
  on(area, 'pointerup', (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return;
    swiped(dx < 0 ? 1 : -1);
  });
  on(area, 'pointercancel', () => {
    start = null;
  });
}

/** Pauses while a mouse is over the root or the focus is inside it: `changed` is told each time. */
function listenForAttention(on: Listen, root: HTMLElement, changed: (attention: { hovered: boolean; focused: boolean }) => void) {
  const attention = { hovered: false, focused: false };
  const set = (key: 'hovered' | 'focused', value: boolean) => {
    attention[key] = value;
    changed(attention);
  };
  on(root, 'pointerenter', (event) => {
    if (event.pointerType === 'mouse') set('hovered', true);
  });
  on(root, 'pointerleave', (event) => {
    if (event.pointerType === 'mouse') set('hovered', false);
  });
  on(root, 'focusin', () => set('focused', true));
  on(root, 'focusout', (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    set('focused', false);
  });
}

/** The rotation: `advance` every `interval` ms while `canRun()` holds; schedule() restarts the wait. */
function rotationTimer(interval: number, canRun: () => boolean, advance: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    stop();
    if (!canRun()) return;
    timer = setTimeout(() => {
      timer = undefined;
      advance();
      schedule();
    }, interval);
  };
  return { schedule, stop, running: () => timer !== undefined };
}

export function createBanner(root: HTMLElement, options: BannerOptions = {}): Banner {
  const doc = root.ownerDocument;
  const interval = options.interval ?? (Number(root.dataset.interval) || defaultBannerInterval);
  const parts = bannerParts(root);
  const { slides, dots } = parts;
  const reducedMotion = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const { on, removeAll } = listenerSet();

  let index = Math.max(0, slides.findIndex((slide) => slide.getAttribute('aria-hidden') !== 'true'));
  let playing = !reducedMotion && slides.length > 1;
  let attention = { hovered: false, focused: false };

  const render = () => renderBanner(parts, index, playing, reducedMotion);
  const canRotate = () => playing && !attention.hovered && !attention.focused && !doc.hidden && slides.length >= 2;
  const rotation = rotationTimer(interval, canRotate, () => show(index + 1));
  const { schedule } = rotation;

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
  const onToggle = () => {
    playing = !playing;
    render();
    schedule();
  };

  on(parts.prevButton, 'click', onPrevious);
  on(parts.nextButton, 'click', onNext);
  dots.forEach((dot, i) => on(dot, 'click', () => step(i)));
  on(parts.toggle, 'click', onToggle);
  on(doc, 'visibilitychange', schedule);
  listenForAttention(on, root, (now) => {
    attention = now;
    schedule();
  });
  listenForSwipe(on, parts.viewport, options.swipeThreshold ?? 40, (direction) => step(index + direction));

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
      return rotation.running();
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
      rotation.stop();
      removeAll();
    },
  };
}
