import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type postgres from 'postgres';
import sharp from 'sharp';
import { problemDetail, problemInit, problemList, problemSave, problemScore } from '@presta/contract/api/complaint';
import { errorCodes } from '@presta/contract/error-codes';
import { complaints, complaintTypes, products } from '../src/db/schema';
import { VersionedCache } from '../src/lib/versioned-cache';
import { dropStaleBorrowerComplaints } from '../src/modules/complaints/complaint-repository';
import { replyToComplaint, storeBorrowerImage } from '../src/modules/complaints/complaint-service';
import { cleanImage } from '../src/modules/complaints/complaint-images';
import { createOrder, transitionOrder } from '../src/modules/orders/order-service';
import { buildCachingTestApp, buildTestApp, connectTestDb, injectAs, offerProduct, seedProduct, wrapper, type TestApp } from './helpers';
import { call, makeLoan, read, type Loan } from './repayment-fixtures';

/**
 * problem-init, problem-list and problem-detail read through caches dropped on the database's change
 * announcements (decision 007, docs/complaints.md "Caches"): a write by another process (another connection
 * here) must show on the next reads, a foreign borrower still gets 404 for a cached complaint, a complaint not in
 * the borrower's cached set (beyond the newest 500, or newer than it) is still answered, the answers are the bytes
 * of an app without caches, and a warm read makes no database round trip. problem-list and problem-detail share
 * one cache, the borrower's complaints by borrower id.
 */
let t: TestApp;
/** The same server with its caches off (CACHE_TTL_MS=0): what every answer must equal, byte for byte. */
let plain: TestApp;
let other: ReturnType<typeof connectTestDb>;
/** A type of this file only: its parent is no type, so the pages of other tests running at once never list it. */
const testType = { value: 900_000 + randomInt(90_000), parentValue: 899_999, titleEs: 'Tipo de prueba', titleEn: 'Test type', sort: 99 };

beforeAll(async () => {
  t = await buildCachingTestApp();
  plain = await buildTestApp();
  other = connectTestDb();
});
afterAll(async () => {
  await other.db.delete(complaintTypes).where(eq(complaintTypes.value, testType.value));
  await other.close();
  await plain.close();
  await t.close();
});

