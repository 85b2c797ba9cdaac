import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWhatsapp } from '@presta/contract/api/support';
import { buildTestApp, createBorrower, createSession, type TestApp, type Wrapper } from './helpers';

const url = '/user-problem/get-whatsapp';

let t: TestApp;
let custom: TestApp;

beforeAll(async () => {
  [t, custom] = await Promise.all([
    buildTestApp(),
    buildTestApp({ supportWhatsapp: '+52 33 9876 5432', supportPhone: '+52 81 1111 2222', supportEmail: 'soporte@ejemplo.mx' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), custom.close()]);
});

let ipSeq = 0;
/** Each call from its own address: the per-address limit is measured in its own test. */
const nextIp = () => `203.0.113.${(++ipSeq % 250) + 1}`;

const form = (app: TestApp, payload: string, ip = nextIp(), query: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url,
    query,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('POST /user-problem/get-whatsapp', () => {
  it('answers the configured contacts to the pages’ fixed parameter type=30, without a session', async () => {
    const res = await form(t, 'type=30');
    expect(res.statusCode).toBe(200);
    const body = res.json<Wrapper>();
    expect(body).toMatchObject({ success: true, code: '0' });
    expect(body.data).toEqual({ phone: t.config.supportWhatsapp, va: t.config.supportPhone, email: t.config.supportEmail });
    expect(getWhatsapp.data.safeParse(body.data).success).toBe(true);
  });

  it('defaults to the brand’s Mexican contacts', async () => {
    const body = (await form(t, 'type=30')).json<Wrapper>();
    expect(body.data.phone).toMatch(/^\+52 /);
    expect(body.data.va).toMatch(/^\+52 /);
    expect(body.data.email).toMatch(/@/);
  });

  it('accepts an empty form body and no body at all', async () => {
    const empty = await form(t, '');
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Wrapper>().data.va).toBe(t.config.supportPhone);

    const none = await t.app.inject({ method: 'POST', url, remoteAddress: nextIp() });
    expect(none.statusCode).toBe(200);
    expect(none.json<Wrapper>().data.email).toBe(t.config.supportEmail);
  });

  it('works for a signed-in borrower too (the session in the query is not required, nor refused)', async () => {
    const borrower = await createBorrower(t.db);
    const sessionId = await createSession(t.db, borrower.id);
    const res = await form(t, 'type=30', nextIp(), { swift: sessionId });
    expect(res.statusCode).toBe(200);
    expect(res.json<Wrapper>().data.phone).toBe(t.config.supportWhatsapp);
  });

  it('refuses a JSON body with 415, like the other form calls', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"type":30}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<Wrapper>().success).toBe(false);
  });

  it('reads the numbers from configuration', async () => {
    const body = (await form(custom, 'type=30')).json<Wrapper>();
    expect(body.data).toEqual({ phone: '+52 33 9876 5432', va: '+52 81 1111 2222', email: 'soporte@ejemplo.mx' });
  });

  it('is rate-limited per address', async () => {
    const ip = '192.0.2.77';
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push((await form(t, 'type=30', ip)).statusCode);
    expect(answers.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(answers[60]).toBe(429);
    expect((await form(t, 'type=30', '192.0.2.78')).statusCode).toBe(200);
  });
});

describe('support configuration', () => {
  it('SUPPORT_WHATSAPP, SUPPORT_PHONE and SUPPORT_EMAIL override the brand’s contacts; blank keeps them', async () => {
    const { loadConfig } = await import('../src/config');
    const { defaultBrand } = await import('@presta/contract/brand');
    expect(loadConfig({ SUPPORT_WHATSAPP: ' +52 33 1 ', SUPPORT_PHONE: '+52 81 2', SUPPORT_EMAIL: 'a@b.mx' })).toMatchObject({
      supportWhatsapp: '+52 33 1',
      supportPhone: '+52 81 2',
      supportEmail: 'a@b.mx',
    });
    expect(loadConfig({ SUPPORT_PHONE: '  ' })).toMatchObject({
      supportWhatsapp: defaultBrand.serviceWhatsapp,
      supportPhone: defaultBrand.servicePhone,
      supportEmail: defaultBrand.serviceEmail,
    });
  });
});
