// First: when the early script has not run yet, it runs now, before any page asks for its data.
import '@/app/early';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import '@/app/global.css';
import { Providers } from '@/app/providers';
import { preloadOverlaysSoon } from '@/app/preload-overlays';
import { AppRoutes, preloadPage } from '@/app/router';
import { applyBrandTheme } from '@/shared/brand/brand';
import { initLanguage } from '@/shared/i18n/language-store';

initLanguage();
applyBrandTheme();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>
);

// The page's chunk is preloaded with the HTML: wait for it, so the first render is the page.
// A transition: React renders that first tree in slices, letting the browser paint and handle input in between.
const root = createRoot(container);
void preloadPage(location.pathname).then(() => startTransition(() => root.render(app)));
preloadOverlaysSoon();