const urls = { init: '/user-problem/problem-init', list: '/user-problem/problem-list', detail: '/user-problem/problem-detail', save: '/user-problem/problem-save' };
const poll = { timeout: 5_000, interval: 20 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const init = async (loan: Loan, orderId?: string) => read(await call(t.app, loan.sessionId, urls.init, orderId === undefined ? {} : { orderId }), problemInit);
const list = async (loan: Loan) => read(await call(t.app, loan.sessionId, urls.list, {}), problemList);
const detail = async (loan: Loan, problemId: string) => read(await call(t.app, loan.sessionId, urls.detail, { problemId }), problemDetail);
/** The borrower's complaints in the cache (problem-list's and problem-detail's). */
const cachedSet = (loan: Loan) => t.app.repos.complaints.caches.borrowerComplaints.get(loan.borrower.id);
const tabIds = async (loan: Loan) => (await list(loan)).tabs.map((tab) => tab.list.map((x) => x.id));
const save = async (loan: Loan, problemDetailText: string) =>
  read(await call(t.app, loan.sessionId, urls.save, { orderNo: loan.orderNo, problemType: 2, problemDetail: problemDetailText }), problemSave).problemId;

/**
 * Reads until the answer is cached and stays so for a moment: the announcements of the set-up's own writes may
 * drop a fresh entry, and one heard after the check would let a missing invalidation pass unnoticed.
 */
async function warm(readOnce: () => Promise<unknown>, cached: () => boolean) {
  for (let i = 0; i < 50; i++) {
    await readOnce();
    if (cached()) {
      await sleep(150);
      if (cached()) return;
    }
  }
  throw new Error('the answer was never cached');
}

/** A complaint of the loan's borrower written by another process (what problem-save would store). */
async function insertComplaint(loan: Loan, detailText: string, typeValue = 3) {
  const [row] = await other.db
    .insert(complaints)
    .values({ borrowerId: loan.borrower.id, orderId: Number(loan.orderId), typeValue, detail: detailText, contentHash: `cache-test-${randomInt(1e9)}` })
    .returning({ id: complaints.id });
  return String(row!.id);
}

describe('problem-list and problem-detail with the caches on', () => {
  it("another process's new complaint, reply and status change show on the cached list and detail", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const first = await save(loan, 'Primera queja.');
    await warm(
      () => list(loan),
      () => cachedSet(loan) !== undefined,
    );
    expect(await tabIds(loan)).toEqual([[first], [], []]);

    // A complaint filed by another process.
    const second = await insertComplaint(loan, 'Segunda queja, de otro proceso.');
    await expect.poll(() => tabIds(loan), poll).toEqual([[second, first], [], []]);

    // Support's reply with an image (another process: the console, npm run ops).
    await warm(
      () => detail(loan, first),
      () => cachedSet(loan) !== undefined,
    );
    expect(await detail(loan, first)).toMatchObject({ disposeDetail: '', disposeImages: [], isNeedScore: 0 });
    await warm(
      () => list(loan),
      () => cachedSet(loan) !== undefined,
    );
    const image = await cleanImage(await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } }).png().toBuffer());
    await replyToComplaint(other.db, { problemId: first, text: 'Ya lo revisamos.', images: [image], by: 'cache-test' });
    await expect.poll(async () => (await detail(loan, first)).disposeDetail, poll).toBe('Ya lo revisamos.');
    expect(await detail(loan, first)).toMatchObject({ isNeedScore: 1, images: [] });
    expect((await detail(loan, first)).disposeImages).toHaveLength(1);
    await expect.poll(() => tabIds(loan), poll).toEqual([[second], [first], []]);

    // A status change by another process.
    await warm(
      () => detail(loan, first),
      () => cachedSet(loan) !== undefined,
    );
    await other.db.update(complaints).set({ status: 'closed', closedAt: new Date() }).where(eq(complaints.id, Number(first)));
    await expect.poll(async () => (await detail(loan, first)).isNeedScore, poll).toBe(0);
    await expect.poll(() => tabIds(loan), poll).toEqual([[second], [], [first]]);
  });

  it('the answers from the cached set are the bytes of an app without caches (images of both sides, every tab, both languages)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const png = (background: string) => sharp({ create: { width: 20, height: 20, channels: 3, background } }).png().toBuffer();
    const uploads = [await storeBorrowerImage(t.db, loan.borrower.id, await cleanImage(await png('#aa0000'))), await storeBorrowerImage(t.db, loan.borrower.id, await cleanImage(await png('#00aa00')))];
    const withImages = read(
      await call(t.app, loan.sessionId, urls.save, { orderNo: loan.orderNo, problemType: 2, problemDetail: 'Con dos imágenes.', problemImage: uploads.map((u) => u.url).join(',') }),
      problemSave,
    ).problemId;
    const answered = await save(loan, 'Contestada.');
    await replyToComplaint(t.db, { problemId: answered, text: 'Respuesta con imagen.', images: [await cleanImage(await png('#0000aa'))], by: 'cache-test' });
    const closed = await save(loan, 'Cerrada.');
    await replyToComplaint(t.db, { problemId: closed, text: 'Respuesta.', images: [], by: 'cache-test' });
    read(await call(t.app, loan.sessionId, '/user-problem/problem-score', { problemId: closed, score: 4 }), problemScore);
    const open = await save(loan, 'Abierta.');

    const ask = (app: TestApp, url: string, payload: Record<string, string>, language: string) => injectAs(app.app, loan.sessionId, { url, payload, query: { language } });
    const reads = [
      [urls.list, {}],
      ...[withImages, answered, closed, open].map((problemId) => [urls.detail, { problemId }] as const),
    ] as const;
    const readAll = async () => {
      for (const [url, payload] of reads) for (const language of ['es', 'en']) await ask(t, url, payload, language);
    };
    await warm(readAll, () => cachedSet(loan)?.rows.length === 4);
    const set = cachedSet(loan)!;
    expect(set.images.map((i) => i.uploader).sort()).toEqual(['borrower', 'borrower', 'support']);
    for (const [url, payload] of reads) {
      for (const language of ['es', 'en']) {
        const cached = await ask(t, url, payload, language);
        expect(cached.statusCode).toBe(200);
        expect(cached.body).toBe((await ask(plain, url, payload, language)).body);
      }
    }
    expect(cachedSet(loan)).toBe(set);
    expect((await detail(loan, withImages)).images).toHaveLength(2);
    expect((await detail(loan, answered)).disposeImages).toHaveLength(1);
  });

  it("a foreign borrower gets 404 for a cached complaint, and an empty list of their own", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const stranger = await makeLoan(t.db, { status: '174' });
    const problemId = await save(loan, 'Queja privada.');
    await warm(
      () => detail(loan, problemId),
      () => cachedSet(loan) !== undefined,
    );
    const mine = cachedSet(loan);
    const foreign = await call(t.app, stranger.sessionId, urls.detail, { problemId });
    expect(foreign.statusCode).toBe(404);
    expect(wrapper(foreign)).toMatchObject({ code: errorCodes.notFound, message: 'No encontramos esta queja.' });
    expect(foreign.body).toBe((await call(plain.app, stranger.sessionId, urls.detail, { problemId })).body);
    // Nothing of the 404 is kept: the owner's set is the same, the stranger's (if read) has no such complaint.
    expect(cachedSet(loan)).toBe(mine);
    expect(cachedSet(stranger)?.rows.some((r) => r.id === Number(problemId)) ?? false).toBe(false);
    expect((await detail(loan, problemId)).content).toBe('Queja privada.');
    expect((await list(stranger)).tabs.flatMap((tab) => tab.list)).toEqual([]);
    const unknown = await call(t.app, loan.sessionId, urls.detail, { problemId: '999999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(foreign.body);
  });

  it('a complaint beyond the newest 500, or newer than the cached set, is answered from the database and not cached', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const base = Date.now() - 86_400_000;
    const inserted = await other.db
      .insert(complaints)
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          borrowerId: loan.borrower.id,
          orderId: Number(loan.orderId),
          typeValue: 3,
          detail: `Queja número ${i}.`,
          contentHash: `cache-test-many-${i}-${randomInt(1e9)}`,
          createdAt: new Date(base + i * 1_000),
        })),
      )
      .returning({ id: complaints.id });
    const oldest = String(inserted[0]!.id);
    const newest = String(inserted[500]!.id);
    await warm(
      () => list(loan),
      () => cachedSet(loan)?.rows.length === 500,
    );
    const set = cachedSet(loan)!;
    expect(set.rows.some((r) => r.id === Number(oldest))).toBe(false);
    expect(set.rows[0]!.id).toBe(Number(newest));

    // The oldest, not in the set: read from the database, exactly as without caches; the set is left as it was.
    expect((await detail(loan, oldest)).content).toBe('Queja número 0.');
    for (const problemId of [oldest, newest]) {
      expect((await call(t.app, loan.sessionId, urls.detail, { problemId })).body).toBe((await call(plain.app, loan.sessionId, urls.detail, { problemId })).body);
    }
    expect((await call(t.app, loan.sessionId, urls.list, {})).body).toBe((await call(plain.app, loan.sessionId, urls.list, {})).body);
    expect(cachedSet(loan)).toBe(set);

    // A complaint filed after the set was read, before its announcement is heard: once it has been heard, the set
    // without the new complaint is put back; the detail is still answered (from the database), the set left as is.
    const filed = await insertComplaint(loan, 'Recién presentada.');
    await expect.poll(async () => (await tabIds(loan))[0]![0], poll).toBe(filed);
    const cache = t.app.repos.complaints.caches.borrowerComplaints;
    const stale = { rows: set.rows, images: set.images };
    cache.set(loan.borrower.id, stale, cache.version());
    expect(cachedSet(loan)).toBe(stale);
    expect((await detail(loan, filed)).content).toBe('Recién presentada.');
    expect(cachedSet(loan)).toBe(stale);
  });

  it("a change to another borrower's data keeps this borrower's cached complaints", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const neighbour = await makeLoan(t.db, { status: '174' });
    await save(loan, 'Queja que queda en la caché.');
    await warm(
      () => list(loan),
      () => cachedSet(loan) !== undefined,
    );
    const mine = cachedSet(loan);
    const theirs = await insertComplaint(neighbour, 'Queja del vecino.');
    await expect.poll(async () => (await tabIds(neighbour))[0], poll).toEqual([theirs]);
    expect(cachedSet(loan)).toBe(mine);
  });
});

