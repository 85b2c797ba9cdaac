// Builds the web app (the SPA, the promotion landing page, apps/web/vite.promo.config.ts,
// and the prerendered marketing site, apps/web/vite.site.config.ts) and the back office's console
// (apps/console), each when its sources are newer than its last build.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each build: its workspace, its sources, one page of each of its outputs. */
const builds = [
  {
    workspace: '@presta/web',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite.ssr.config.ts',
      'apps/web/promo',
      'apps/web/vite.promo.config.ts',
      'apps/web/site',
      'apps/web/vite.site.config.ts',
      'apps/web/package.json',
      'packages/contract/src',
    ],
    // The SPA's, its server build's (decision 020), the promotion page's and the marketing site's (built in that order).
    pages: ['apps/web/dist/index.html', 'apps/web/dist-ssr/server-entry.js', 'apps/web/dist/promo/index.html', 'apps/web/dist/site/index.html'],
  },
  {
    workspace: '@presta/console',
    sources: ['apps/console/src', 'apps/console/index.html', 'apps/console/vite.config.ts', 'apps/console/package.json', 'packages/contract/src'],
    pages: ['apps/console/dist/index.html'],
  },
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

function needed(build) {
  const pages = build.pages.map((p) => path.join(root, p));
  if (!pages.every((p) => fs.existsSync(p))) return true;
  const builtAt = Math.min(...pages.map((p) => fs.statSync(p).mtimeMs));
  return build.sources.some((s) => newest(path.join(root, s)) > builtAt);
}

export function webBuildNeeded() {
  return builds.some(needed);
}

export function buildWeb({ force = false } = {}) {
  for (const build of builds) {
    if (!force && !needed(build)) continue;
    console.log(`Building ${build.workspace}…`);
    // Always a production build: started from a test (NODE_ENV=test under Vitest), Vite and React would otherwise
    // make a development build (jsxDEV, antd's test ids) that the next e2e run would serve.
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error(`${build.workspace} build failed`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWeb({ force: process.argv.includes('--force') });
