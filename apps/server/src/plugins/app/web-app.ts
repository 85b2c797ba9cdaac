import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@presta/contract/error-codes';
import { routes, type RouteName } from '@presta/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { translate } from '../../i18n/messages';
import { compressOnce, loadFirstViewRenderer, type FirstViewRenderer, type RenderedFirstView } from './first-view';
import { inlineCodeCspBlocks, pageContentSecurityPolicy } from './security-headers';

const apiPrefixes = ['/api/', '/v3/', '/user-problem/', '/docs'];
const pagePaths = new Set<string>(Object.values(routes).filter((p) => p.startsWith('/')));
/** Vite's content-hashed build files (or their pre-compressed .br/.gz twins) can be cached for a year. */
const hashedFile = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?)(\.br|\.gz)?$/;

/** Written by the web build (apps/web/vite.config.ts): per route name ('*': any other path), what its page loads. */
const routePreloadsFile = 'route-preloads.json';
type RoutePreload = { js: string[]; css: string[] };

function readRoutePreloads(dist: string): Partial<Record<RouteName | '*', RoutePreload>> {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, routePreloadsFile), 'utf8')) as Partial<Record<RouteName | '*', RoutePreload>>;
  } catch {
    return {};
  }
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A page's chunk, the chunks it imports and its CSS, requested with the HTML
 * instead of after the entry has run. The CSS is only preloaded (not
 * render-blocking): the page's chunk inserts the stylesheets when it loads.
 */
function preloadLinks(preload: RoutePreload | undefined): string {
  if (!preload) return '';
  return [
    ...preload.js.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
    ...preload.css.map((href) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${attr(href)}">`),
  ].join('\n    ');
}

/** Where a first view goes in a page's HTML: #root's markup, the data block, the language. */
const rootElement = /<div id="root">[\s\S]*?<\/div><\/div>/;
const firstViewMarkup = '<!--presta-first-view-->';
const firstViewData = '<!--presta-first-view-data-->';

const moduleScriptTag = /\s*<script type="module"([^>]*)\ssrc="([^"]+)"[^>]*><\/script>/g;
const modulePreloadTag = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
const stylesheetTag = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g;

/** A build file's text for a <style> element, or undefined when it is not a file of the build. */
function styleText(dist: string, href: string): string | undefined {
  const file = path.join(dist, href);
  if (!file.startsWith(dist + path.sep) || !fs.existsSync(file)) return undefined;
  return fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style').trim();
}

/**
 * What a page sent with its first view loads after its first paint, in order:
 * its stylesheets' files as links that match no medium (the page's chunk finds
 * them there and does not add them again), the entry's own chunks as module
 * scripts (each evaluated in a task of its own), the page's chunks as module
 * preloads, the entry.
 */
type LateFile = ['css' | 'preload' | 'script', string];

/**
 * The script that asks for the page's code once the browser has shown the
 * server's markup: when the first contentful paint is reported (its time is
 * when the frame was shown, which can come after the frame was drawn), else
 * two frames later; at the latest after a second (a tab that paints no
 * frames). Allowed by its hash, as the page's other inline scripts.
 *
 * Each element is inserted in a task of its own (a message to itself: no
 * timer clamping), and the scripts run in the order inserted (`async = false`),
 * each in its own task: React, the early entry, antd's core and the app's
 * shared chunk evaluate one after the other with the browser free in between,
 * instead of one task evaluating the entry's whole graph (decision 020).
 */
function lateLoader(files: LateFile[]): string {
  const list = JSON.stringify(files).replace(/</g, '\\u003c');
  return (
    `<script>(function(){var files=${list},i=0,done=false,ch=new MessageChannel();` +
    `function insert(){var f=files[i++],e;if(f[0]==='script'){e=document.createElement('script');e.type='module';e.async=false;e.src=f[1];}else{e=document.createElement('link');e.rel=f[0]==='css'?'stylesheet':'modulepreload';if(f[0]==='css')e.media='not all';e.href=f[1];}e.crossOrigin='anonymous';document.head.appendChild(e);if(i<files.length)ch.port2.postMessage(0);}` +
    `ch.port1.onmessage=insert;` +
    `function load(){if(done)return;done=true;insert();}` +
    `function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(load,0);});});}` +
    `try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(load,0);}}).observe({type:'paint',buffered:true});}catch(e){frames();}` +
    `setTimeout(load,1000);})();</script>`
  );
}

