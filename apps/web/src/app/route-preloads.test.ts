import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeModules } from './route-modules';

/**
 * The build's dist/route-preloads.json (vite.config.ts), which the server turns
 * into modulepreload / preload links: a file it names that is not in the build
 * would be a request answered 404 on every page load. Checked when a build exists
 * (npm test builds the web app first).
 */
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const preloadsFile = path.join(dist, 'route-preloads.json');
const built = fs.existsSync(preloadsFile);

describe.skipIf(!built)('dist/route-preloads.json', () => {
  const read = () => JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Record<string, { js: string[]; css: string[] }>;

  it('names only files of the build', () => {
    const named = [...new Set(Object.values(read()).flatMap((p) => [...p.js, ...p.css]))];
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((href) => !fs.existsSync(path.join(dist, href)))).toEqual([]);
  });

  it('has every route of route-modules.ts', () => {
    expect(Object.keys(read()).sort()).toEqual([...new Set(routeModules.map((r) => r.route))].sort());
  });

  it('index.html names only files of the build', () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const named = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((href) => !fs.existsSync(path.join(dist, href)))).toEqual([]);
  });
});
