import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { accountSessions, accountSignOut, accountSignOutEverywhere, accountSessionRevoke } from '@presta/contract/api/account';
import { sessions } from '../src/db/schema';
import { hashSessionId, openSession } from '../src/modules/session/session-service';
import { buildTestApp, createBorrower, dataOf, wrapper, type TestApp } from './helpers';

/*
 * Sessions (issue 16, decision 017): the list, sign out (this one, all, one by its handle), the browser's
 * cookie and last seen. Two API processes on one database with their caches on: a session revoked on one is
 * refused by the other from its next call (the change feed's notice); a third with caches off reads the
 * database on every call.
 */

let a: TestApp;
let b: TestApp;
let c: TestApp;

const waitListening = async (t: TestApp) => {
  for (let i = 0; i < 250 && !t.app.repos.sessions.cache.enabled; i++) await new Promise((r) => setTimeout(r, 20));
  if (!t.app.repos.sessions.cache.enabled) throw new Error('the change feed did not start listening');
};

beforeAll(async () => {
  [a, b, c] = await Promise.all([buildTestApp({ cacheTtlMs: 3_600_000 }), buildTestApp({ cacheTtlMs: 3_600_000 }), buildTestApp()]);
  await Promise.all([waitListening(a), waitListening(b)]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close(), c.close()]);
});

const paths = {
  signOut: '/v3/account/sign-out',
  everywhere: '/v3/account/sign-out-everywhere',
  sessions: '/v3/account/sessions',
  revoke: '/v3/account/session-revoke',
};

type Call = { swift?: string; cookie?: string; headers?: Record<string, string> };
const call = (t: TestApp, url: string, who: Call, payload: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    query: who.swift ? { swift: who.swift } : {},
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(who.cookie ? { cookie: `presta_session=${who.cookie}` } : {}),
      ...(who.headers ?? {}),
    },
    payload: new URLSearchParams(payload).toString(),
  });

const listOf = async (t: TestApp, who: Call) => dataOf(await call(t, paths.sessions, who), accountSessions).sessions;

/** A borrower with two sessions: a phone's (app) and a browser's (web). */
async function borrowerWithSessions() {
  const borrower = await createBorrower(a.db);
  const open = (device: { deviceName: string; os: string; client: 'app' | 'web' }, now?: Date) =>
    openSession(a.db, { borrowerId: borrower.id, ttlHours: 72, ...device, ...(now ? { now } : {}) });
  const phone = await open({ deviceName: 'Pixel 8', os: 'Android 14', client: 'app' }, new Date(Date.now() - 60_000));
  const browser = await open({ deviceName: 'Safari', os: 'iOS 17.2', client: 'web' });
  return { borrower, phone, browser };
}

/** The session's call answers 200 on every process, so each has it cached (a, b) or read (c). */
async function usedEverywhere(sessionId: string) {
  expect((await call(c, paths.sessions, { swift: sessionId })).statusCode).toBe(200);
  // A read that an unrelated announcement overtook is not kept (lib/versioned-cache.ts): call until it is.
  for (const t of [a, b]) {
    await expect
      .poll(async () => (await call(t, paths.sessions, { swift: sessionId })).statusCode === 200 && t.app.repos.sessions.cache.get(sessionId) !== undefined, {
        timeout: 5_000,
        interval: 20,
      })
      .toBe(true);
  }
}

/** Refused on the other processes: at once with no cache, and within the change feed's notice with one. */
async function refusedElsewhere(sessionId: string) {
  const refused = await call(c, paths.sessions, { swift: sessionId });
  expect(refused.statusCode).toBe(401);
  expect(wrapper(refused).code).toBe('401001');
  await expect.poll(async () => (await call(b, paths.sessions, { swift: sessionId })).statusCode, { timeout: 2_000, interval: 10 }).toBe(401);
  expect((await call(a, paths.sessions, { swift: sessionId })).statusCode).toBe(401);
}

describe('the API document', () => {
  it('has the sign-in and session calls, so the hostile-input property test covers them', () => {
    const doc = c.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['/v3/account/sign-in-code', '/v3/account/sign-in', ...Object.values(paths)]) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(['post']);
    }
  });
});

describe('the session list', () => {
  it('lists the borrower’s live sessions, most recently seen first, by handle, with this one marked', async () => {
    const { borrower, phone, browser } = await borrowerWithSessions();
    await openSession(a.db, { borrowerId: borrower.id, ttlHours: 1, now: new Date(Date.now() - 2 * 3_600_000) }); // expired
    const revoked = await openSession(a.db, { borrowerId: borrower.id, ttlHours: 72 });
    await a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.idHash, hashSessionId(revoked.id)));
    const res = await call(c, paths.sessions, { swift: phone.id });
    const list = dataOf(res, accountSessions).sessions;
    expect(list).toEqual([
      { ref: browser.publicId, deviceName: 'Safari', os: 'iOS 17.2', client: 'web', createdAt: expect.any(String) as unknown, lastSeenAt: expect.any(String) as unknown, current: false },
      { ref: phone.publicId, deviceName: 'Pixel 8', os: 'Android 14', client: 'app', createdAt: expect.any(String) as unknown, lastSeenAt: expect.any(String) as unknown, current: true },
    ]);
    // Handles only: no session id, no digest.
    for (const s of [phone, browser]) {
      expect(res.body).not.toContain(s.id);
      expect(res.body).not.toContain(hashSessionId(s.id));
    }
  });

  it('ownership: a borrower sees only their own sessions', async () => {
    const mine = await borrowerWithSessions();
    const theirs = await borrowerWithSessions();
    const refs = (await listOf(a, { swift: mine.phone.id })).map((s) => s.ref);
    expect(refs.sort()).toEqual([mine.phone.publicId, mine.browser.publicId].sort());
    expect(refs).not.toContain(theirs.phone.publicId);
  });
});

