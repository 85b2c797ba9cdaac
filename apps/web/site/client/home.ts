// The home page's only script: the banner (site/client/banner.ts).
import { createBanner } from './banner';

const banner = document.querySelector<HTMLElement>('[data-banner]');
if (banner) createBanner(banner);
