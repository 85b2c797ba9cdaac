import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { defaultBrand } from '@presta/contract/brand';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect, type Db } from '../src/db/database';
import { bankCards, promoSessions, smsOutbox } from '../src/db/schema';
import { smsMessages } from '../src/lib/metrics';
import { sandboxCardToken } from '../src/modules/payments/card-processor';
import { answerHash } from '../src/modules/promotion/promotion-service';
import { deliverDueSms, deliverQueuedSms, retryDelayMs, SMS_MAX_ATTEMPTS } from '../src/modules/sms/sms-delivery';
import { createSmsProvider, type SmsProvider } from '../src/modules/sms/sms-provider';
import { outboxSmsSender, type SmsPurpose } from '../src/modules/sms/sms-sender';
import { repaymentCommit, repaymentWay } from '@presta/contract/api/legacy-payment';
import { getSid } from '@presta/contract/api/promotion';
import { dataOf, testDatabaseUrl, wrapper } from './helpers';
import { call, makeLoan, ONE_INSTALMENT_TOTAL, read } from './repayment-fixtures';

/** The stand-in SMS gateway: answers `status` after `delayMs`, records every request. */
const gw = { status: 200, delayMs: 0, received: [] as { key: string; to: string; text: string }[] };
const gateway = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = JSON.parse(raw) as { to: string; text: string };
    gw.received.push({ key: String(req.headers['idempotency-key']), to: body.to, text: body.text });
    setTimeout(() => {
      res.statusCode = gw.status;
      res.end('{}');
    }, gw.delayMs);
  });
});
let gatewayUrl = '';
let db: Db;
let closeDb: () => Promise<void>;
let provider: SmsProvider;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  const database = connect(testDatabaseUrl(), { max: 6 });
  db = database.db;
  closeDb = database.close;
  provider = createSmsProvider({ smsProvider: 'http', smsProviderUrl: gatewayUrl, smsProviderKey: 'k' }, silent);
  // Messages other test files left queued go now, so what follows counts only this file's.
  await deliverDueSms(db, provider, { maxMessages: 100_000 });
});
afterAll(async () => {
  await closeDb();
  await new Promise<void>((r) => gateway.close(() => r()));
});
beforeEach(() => {
  gw.status = 200;
  gw.delayMs = 0;
});

let phoneSeq = 0;
const newPhone = () => `52${String(Date.now() % 1e7).padStart(7, '0')}${String(++phoneSeq).padStart(2, '0')}`;

async function queue(opts: { purpose?: SmsPurpose; expiresInMs?: number; phone?: string } = {}) {
  const phone = opts.phone ?? newPhone();
  const body = `Presta: su código es ${String(100000 + phoneSeq)}.`;
  const expiresAt = opts.expiresInMs === undefined ? undefined : new Date(Date.now() + opts.expiresInMs);
  const id = await outboxSmsSender.send(db, { phone, purpose: opts.purpose ?? 'card_repayment_code', body, expiresAt });
  return { id: id!, phone, body };
}