describe('the borrower-data handler of the complaints cache', () => {
  it("drops one borrower's entry and only that borrower's reads in flight; claims no other change", async () => {
    const cache = new VersionedCache<number, { rows: never[]; images: never[] }>({ ttlMs: 60_000, maxEntries: 100 });
    cache.enabled = true;
    const value = { rows: [], images: [] };
    cache.set(1, value, cache.version());
    cache.set(2, value, cache.version());
    let finish = () => {};
    const inFlight = cache.readThrough(3, () => new Promise((resolve) => (finish = () => resolve(value))));
    expect(dropStaleBorrowerComplaints(cache, { kind: 'borrower-data', key: '1' })).toBe(true);
    finish();
    await inFlight;
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBe(value);
    expect(cache.get(3)).toBe(value); // another borrower's read in flight is kept

    let finishOwn = () => {};
    const ownInFlight = cache.readThrough(4, () => new Promise((resolve) => (finishOwn = () => resolve(value))));
    expect(dropStaleBorrowerComplaints(cache, { kind: 'borrower-data', key: '4' })).toBe(true);
    finishOwn();
    await ownInFlight;
    expect(cache.get(4)).toBeUndefined(); // read before the change: not kept

    for (const change of [{ kind: 'order', key: '2' }, { kind: 'borrower', key: '2' }, { kind: 'borrower-data', key: '' }, { kind: 'complaint-types', key: '*' }]) {
      expect(dropStaleBorrowerComplaints(cache, change)).toBe(false);
    }
    expect(cache.get(2)).toBe(value);
  });
});