/**
 * index.html ready for a first view (decision 020). The server's markup must
 * paint on its own, first: every stylesheet is in the HTML (the entry's and
 * the page's, a few KB gzip) instead of requests the paint would wait for, and
 * the scripts are asked for only after that paint (lateLoader), so that the
 * page's picture and text do not share the link with them. #root and the data
 * block are placeholders (the data block before every script). The policy
 * allows this page's own inline scripts by hash: the data block is not one
 * that runs.
 */
type FirstViewTemplate = { html: string; csp: string };

function firstViewTemplate(dist: string, indexHtml: string, preload: RoutePreload | undefined): FirstViewTemplate | undefined {
  if (!rootElement.test(indexHtml) || !indexHtml.includes('<script')) return undefined;
  const late: LateFile[] = [];
  let missing = false;
  let html = indexHtml
    .replace(moduleScriptTag, (_tag, attrs: string, src: string) => {
      // The early entry is imported by the main one, which runs it first: no tag of its own.
      if (!/\basync\b/.test(attrs)) late.push(['script', src]);
      return '';
    })
    .replace(modulePreloadTag, (_tag, href: string) => {
      late.push(['preload', href]);
      return '';
    })
    .replace(stylesheetTag, (_tag, href: string) => {
      const css = styleText(dist, href);
      if (css === undefined) missing = true;
      return `<style>${css ?? ''}</style>`;
    });
  const pageStyles: string[] = [];
  for (const href of preload?.css ?? []) {
    const css = styleText(dist, href);
    if (css === undefined) missing = true;
    pageStyles.push(`<style>${css ?? ''}</style>`);
  }
  if (missing || !late.some(([kind]) => kind === 'script')) return undefined;
  // The entry's own chunks (index.html's module preloads, imports first) run as scripts of their own, before the entry.
  const files: LateFile[] = [
    ...(preload?.css ?? []).map((href): LateFile => ['css', href]),
    ...late.filter(([kind]) => kind === 'preload').map(([, href]): LateFile => ['script', href]),
    ...(preload?.js ?? []).map((href): LateFile => ['preload', href]),
    ...late.filter(([kind]) => kind === 'script'),
  ];
  html = html
    .replace(rootElement, `<div id="root" data-first-view>${firstViewMarkup}</div>\n    ${lateLoader(files)}`)
    .replace('<script', `${firstViewData}\n    <script`)
    .replace('</head>', `  ${pageStyles.join('\n    ')}\n  </head>`);
  return { html, csp: pageContentSecurityPolicy(html) };
}

/** A page's HTML with its first view in it. */
function withFirstView(template: FirstViewTemplate, view: RenderedFirstView): string {
  return template.html
    .replace(/<html lang="[^"]*"/, `<html lang="${view.lang === 'en' ? 'en' : 'es'}"`)
    .replace(firstViewData, () => view.dataBlock)
    .replace(firstViewMarkup, () => view.html);
}

/**
 * A page's HTML, also compressed, and its Content Security Policy (its inline
 * scripts allowed by hash: security-headers.ts), built once at start-up.
 */
type PageHtml = { html: string; br: Buffer; gzip: Buffer; csp: string };

function pageHtml(html: string): PageHtml {
  return {
    html,
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(html, { level: 9 }),
    csp: pageContentSecurityPolicy(html),
  };
}

/** Every .html file under `dir` (recursively), by path. */
function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html')).map((f) => path.join(dir, f));
}