describe('signing out', () => {
  it('sign-out: this session is refused at once by the other processes; the borrower’s others live on', async () => {
    const { phone, browser } = await borrowerWithSessions();
    await usedEverywhere(phone.id);
    const res = await call(a, paths.signOut, { swift: phone.id });
    expect(dataOf(res, accountSignOut)).toEqual({ signedOut: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    await refusedElsewhere(phone.id);
    expect((await call(b, paths.sessions, { swift: browser.id })).statusCode).toBe(200);
  });

  it('sign out everywhere: every session of the borrower, and of no one else', async () => {
    const mine = await borrowerWithSessions();
    const theirs = await borrowerWithSessions();
    await usedEverywhere(mine.browser.id);
    await usedEverywhere(theirs.phone.id);
    const res = await call(b, paths.everywhere, { swift: mine.phone.id });
    expect(dataOf(res, accountSignOutEverywhere)).toEqual({ signedOut: 2 });
    await refusedElsewhere(mine.browser.id);
    await refusedElsewhere(mine.phone.id);
    for (const t of [a, b, c]) expect((await call(t, paths.sessions, { swift: theirs.phone.id })).statusCode).toBe(200);
    expect(await a.db.select().from(sessions).where(eq(sessions.borrowerId, theirs.borrower.id))).toSatisfy((rows: { revokedAt: Date | null }[]) =>
      rows.every((r) => r.revokedAt === null),
    );
  });

  it('revoke by handle: that session is refused at once elsewhere; another borrower’s handle is 404 404001 and changes nothing', async () => {
    const mine = await borrowerWithSessions();
    const theirs = await borrowerWithSessions();
    await usedEverywhere(mine.browser.id);
    await usedEverywhere(theirs.browser.id);

    const stranger = await call(a, paths.revoke, { swift: mine.phone.id }, { ref: theirs.browser.publicId });
    expect(stranger.statusCode).toBe(404);
    expect(wrapper(stranger)).toMatchObject({ code: '404001', message: 'No encontramos esta sesión.' });
    expect(await a.db.select().from(sessions).where(isNull(sessions.revokedAt))).toEqual(expect.arrayContaining([expect.objectContaining({ publicId: theirs.browser.publicId })]));
    for (const t of [a, b, c]) expect((await call(t, paths.sessions, { swift: theirs.browser.id })).statusCode).toBe(200);
    // An unknown handle is answered the same.
    expect(wrapper(await call(a, paths.revoke, { swift: mine.phone.id }, { ref: '0'.repeat(32) })).code).toBe('404001');

    const res = await call(a, paths.revoke, { swift: mine.phone.id }, { ref: mine.browser.publicId });
    expect(dataOf(res, accountSessionRevoke)).toEqual({ signedOut: true });
    await refusedElsewhere(mine.browser.id);
    expect((await call(b, paths.sessions, { swift: mine.phone.id })).statusCode).toBe(200);
    // Revoked already: 404.
    expect((await call(a, paths.revoke, { swift: mine.phone.id }, { ref: mine.browser.publicId })).statusCode).toBe(404);
  });

  it('every call needs a session (401 401001), and takes handles only', async () => {
    for (const url of Object.values(paths)) {
      const res = await call(c, url, {});
      expect(res.statusCode).toBe(401);
      expect(wrapper(res).code).toBe('401001');
    }
    const { phone } = await borrowerWithSessions();
    expect((await call(c, paths.revoke, { swift: phone.id }, { ref: phone.id.toUpperCase() })).statusCode).toBe(400);
    expect((await call(c, paths.revoke, { swift: phone.id }, { ref: 'x' })).statusCode).toBe(400);
  });
});

describe('the browser’s cookie', () => {
  const sameOrigin = (t: TestApp) => ({ 'sec-fetch-site': 'same-origin', origin: t.config.publicBaseUrl });

  it('authenticates a same-origin call (or one whose browser sends neither header)', async () => {
    const { browser } = await borrowerWithSessions();
    const mark = (list: { ref: string; current: boolean }[]) => list.find((s) => s.current)?.ref;
    expect(mark(await listOf(c, { cookie: browser.id, headers: sameOrigin(c) }))).toBe(browser.publicId);
    expect(mark(await listOf(c, { cookie: browser.id, headers: { 'sec-fetch-site': 'none' } }))).toBe(browser.publicId);
    expect(mark(await listOf(c, { cookie: browser.id }))).toBe(browser.publicId);
  });

  it('refuses a cross-site call that carries the cookie (401 401001), and changes nothing', async () => {
    const { browser } = await borrowerWithSessions();
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const res = await call(c, paths.everywhere, { cookie: browser.id, headers });
      expect(res.statusCode).toBe(401);
      expect(wrapper(res).code).toBe('401001');
    }
    expect((await call(c, paths.sessions, { cookie: browser.id, headers: sameOrigin(c) })).statusCode).toBe(200);
  });

  it('a session in the address wins over the cookie', async () => {
    const mine = await borrowerWithSessions();
    const theirs = await borrowerWithSessions();
    const list = await listOf(c, { swift: mine.phone.id, cookie: theirs.browser.id, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(list.find((s) => s.current)?.ref).toBe(mine.phone.publicId);
    expect(list.map((s) => s.ref)).not.toContain(theirs.browser.publicId);
  });

  it('signing out by cookie clears it; an unknown cookie is 401', async () => {
    const { browser, phone } = await borrowerWithSessions();
    const res = await call(c, paths.signOut, { cookie: browser.id, headers: sameOrigin(c) });
    expect(res.statusCode).toBe(200);
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(/^presta_session=; /);
    expect(cleared.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT']));
    expect((await call(c, paths.sessions, { cookie: browser.id, headers: sameOrigin(c) })).statusCode).toBe(401);
    expect((await call(c, paths.sessions, { cookie: '0'.repeat(32) })).statusCode).toBe(401);
    expect((await call(c, paths.sessions, { swift: phone.id })).statusCode).toBe(200);
  });
});

describe('last seen', () => {
  const lastSeen = async (t: TestApp, sessionId: string) =>
    (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.idHash, hashSessionId(sessionId))))[0]!.at.getTime();

  it('is written in the background, at most every 5 minutes per session, whichever process serves it', async () => {
    const { phone } = await borrowerWithSessions();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await c.db.update(sessions).set({ lastSeenAt: tenMinutesAgo }).where(eq(sessions.idHash, hashSessionId(phone.id)));
    const before = Date.now();
    expect((await call(c, paths.sessions, { swift: phone.id })).statusCode).toBe(200);
    await expect.poll(() => lastSeen(c, phone.id), { timeout: 2_000, interval: 10 }).toBeGreaterThanOrEqual(before);
    const written = await lastSeen(c, phone.id);
    // Within 5 minutes: neither this process nor another writes it again.
    await call(c, paths.sessions, { swift: phone.id });
    await call(b, paths.sessions, { swift: phone.id });
    await new Promise((r) => setTimeout(r, 200));
    expect(await lastSeen(c, phone.id)).toBe(written);
    // 4 minutes ago is not due either.
    const fourMinutesAgo = new Date(Date.now() - 4 * 60_000);
    await c.db.update(sessions).set({ lastSeenAt: fourMinutesAgo }).where(eq(sessions.idHash, hashSessionId(phone.id)));
    await call(c, paths.sessions, { swift: phone.id });
    await new Promise((r) => setTimeout(r, 200));
    expect(await lastSeen(c, phone.id)).toBe(fourMinutesAgo.getTime());
  });

  it('is written for a session served from the cache too, and a failed write never fails the call', async () => {
    const { phone } = await borrowerWithSessions();
    await expect
      .poll(async () => (await call(a, paths.sessions, { swift: phone.id })).statusCode === 200 && a.app.repos.sessions.cache.get(phone.id) !== undefined, {
        timeout: 5_000,
        interval: 20,
      })
      .toBe(true);
    const written = await lastSeen(a, phone.id);
    const later = Date.now() + 6 * 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(a.app.repos.sessions.cache.get(phone.id)).toBeDefined();
      expect((await call(a, paths.sessions, { swift: phone.id })).statusCode).toBe(200);
      await expect.poll(() => lastSeen(a, phone.id), { timeout: 2_000, interval: 10 }).toBe(later);
      expect(written).toBeLessThan(later);

      // The database refuses the write: the call is answered all the same.
      await a.db.execute(sql.raw("create or replace function presta_test_refuse_last_seen() returns trigger language plpgsql as $$ begin raise exception 'no'; end $$"));
      clock.mockReturnValue(later + 6 * 60_000);
      // This session's row only (other test files share the database).
      await a.db.execute(
        sql.raw(
          `create trigger presta_test_refuse_last_seen before update of last_seen_at on sessions for each row when (old.id_hash = '${hashSessionId(phone.id)}') execute function presta_test_refuse_last_seen()`,
        ),
      );
      try {
        expect((await call(a, paths.sessions, { swift: phone.id })).statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 200));
        expect(await lastSeen(a, phone.id)).toBe(later);
      } finally {
        await a.db.execute(sql.raw('drop trigger presta_test_refuse_last_seen on sessions'));
      }
    } finally {
      clock.mockRestore();
    }
  });
});
