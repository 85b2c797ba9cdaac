import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defaultBrand } from '@presta/contract/brand';
import { formatMarketMoney, markets } from '@presta/contract/markets';
import { annualCostSentence } from '@/shared/format/annual-cost-text';
import { describe, expect, it } from 'vitest';
import { loanTerms } from '@/legal/loan-terms';
import { privacyNotice } from '@/legal/privacy-notice';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { siteMessages, type SiteLanguage } from './messages';
import { renderPrivacyFrame, renderSite, renderSitePage, siteLanguages } from './render';
import { siteConfig } from './site-config';
import { pageFile, pagePath, sitePageIds, type SitePageId } from './site-pages';

const assets = { css: '', scripts: { home: ['/site/assets/site-home.js'], contact: ['/site/assets/site-contact.js'] } };
const config = siteConfig(new Date('2026-11-22T12:00:00Z'));

function parse(page: SitePageId, lang: SiteLanguage): Document {
  const html = renderSitePage(page, lang, { css: '', scripts: assets.scripts[page as 'home'] ?? [] }, config);
  expect(html.startsWith('<!doctype html>')).toBe(true);
  return new DOMParser().parseFromString(html, 'text/html');
}

function expectedHeading(page: SitePageId, lang: SiteLanguage): string {
  if (page === 'policy') return privacyNotice[lang].title;
  if (page === 'loan') return loanTerms[lang].title;
  return siteMessages[lang].pages[page].heading;
}

const cases = siteLanguages.flatMap((lang) => sitePageIds.map((page) => [page, lang] as const));