const row = async (id: number) => (await db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;
const receivedFor = (id: number) => gw.received.filter((r) => r.key === `sms-${id}`);
const dbNow = async () => new Date(((await db.execute(sql`select now()::text as now`)) as unknown as { now: string }[])[0]!.now);
async function smsCount(kind: string, outcome: string): Promise<number> {
  return (await smsMessages.get()).values.find((v) => v.labels.kind === kind && v.labels.outcome === outcome)?.value ?? 0;
}

describe('SMS outbox delivery', () => {
  it('a queued message goes at once: sent, sent_at, one attempt, counted; it is never handed over again', async () => {
    const before = await smsCount('card_repayment_code', 'sent');
    const m = await queue({ expiresInMs: 300_000 });
    expect(await deliverQueuedSms(db, provider, [m.id])).toEqual({ sent: 1, failed: 0, expired: 0 });
    expect(receivedFor(m.id)).toEqual([{ key: `sms-${m.id}`, to: m.phone, text: m.body }]);
    const r = await row(m.id);
    expect(r).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(r.sentAt).toBeInstanceOf(Date);
    expect(await smsCount('card_repayment_code', 'sent')).toBe(before + 1);

    expect(await deliverQueuedSms(db, provider, [m.id])).toEqual({ sent: 0, failed: 0, expired: 0 });
    await deliverDueSms(db, provider);
    expect(receivedFor(m.id)).toHaveLength(1);
  });

  it('a refusal: failed with the status code and a backoff; not retried before its time; the retry job sends it when due', async () => {
    gw.status = 503;
    const failedBefore = await smsCount('promo_register_code', 'failed');
    const m = await queue({ purpose: 'promo_register_code' });
    expect(await deliverQueuedSms(db, provider, [m.id])).toEqual({ sent: 0, failed: 1, expired: 0 });
    const now = await dbNow();
    const r = await row(m.id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1, lastError: 'http_503', sentAt: null });
    const wait = r.nextAttemptAt.getTime() - now.getTime();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    expect(await smsCount('promo_register_code', 'failed')).toBe(failedBefore + 1);

    gw.status = 200;
    await deliverDueSms(db, provider);
    expect(receivedFor(m.id)).toHaveLength(1); // the refused attempt only
    await db.update(smsOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(smsOutbox.id, m.id));
    await deliverDueSms(db, provider);
    expect(receivedFor(m.id)).toHaveLength(2);
    expect(await row(m.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('the wait doubles from 30 s per failed attempt, at most 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n) / 1000)).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('expired: past its time (never handed over), out of attempts, or when the next attempt would come too late', async () => {
    const expiredBefore = await smsCount('card_repayment_code', 'expired');
    const late = await queue({ expiresInMs: -60_000 });
    await deliverDueSms(db, provider);
    expect(await row(late.id)).toMatchObject({ status: 'expired', attempts: 0 });
    expect(receivedFor(late.id)).toEqual([]);

    gw.status = 503;
    const tired = await queue();
    await db
      .update(smsOutbox)
      .set({ status: 'failed', attempts: SMS_MAX_ATTEMPTS - 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(smsOutbox.id, tired.id));
    await deliverDueSms(db, provider);
    expect(await row(tired.id)).toMatchObject({ status: 'expired', attempts: SMS_MAX_ATTEMPTS, lastError: 'http_503' });

    const code = await queue({ expiresInMs: 10_000 });
    expect(await deliverQueuedSms(db, provider, [code.id])).toEqual({ sent: 0, failed: 1, expired: 1 });
    expect(await row(code.id)).toMatchObject({ status: 'expired', attempts: 1 });
    expect(await smsCount('card_repayment_code', 'expired')).toBe(expiredBefore + 3);
  });

  it('an unreachable gateway: failed with the error name, never a text that could hold the number', async () => {
    const m = await queue();
    const down = createSmsProvider({ smsProvider: 'http', smsProviderUrl: 'http://127.0.0.1:1/send' }, silent);
    expect(await deliverQueuedSms(db, down, [m.id])).toEqual({ sent: 0, failed: 1, expired: 0 });
    expect(await row(m.id)).toMatchObject({ status: 'failed', lastError: 'TypeError' });
  });

  it('a message another sender holds is skipped, neither waited for nor sent twice (FOR UPDATE SKIP LOCKED)', async () => {
    const held = await queue();
    const free = await queue();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from sms_outbox where id = ${held.id} for update`);
      const retry = deliverDueSms(db, provider);
      const waited = new Promise<'waited'>((r) => setTimeout(() => r('waited'), 5_000));
      expect(await Promise.race([retry.then(() => 'done'), waited])).toBe('done');
    });
    expect(receivedFor(held.id)).toEqual([]);
    expect(receivedFor(free.id)).toHaveLength(1);
    expect(await row(held.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('three senders at once (two retry runs and the after-commit attempt) hand each message over once', async () => {
    gw.delayMs = 150;
    const ms = await Promise.all([1, 2, 3, 4, 5, 6].map(() => queue()));
    const ids = ms.map((m) => m.id);
    await Promise.all([deliverDueSms(db, provider, { batchSize: 2 }), deliverDueSms(db, provider, { batchSize: 2 }), deliverQueuedSms(db, provider, ids)]);
    for (const id of ids) {
      expect(receivedFor(id)).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });
});

describe('the flows that send codes', () => {
  let app: App;
  const lines: string[] = [];
  let config: Config;

  beforeAll(async () => {
    config = { ...loadConfig(), demoTools: true, brand: defaultBrand, databaseUrl: testDatabaseUrl(), cacheTtlMs: 0, smsProvider: 'http', smsProviderUrl: gatewayUrl };
    app = await buildApp({ config, db, logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  async function promoSid(): Promise<string> {
    const sid = dataOf(await app.inject({ method: 'GET', url: '/api/v2/youmi/promotion/get-sid', remoteAddress: '198.51.100.7' }), getSid).sid;
    await app.inject({ method: 'GET', url: '/api/v2/youmi/promotion/get-captcha', query: { sid }, remoteAddress: '198.51.100.7' });
    await db.update(promoSessions).set({ answerHash: answerHash(sid, 'k7mp'), drawnAt: new Date() }).where(eq(promoSessions.sid, sid));
    return sid;
  }
  const getSms = (phone: string, sid: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/youmi/promotion/get-sms',
      remoteAddress: '198.51.100.8',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ phone, capcode: 'k7mp', sid, deviceId: sid, appName: 'Presta', app_from: 'fb', user_from: 'ad1', utm_tag: 'test' }).toString(),
    });

  it('promotion get-sms: the code is queued to expire with it (5 min) and goes out through the gateway', async () => {
    const phone = `13${String(Date.now() % 1e9).padStart(9, '0')}`;
    const res = await getSms(phone, await promoSid());
    expect(wrapper(res)).toMatchObject({ success: true, code: '0' });
    const [m] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(m).toMatchObject({ purpose: 'promo_register_code', status: 'sent', attempts: 1 });
    expect(m!.expiresAt!.getTime() - m!.createdAt.getTime()).toBeGreaterThan(299_000);
    expect(m!.expiresAt!.getTime() - m!.createdAt.getTime()).toBeLessThan(301_000);
    expect(receivedFor(m!.id)).toEqual([{ key: `sms-${m!.id}`, to: phone, text: m!.body }]);
  });

  it('promotion get-sms with the gateway down: answered as sent, the code waits for the retry job; no phone or code in the log', async () => {
    gw.status = 502;
    lines.length = 0;
    const phone = `13${String((Date.now() + 7) % 1e9).padStart(9, '0')}`;
    const res = await getSms(phone, await promoSid());
    expect(wrapper(res)).toMatchObject({ success: true, code: '0' });
    const [m] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(m).toMatchObject({ status: 'failed', attempts: 1, lastError: 'http_502' });
    const code = /\b(\d{6})\b/.exec(m!.body)![1]!;
    const log = lines.join('');
    expect(log).toContain('"msg":"sms delivery failed"');
    expect(log).toContain(`"id":${m!.id}`);
    expect(log).not.toContain(phone);
    expect(log).not.toContain('****');
    expect(log).not.toContain(code);
  });

  it('card repayment: the code is queued to expire with it (5 min) and goes out through the gateway', async () => {
    const loan = await makeLoan(db, { status: '174' });
    const [card] = await db
      .insert(bankCards)
      .values({ borrowerId: loan.borrower.id, bankName: 'BBVA México', bankCode: '012', last4: '4242', processorToken: sandboxCardToken('4242'), requiresOtp: true })
      .returning();
    const base = '/api/v1/youmi/youmi-api/service/loan';
    const way = read(await call(app, loan.sessionId, `${base}/repayment-way`, { orderId: loan.orderId }), repaymentWay);
    const res = await call(app, loan.sessionId, `${base}/repayment-commit`, {
      orderId: loan.orderId,
      amount: ONE_INSTALMENT_TOTAL,
      bankName: 'BBVA México',
      cardNo: '**** **** **** 4242',
      bankCode: '012',
      sendMsg: 0,
      cardId: card!.id,
      repayToken: way.repayToken,
    });
    expect(read(res, repaymentCommit).needValid).toBe(1);
    const [m] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, loan.borrower.phone));
    expect(m).toMatchObject({ purpose: 'card_repayment_code', status: 'sent', attempts: 1 });
    expect(m!.expiresAt!.getTime() - m!.createdAt.getTime()).toBeGreaterThan(299_000);
    expect(m!.expiresAt!.getTime() - m!.createdAt.getTime()).toBeLessThan(301_000);
    expect(receivedFor(m!.id)).toEqual([{ key: `sms-${m!.id}`, to: loan.borrower.phone, text: m!.body }]);
  });
});
