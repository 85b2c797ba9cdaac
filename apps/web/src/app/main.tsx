// First: when the early script has not run yet, it runs now, before any page asks for its data.
import '@/app/early';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import '@/app/global.css';
import { App } from '@/app/app';
import { preloadOverlaysSoon } from '@/app/preload-overlays';
import { preloadPage } from '@/app/router';
import { applyBrandTheme } from '@/shared/brand/brand';
import { firstView } from '@/shared/http/first-view';
import { initLanguage } from '@/shared/i18n/language-store';

const lang = initLanguage();
applyBrandTheme();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * The server rendered this page's first view (first-view.ts): the client
 * renders the same first tree and keeps the server's markup. Not when the
 * borrower's stored language differs from the one the server rendered in
 * (no `language` in the address): the client then draws the page itself.
 */
const view = firstView();
const hydrating = view !== null && container.dataset.firstView !== undefined && view.lang === lang;

/** A hydration that could not keep the server's markup (React draws it again): the e2e tests fail on this line. */
function reportRecoverable(error: unknown) {
  console.error('presta: the server-rendered page could not be hydrated', error);
}

// The page's chunk is preloaded with the HTML: wait for it, so the first render is the page.
void preloadPage(location.pathname).then(() => {
  // A transition: React renders (or hydrates) that first tree in slices, letting the browser paint and handle input in between.
  if (hydrating) {
    startTransition(() => {
      hydrateRoot(container, <App />, { onRecoverableError: reportRecoverable });
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(<App />));
});
preloadOverlaysSoon();
