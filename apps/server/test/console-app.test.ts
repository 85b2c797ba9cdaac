import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleNoncePlaceholder } from '../src/plugins/app/console-app';
import { buildTestApp, type TestApp } from './helpers';

/*
 * The console's page (issue 17): its build served under /console with a strict Content Security Policy and a fresh
 * nonce on every answer (the build's placeholder replaced in every tag), never stored, never framed.
 */

const index = `<!doctype html><html><head><meta property="csp-nonce" nonce="${consoleNoncePlaceholder}">
<script type="module" crossorigin src="/console/assets/index-Abcdefgh.js" nonce="${consoleNoncePlaceholder}"></script>
<link rel="stylesheet" crossorigin href="/console/assets/index-Abcdefgh.css" nonce="${consoleNoncePlaceholder}"></head><body><div id="root"></div></body></html>`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'presta-console-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), index);
  fs.writeFileSync(path.join(dist, 'assets/index-Abcdefgh.js'), 'console.log(1)');
  t = await buildTestApp({ consoleDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const nonceOf = (csp: string) => /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];

describe('the console page', () => {
  it.each(['/console', '/console/', '/console/review', '/console/loans/PR0000000000000001', '/console/set-up'])('%s: the page with a fresh nonce in every tag and in its policy', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    const nonce = nonceOf(csp);
    expect(nonce).toBeDefined();
    expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    for (const directive of ["default-src 'self'", "script-src-attr 'none'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "connect-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.body).not.toContain(consoleNoncePlaceholder);
    expect(res.body.match(new RegExp(`nonce="${nonce!.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(3);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('every answer has a nonce of its own', async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) nonces.add(nonceOf(String((await t.app.inject({ method: 'GET', url: '/console/' })).headers['content-security-policy'])));
    expect(nonces.size).toBe(5);
  });

  it('its files from the build, cached for a year when hashed; a missing one is 404, not the page', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/console/assets/index-Abcdefgh.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/console/assets/nothing-Abcdefgh.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });

  it('an unknown console call is a JSON 404, never the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: '404001' });
  });
});

describe('without a console build', () => {
  it('answers 503 saying how to build it', async () => {
    const bare = await buildTestApp({ consoleDistDir: path.join(dist, 'absent') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/console/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