describe('problem-init with the caches on', () => {
  it("another process's new order of the borrower, its status change and a product's new name show", async () => {
    const loan = await makeLoan(t.db, { status: '200' }); // settled: the borrower may take another loan
    await warm(
      () => init(loan),
      () => t.app.repos.complaints.caches.complaintOrders.get(loan.borrower.id) !== undefined,
    );
    expect((await init(loan)).orderList.map((o) => o.orderNo)).toEqual([loan.orderNo]);

    const product = await seedProduct(other.db, { name: 'Presta Nuevo' });
    await offerProduct(other.db, loan.borrower.id, product.id, 500_000);
    await warm(
      () => init(loan),
      () => t.app.repos.complaints.caches.complaintOrders.get(loan.borrower.id) !== undefined,
    );
    const created = await createOrder(other.db, { borrowerId: loan.borrower.id, productId: product.id, amount: 100_000, periods: 1, termUnit: product.termUnitDays });
    await expect.poll(async () => (await init(loan)).orderList.map((o) => o.orderNo), poll).toEqual([created.orderNo, loan.orderNo]);
    expect((await init(loan, String(created.orderId))).orderDetail).toMatchObject({ orderNo: created.orderNo, productName: 'Presta Nuevo', status: 'En revisión' });

    await warm(
      () => init(loan),
      () => t.app.repos.complaints.caches.complaintOrders.get(loan.borrower.id) !== undefined,
    );
    await transitionOrder(other.db, { orderId: created.orderId, action: 'approve', actor: 'operator' });
    await expect.poll(async () => (await init(loan)).orderDetail?.status, poll).toBe('Aprobado');

    await warm(
      () => init(loan),
      () => t.app.repos.complaints.caches.complaintOrders.get(loan.borrower.id) !== undefined,
    );
    await other.db.update(products).set({ name: 'Presta Renombrado' }).where(eq(products.id, product.id));
    await expect.poll(async () => (await init(loan)).orderDetail?.productName, poll).toBe('Presta Renombrado');
  });
});

describe('complaint types with the caches on', () => {
  it("another process's change of a type's title shows on the cached list and detail", async () => {
    await other.db.insert(complaintTypes).values(testType);
    const loan = await makeLoan(t.db, { status: '174' });
    const problemId = await insertComplaint(loan, 'Queja de un tipo de prueba.', testType.value);
    const typeOnList = async () => (await list(loan)).tabs[0]!.list[0]?.type;
    await expect.poll(typeOnList, poll).toBe('Tipo de prueba');
    await warm(typeOnList, () => t.app.repos.complaints.caches.complaintTypes.get('active') !== undefined);
    await warm(
      () => detail(loan, problemId),
      () => cachedSet(loan) !== undefined,
    );
    expect((await detail(loan, problemId)).type).toBe('Tipo de prueba');

    await other.db.update(complaintTypes).set({ titleEs: 'Tipo renombrado' }).where(eq(complaintTypes.value, testType.value));
    await expect.poll(typeOnList, poll).toBe('Tipo renombrado');
    expect((await detail(loan, problemId)).type).toBe('Tipo renombrado');

    await warm(typeOnList, () => t.app.repos.complaints.caches.complaintTypes.get('active') !== undefined);
    await other.db.update(complaintTypes).set({ active: false }).where(eq(complaintTypes.value, testType.value));
    await expect.poll(typeOnList, poll).toBe('');
  });
});

describe('warm caches', () => {
  it('problem-init, problem-list and problem-detail make no database round trip', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const problemId = await save(loan, 'Queja para leer sin base de datos.');
    const client = (t.db as unknown as { $client: postgres.Sql }).$client;
    const warmAll = async () => {
      await init(loan, loan.orderId);
      await list(loan);
      await detail(loan, problemId);
    };
    const cached = () =>
      t.app.repos.complaints.caches.complaintOrders.get(loan.borrower.id) !== undefined &&
      cachedSet(loan)?.rows.some((r) => r.id === Number(problemId)) === true &&
      t.app.repos.complaints.caches.complaintTypes.get('active') !== undefined;
    await warm(warmAll, cached);
    const queries = vi.spyOn(client, 'unsafe');
    const begins = vi.spyOn(client, 'begin');
    try {
      await warmAll();
      expect(cached()).toBe(true);
      expect(queries).not.toHaveBeenCalled();
      expect(begins).not.toHaveBeenCalled();
      // The spy does see this app's queries (drizzle sends each through the client's unsafe()).
      await call(t.app, loan.sessionId, urls.save, { orderNo: 'no-such-order', problemType: 2, problemDetail: 'x' });
      expect(queries).toHaveBeenCalled();
    } finally {
      queries.mockRestore();
      begins.mockRestore();
    }
  });
});
