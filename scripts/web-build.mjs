// Builds the web app (the SPA, the promotion landing page, apps/web/vite.promo.config.ts,
// and the prerendered marketing site, apps/web/vite.site.config.ts)
// when its sources are newer than the last build.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/promo',
  'apps/web/vite.promo.config.ts',
  'apps/web/site',
  'apps/web/vite.site.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
];
/** One page of each build: the SPA's, the promotion page's and the marketing site's (built in that order). */
const builtPages = ['apps/web/dist/index.html', 'apps/web/dist/promo/index.html', 'apps/web/dist/site/index.html'].map((p) => path.join(root, p));

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

export function webBuildNeeded() {
  if (!builtPages.every((p) => fs.existsSync(p))) return true;
  const builtAt = Math.min(...builtPages.map((p) => fs.statSync(p).mtimeMs));
  return sources.some((s) => newest(path.join(root, s)) > builtAt);
}

export function buildWeb({ force = false } = {}) {
  if (!force && !webBuildNeeded()) return;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@presta/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWeb({ force: process.argv.includes('--force') });
