import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keyboard and focus rules of a modal dialog (WAI-ARIA dialog pattern), for
 * ModalDialog, which every modal of the app is built on:
 *
 * - on open the focus moves into the dialog (the dialog element itself, which
 *   is named by its title, so assistive tech reads the title first);
 * - while it is open the page behind is `inert` (no Tab stop, no click, hidden
 *   from assistive tech), and Tab / Shift+Tab go round the dialog's own
 *   controls, from the last back to the first and the other way;
 * - Escape closes it when closing is allowed (`onEscape` given), wherever the
 *   focus is;
 * - on close the focus goes back to what opened it; a dialog the page opened
 *   by itself (no opener, or the opener is gone) leaves the focus on the
 *   page's heading, never on the document body.
 *
 * The dialog must be rendered in a direct child of <body> (ModalDialog's
 * popup is portalled there), so that everything else can be made inert.
 * Dialogs may stack (a dialog opened from a dialog): only the top one traps
 * the focus and hears Escape. Live regions (the toasts) are never made inert,
 * so a message shown while a dialog is open is still read out.
 */
export function useModalFocus(dialogRef: RefObject<HTMLElement | null>, options: { active: boolean; onEscape?: () => void }) {
  const { active } = options;
  const onEscape = useRef(options.onEscape);
  useLayoutEffect(() => {
    onEscape.current = options.onEscape;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!active || !dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const entry: OpenDialog = { dialog, layer: topLayerOf(dialog) };
    openDialogs.push(entry);
    applyInert();
    dialog.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== entry || event.defaultPrevented) return;
      if (event.key === 'Escape' || event.key === 'Esc') {
        if (!onEscape.current) return;
        event.preventDefault();
        event.stopPropagation();
        onEscape.current();
      } else if (event.key === 'Tab') {
        cycleFocus(dialog, event);
      }
    };
    // The focus can still be moved from outside (a script, a click on something the mask does not cover): bring it back.
    const onFocusIn = (event: FocusEvent) => {
      if (openDialogs[openDialogs.length - 1] !== entry) return;
      const target = event.target;
      if (target instanceof Node && !dialog.contains(target) && !isLiveRegion(target)) dialog.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      const at = openDialogs.indexOf(entry);
      if (at >= 0) openDialogs.splice(at, 1);
      applyInert();
      const wasInside = !document.activeElement || document.activeElement === document.body || dialog.contains(document.activeElement);
      if (!wasInside) return; // the borrower already moved on (e.g. a link inside opened another page)
      // After the dialog is gone from the page (this cleanup runs before React removes it).
      queueMicrotask(() => restoreFocus(opener));
    };
  }, [active, dialogRef]);
}

type OpenDialog = { dialog: HTMLElement; layer: Element };

/** The dialogs open now, bottom first. */
const openDialogs: OpenDialog[] = [];
/** The elements this module made inert (and only those are made active again). */
const madeInert = new Set<Element>();

function topLayerOf(dialog: HTMLElement): Element {
  let layer: Element = dialog;
  while (layer.parentElement && layer.parentElement !== document.body) layer = layer.parentElement;
  return layer;
}

function isLiveRegion(node: Node): boolean {
  const element = node instanceof Element ? node : node.parentElement;
  return Boolean(element?.closest('[aria-live], [role="status"], [role="alert"]'));
}

/** Everything in <body> but the top dialog's layer and live regions is inert while a dialog is open. */
function applyInert() {
  const top = openDialogs[openDialogs.length - 1];
  const wanted = new Set<Element>();
  if (top) {
    for (const child of Array.from(document.body.children)) {
      if (child === top.layer || isLiveRegion(child) || child.tagName === 'SCRIPT' || child.tagName === 'STYLE') continue;
      wanted.add(child);
    }
  }
  for (const element of madeInert) {
    if (!wanted.has(element)) {
      element.removeAttribute('inert');
      madeInert.delete(element);
    }
  }
  for (const element of wanted) {
    if (madeInert.has(element) || element.hasAttribute('inert')) continue;
    element.setAttribute('inert', '');
    madeInert.add(element);
  }
}

const tabbableSelector = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** The dialog's controls that Tab stops at, in order: focusable, not tabindex=-1, not hidden. */
export function tabbablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(tabbableSelector)).filter((element) => {
    if (element.tabIndex < 0 || element.closest('[inert]')) return false;
    // A radio group is one stop: the checked radio, else the first of its name.
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const group = Array.from(root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(element.name)}"]`));
      const stop = group.find((radio) => radio.checked) ?? group[0];
      if (stop !== element) return false;
    }
    return isRendered(element);
  });
}

function isRendered(element: HTMLElement): boolean {
  if (element.hidden || element.closest('[hidden]')) return false;
  const style = getComputedStyle(element);
  if (style.visibility === 'hidden' || style.display === 'none') return false;
  // jsdom lays nothing out (no client rects): trust the styles there.
  return element.getClientRects().length > 0 || (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent));
}

function cycleFocus(dialog: HTMLElement, event: KeyboardEvent) {
  const stops = tabbablesIn(dialog);
  const active = document.activeElement;
  if (stops.length === 0) {
    event.preventDefault();
    dialog.focus({ preventScroll: true });
    return;
  }
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const inside = active instanceof HTMLElement && dialog.contains(active);
  if (event.shiftKey) {
    if (!inside || active === first || active === dialog) {
      event.preventDefault();
      last.focus();
    }
  } else if (!inside || active === last) {
    event.preventDefault();
    first.focus();
  } else if (active === dialog) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Back to the opener when it can still take the focus; else to the dialog
 * still open under it, or to the page's heading (or its main landmark).
 */
function restoreFocus(opener: HTMLElement | null) {
  const top = openDialogs[openDialogs.length - 1];
  // A dialog that opened as this one closed (thanks after a rating) already has the focus.
  if (top && document.activeElement instanceof Node && top.dialog.contains(document.activeElement)) return;
  if (opener && opener.isConnected && !opener.closest('[inert]') && !(opener as HTMLButtonElement).disabled && (!top || top.dialog.contains(opener))) {
    opener.focus({ preventScroll: true });
    if (document.activeElement === opener) return;
  }
  if (top) {
    top.dialog.focus({ preventScroll: true });
    return;
  }
  const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
