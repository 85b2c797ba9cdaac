import { startPromoPage } from './promo-page';

// The promotion landing page's entry (promo/index.html, vite.promo.config.ts).
startPromoPage();