describe('prerendered marketing pages', () => {
  it.each(cases)('%s (%s) has its title, description, language, preview tags and one h1', (page, lang) => {
    const doc = parse(page, lang);
    const texts = siteMessages[lang].pages[page];
    expect(doc.documentElement.lang).toBe(lang);
    expect(doc.title).toBe(texts.title);
    const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name="description"]')).toBe(texts.description);
    expect(meta('meta[property="og:title"]')).toBe(texts.title);
    expect(meta('meta[property="og:description"]')).toBe(texts.description);
    expect(meta('meta[property="og:url"]')).toBe(`https://presta.example${pagePath(page, lang)}`);
    expect(meta('meta[property="og:image"]')).toBe('https://presta.example/site/og-image.png');
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
    expect(meta('meta[property="og:image:alt"]')).toBe(siteMessages[lang].ogImageAlt);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:image"]')).toBe('https://presta.example/site/og-image.png');
    expect(meta('meta[name="viewport"]')).toContain('width=device-width');
    const h1s = doc.querySelectorAll('h1');
    expect(h1s).toHaveLength(1);
    expect(h1s[0]!.textContent).toBe(expectedHeading(page, lang));
  });

  it.each(cases)('%s (%s) has a skip link, landmarks, the nav and the footer from configuration', (page, lang) => {
    const doc = parse(page, lang);
    const t = siteMessages[lang];
    const skip = doc.querySelector('body > a.skip-link')!;
    expect(skip.getAttribute('href')).toBe('#main');
    expect(doc.querySelector('main#main')).not.toBeNull();
    expect(doc.querySelector('header')).not.toBeNull();
    // The site's navigation (the footer's store links are a navigation of their own, issue 14).
    const navLinks = Array.from(doc.querySelectorAll('header nav a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(navLinks).toEqual([
      [t.nav.home, pagePath('home', lang)],
      [t.nav.about, pagePath('about', lang)],
      [t.nav.policy, pagePath('policy', lang)],
      [t.nav.loan, pagePath('loan', lang)],
      [t.nav.contact, pagePath('contact', lang)],
    ]);
    // /User is not in the nav (spec §2 lists five entries).
    expect(doc.querySelector('nav a[aria-current="page"]')?.getAttribute('href')).toBe(page === 'user' ? undefined : pagePath(page, lang));
    const footer = doc.querySelector('footer')!.textContent;
    for (const text of [defaultBrand.companyName, defaultBrand.servicePhone, defaultBrand.serviceEmail, defaultBrand.companyAddress, '© 2026']) {
      expect(footer).toContain(text);
    }
    // Issue 12: each market's lender and contacts (India's too), and no "S.A. de C.V.." where a sentence ends.
    for (const text of [markets.IN.legalEntity.name, markets.IN.legalEntity.address, markets.IN.support.phone, markets.IN.support.email]) {
      expect(footer).toContain(text);
    }
    expect(footer).toContain(`© 2026 ${defaultBrand.companyName} ${t.footer.rights}`);
    expect(footer).not.toMatch(/C\.V\.\./);
  });

  it('ships scripts only on the interactive pages', () => {
    for (const lang of siteLanguages) {
      for (const page of sitePageIds) {
        const scripts = Array.from(parse(page, lang).querySelectorAll('script')).map((s) => s.getAttribute('src'));
        expect(scripts).toEqual(assets.scripts[page as 'home'] ?? []);
      }
    }
  });

  it('puts the banner, with its 3000 ms interval, and the lazy privacy frame on the home page', () => {
    const es = parse('home', 'es');
    expect(es.querySelector('[data-banner]')!.getAttribute('data-interval')).toBe('3000');
    expect(es.querySelectorAll('[data-banner-slide]')).toHaveLength(3);
    const frame = es.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/site/privacy-frame.html');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('title')).toBe(siteMessages.es.home.privacyFrameTitle);
    expect(es.querySelector('.privacy-frame a')!.getAttribute('href')).toBe('/Policy');
    const en = parse('home', 'en');
    expect(en.querySelector('iframe')!.getAttribute('src')).toBe('/site/en/privacy-frame.html');
    expect(en.querySelector('.privacy-frame a')!.getAttribute('href')).toBe('/en/Policy');
  });

  it('advertises the representative loan on the home page with its CAT beside it: without IVA, for information and comparison, the day it was computed (issue 13)', () => {
    for (const lang of siteLanguages) {
      const block = parse('home', lang).querySelector('[data-price]')!;
      const e = config.representativeExample;
      const text = block.textContent;
      for (const figure of [formatMarketMoney(e.amount, 'MX'), formatMarketMoney(e.total, 'MX'), e.dailyRate, e.commissionRate]) expect(text).toContain(figure);
      const cat = block.querySelector('[data-annual-cost="CAT"]')!.textContent;
      expect(cat).toBe(annualCostSentence(e.annualCost, lang));
      expect(cat).toContain(e.annualCost.rate);
      expect(cat).toContain(lang === 'es' ? 'sin IVA. Para fines informativos y de comparación. Calculado el 2026-11-22.' : 'without VAT (IVA). For information and comparison purposes. Computed on 2026-11-22.');
    }
  });

  it.each(cases)('%s (%s): wherever a price is stated (an amount or a rate), its CAT stands beside it (issue 13)', (page, lang) => {
    // The loan terms (/Loan) are the Indian market's legal text (decision 014): Banxico's CAT rule is Mexico's.
    if (page === 'loan') return;
    const main = parse(page, lang).querySelector('main')!;
    const walker = main.ownerDocument.createTreeWalker(main, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!/[$₹]\s?\d|\d+(?:[.,]\d+)?\s?%/.test(node.textContent ?? '')) continue;
      const block = node.parentElement!.closest('[data-price]');
      expect(block, `"${node.textContent}" states a price without its CAT`).not.toBeNull();
      expect(block!.querySelector('[data-annual-cost="CAT"]')).not.toBeNull();
    }
  });

  it('renders the privacy frame as the whole notice alone: its language, no script, no nav, kept out of search', () => {
    for (const lang of siteLanguages) {
      const html = renderPrivacyFrame(lang, 'body{}');
      const doc = new DOMParser().parseFromString(html, 'text/html');
      expect(doc.documentElement.lang).toBe(lang);
      expect(doc.title).toBe(privacyNotice[lang].title);
      expect(doc.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex');
      expect(doc.querySelectorAll('script, nav, header.site-header, footer')).toHaveLength(0);
      expect(doc.querySelector('h1')!.textContent).toBe(privacyNotice[lang].title);
      const text = doc.body.textContent;
      for (const section of privacyNotice[lang].sections) expect(text).toContain(section.heading);
      expect(doc.querySelector('style')!.textContent).toBe('body{}');
    }
  });

  it('renders the privacy notice and the loan terms in full on /Policy and /Loan', () => {
    for (const lang of siteLanguages) {
      const policy = parse('policy', lang).querySelector('main')!.textContent;
      const loan = parse('loan', lang).querySelector('main')!.textContent;
      for (const section of privacyNotice[lang].sections) expect(policy).toContain(section.heading);
      for (const section of loanTerms[lang].sections) expect(loan).toContain(section.heading);
    }
  });

  it('links each page to its other-language version', () => {
    const doc = parse('about', 'es');
    expect(doc.querySelector('.site-lang')!.getAttribute('href')).toBe('/en/About');
    expect(parse('about', 'en').querySelector('.site-lang')!.getAttribute('href')).toBe('/About');
  });

  it('links every page to the borrower’s sign-in in its language (issue 16)', () => {
    const es = parse('about', 'es').querySelector('header a.site-sign-in')!;
    expect([es.textContent, es.getAttribute('href')]).toEqual(['Iniciar sesión', '/login?language=2']);
    const en = parse('home', 'en').querySelector('header a.site-sign-in')!;
    expect([en.textContent, en.getAttribute('href')]).toEqual(['Sign in', '/login?language=1']);
  });

  it('writes one file per page and language, at the names the server serves', () => {
    expect(renderSite(assets, config).map((p) => p.fileName)).toEqual([
      'index.html',
      'About.html',
      'User.html',
      'Contact.html',
      'Policy.html',
      'Loan.html',
      'privacy-frame.html',
      'en/index.html',
      'en/About.html',
      'en/User.html',
      'en/Contact.html',
      'en/Policy.html',
      'en/Loan.html',
      'en/privacy-frame.html',
    ]);
  });

  it.each(cases)('%s (%s) has no serious accessibility violations', async (page, lang) => {
    const doc = parse(page, lang);
    document.documentElement.setAttribute('lang', doc.documentElement.lang);
    document.head.innerHTML = doc.head.innerHTML;
    document.body.innerHTML = doc.body.innerHTML;
    // jsdom loads no frames; axe would wait for the privacy frame.
    document.querySelectorAll('iframe').forEach((frame) => frame.remove());
    expect(await seriousA11yViolations(document.documentElement)).toEqual([]);
  });
});