/** The encoding to answer with: br, else gzip, else none (q=0 refuses one). */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** The built app's pages, read once at start-up. */
type Pages = {
  /** index.html for each page path, with its page's preloads. */
  pages: Map<string, PageHtml>;
  /** index.html of a page path, ready for a first view (made on the path's first first view, then kept). */
  firstViewPage: (pagePath: string) => FirstViewTemplate | undefined;
  /** index.html for any other path. */
  otherPage: PageHtml;
  /** The promotion landing page, when built. */
  promoPage: PageHtml | undefined;
  /** The marketing site's pages, by path. */
  sitePages: Map<string, PageHtml>;
};

/** Serves the built web app: static files, and index.html (with the brand) for every page route. */
export default async function webApp(app: FastifyInstance, opts: { config: Config }) {
  const dist = opts.config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) await serveStaticFiles(app, dist);
  const site: Pages = {
    ...(built
      ? appPages(dist, indexFile, opts.config.brand)
      : { pages: new Map<string, PageHtml>(), firstViewPage: () => undefined, otherPage: pageHtml('') }),
    promoPage: promoPageOf(dist),
    sitePages: sitePagesOf(dist),
  };
  warnOfBlockedInlineCode(app, site);
  const firstView = built ? await loadFirstViewRenderer(app, opts.config) : undefined;
  app.get('/*', { schema: { hide: true } }, async (request, reply) =>
    servePage(request, reply, { site, built, demoTools: opts.config.demoTools, firstView }),
  );
}

/** The build's files as they are (hashed ones cached for a year); the HTML ones with the policy of their own inline scripts. */
async function serveStaticFiles(app: FastifyInstance, dist: string) {
  // The HTML files the static server may send as they are (e.g. the privacy notice the marketing home frames):
  // each with the policy of its own inline scripts.
  const staticHtmlCsp = new Map(htmlFiles(dist).map((file) => [file, pageContentSecurityPolicy(fs.readFileSync(file, 'utf8'))]));
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // The server's own input, not a page asset.
    allowedPath: (pathName) => !pathName.endsWith(`/${routePreloadsFile}`),
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header('cache-control', hashedFile.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      const csp = staticHtmlCsp.get(filePath.replace(/\.(br|gz)$/, ''));
      if (csp) res.header('content-security-policy', csp);
    },
  });
}

/** index.html with the brand, for each page path with its page's preloads, and for any other path. */
function appPages(dist: string, indexFile: string, brand: Config['brand']): Pick<Pages, 'pages' | 'firstViewPage' | 'otherPage'> {
  const brandScript = `<script>window.__PRESTA_BRAND__=${JSON.stringify(brand).replace(/</g, '\\u003c')}</script>`;
  const indexHtml = fs.readFileSync(indexFile, 'utf8').replace('<!--presta-brand-->', brandScript);
  const routePreloads = readRoutePreloads(dist);
  const variants = new Map<RoutePreload | undefined, PageHtml>();
  const withPreloads = (preload: RoutePreload | undefined): PageHtml => {
    let page = variants.get(preload);
    if (!page) {
      page = pageHtml(preload ? indexHtml.replace('</head>', `  ${preloadLinks(preload)}\n  </head>`) : indexHtml);
      variants.set(preload, page);
    }
    return page;
  };
  const pageRoutes = (Object.entries(routes) as [RouteName, string][]).filter(([, p]) => p.startsWith('/'));
  const pages = new Map(pageRoutes.map(([name, p]) => [p, withPreloads(routePreloads[name] ?? routePreloads['*'])]));
  const routeOfPath = new Map(pageRoutes.map(([name, p]) => [p, name]));
  const firstViewPages = new Map<string, FirstViewTemplate | undefined>();
  const firstViewPage = (pagePath: string) => {
    const name = routeOfPath.get(pagePath);
    if (!name) return undefined;
    if (!firstViewPages.has(pagePath)) firstViewPages.set(pagePath, firstViewTemplate(dist, indexHtml, routePreloads[name]));
    return firstViewPages.get(pagePath);
  };
  return { pages, firstViewPage, otherPage: withPreloads(routePreloads['*']) };
}

