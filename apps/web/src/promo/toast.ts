/** §4, §9: a toast hides itself after 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export type Toaster = {
  /** Shows one message (replacing the one on screen); `lang` marks text in another language than the page. */
  show(text: string, options?: { lang?: string; durationMs?: number }): void;
  clear(): void;
};

/**
 * The page's toast: one bubble at a time inside a polite live region that is in
 * the static HTML (role=status, aria-live=polite), so screen readers read each
 * message, a repeated one too (every message is a new node).
 */
export function createToaster(region: HTMLElement): Toaster {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
    region.replaceChildren();
  };

  return {
    show(text, { lang, durationMs = TOAST_DURATION_MS } = {}) {
      if (!text) return;
      clear();
      const bubble = region.ownerDocument.createElement('div');
      bubble.className = 'promo-toast-bubble';
      if (lang) bubble.lang = lang;
      bubble.textContent = text;
      region.appendChild(bubble);
      timer = setTimeout(clear, durationMs);
    },
    clear,
  };
}