/** Checks on the real build output, when `npm run build -w @presta/web` has run. */
const distDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/site');
const built = fs.existsSync(path.join(distDir, 'index.html'));

describe.skipIf(!built)('built marketing site (dist/site)', () => {
  const scriptsOf = (file: string) =>
    Array.from(fs.readFileSync(path.join(distDir, file), 'utf8').matchAll(/<script[^>]*src="\/site\/([^"]+)"/g)).map((m) => m[1]!);

  it('has every page', () => {
    for (const lang of siteLanguages) for (const page of sitePageIds) expect(fs.existsSync(path.join(distDir, pageFile(page, lang)))).toBe(true);
  });

  it("ships at most 30 KB of gzipped JavaScript on '/', with no React", () => {
    const scripts = scriptsOf('index.html');
    expect(scripts.length).toBeGreaterThan(0);
    let gzipped = 0;
    for (const script of scripts) {
      const code = fs.readFileSync(path.join(distDir, script));
      expect(code.toString()).not.toMatch(/react/i);
      gzipped += zlib.gzipSync(code, { level: 9 }).length;
    }
    expect(gzipped).toBeLessThanOrEqual(30 * 1024);
  });

  it('ships no script on the pages without behaviour', () => {
    for (const page of ['About.html', 'User.html', 'Policy.html', 'Loan.html']) expect(scriptsOf(page)).toEqual([]);
  });
});