/** The promotion landing page: its own light build (apps/web/vite.promo.config.ts) in dist/promo. */
function promoPageOf(dist: string): PageHtml | undefined {
  const promoFile = path.join(dist, 'promo', 'index.html');
  return fs.existsSync(promoFile) ? pageHtml(fs.readFileSync(promoFile, 'utf8')) : undefined;
}

/** The marketing site: static pages prerendered at build time (apps/web/site → dist/site). */
function sitePagesOf(dist: string): Map<string, PageHtml> {
  const siteFiles: Record<string, string> = {
    [routes.home]: 'index.html',
    [routes.siteAbout]: 'About.html',
    [routes.siteUser]: 'User.html',
    [routes.siteContact]: 'Contact.html',
    [routes.sitePolicy]: 'Policy.html',
    [routes.siteLoanTerms]: 'Loan.html',
  };
  const sitePages = new Map<string, PageHtml>();
  for (const [pagePath, file] of Object.entries(siteFiles)) {
    // Spanish at the spec's paths, English under /en/ (docs/marketing-site.md).
    for (const [at, rel] of [
      [pagePath, file],
      [pagePath === '/' ? '/en/' : `/en${pagePath}`, `en/${file}`],
    ] as const) {
      const full = path.join(dist, 'site', rel);
      if (fs.existsSync(full)) sitePages.set(at, pageHtml(fs.readFileSync(full, 'utf8')));
    }
  }
  return sitePages;
}

/** Inline code no hash can allow (onclick=…, javascript:): the browser would block it. */
function warnOfBlockedInlineCode(app: FastifyInstance, { otherPage, sitePages, promoPage }: Pages) {
  const served: [string, string][] = [['index.html', otherPage.html], ...[...sitePages].map(([at, p]): [string, string] => [at, p.html])];
  if (promoPage) served.push(['/promo/', promoPage.html]);
  for (const [at, html] of served) {
    const blocked = inlineCodeCspBlocks(html);
    if (blocked.length > 0) app.log.warn({ page: at, blocked }, 'inline code that the Content-Security-Policy blocks');
  }
}

/** Any path no other route serves: a page (compressed when the browser takes it), or 404 under the API prefixes. */
type ServeOptions = { site: Pages; built: boolean; demoTools: boolean; firstView: FirstViewRenderer | undefined };

async function servePage(request: FastifyRequest, reply: FastifyReply, { site, built, demoTools, firstView }: ServeOptions) {
  const { pages, firstViewPage, otherPage, promoPage, sitePages } = site;
  const pathname = request.url.split('?')[0] ?? '/';
  if (apiPrefixes.some((p) => pathname.startsWith(p))) {
    return reply.status(404).send({ success: false, code: errorCodes.notFound, message: translate(request.lang, 'routeNotFound'), data: null });
  }
  if (!built) {
    return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
  }
  // The promotion page and the English site live in folders: their addresses without the slash lead there.
  if (pathname === '/promo' || (pathname === '/en' && sitePages.has('/en/'))) {
    const query = request.url.slice(pathname.length);
    return reply.redirect(`${pathname}/${query}`, 301);
  }
  const isPromo = pathname === '/promo/' && promoPage !== undefined;
  const sitePage = sitePages.get(pathname);
  // The test page exists only with the demo tools (never in production): otherwise the not-found page.
  const demoOnly = pathname === routes.testPreview && !demoTools;
  const known = isPromo || sitePage !== undefined || (pagePaths.has(pathname) && !demoOnly);
  const page = isPromo ? promoPage : (sitePage ?? (demoOnly ? undefined : pages.get(pathname)) ?? otherPage);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const rendered = firstView && page === pages.get(pathname) ? await firstView.render(request) : null;
  const template = rendered ? firstViewPage(pathname) : undefined;
  if (template && rendered) {
    // Made for this borrower: never stored, by the browser or anything in between.
    reply
      .status(200)
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', template.csp)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const html = withFirstView(template, rendered);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compressOnce(html, encoding));
  }
  reply
    .status(known ? 200 : 404)
    .header('cache-control', 'no-cache')
    .header('content-security-policy', page.csp)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}
