import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFunnel, consolePromotionTemplateAdd, consolePromotionTemplates, consolePromotionTemplateUpdate } from '@presta/contract/api/console/promotion';
import { channelTemplate } from '@presta/contract/api/promotion';
import { staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { promoEvents, promotionTemplates } from '../src/db/schema';
import { listAudit } from '../src/modules/audit/audit-log';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, createBorrower, dataOf, type TestApp } from './helpers';

/*
 * The promotion page in the back office (issue 17): the funnel per day (for the console's chart) next to its
 * totals, and the landing templates admins edit (texts per language, pixel, active flag), audited with before and
 * after and read by the page's channel-template at once. Template 1 (the default) is only read here: other test
 * files read its texts at the same time.
 */

let t: TestApp;
const signedIn = new Map<StaffRole, ConsoleAuth>();
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of staffRoles) signedIn.set(role, await consoleSignInAs(t, await staffMember(t, [role]), `198.51.100.${150 + staffRoles.indexOf(role)}`));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const as = (role: StaffRole) => signedIn.get(role)!;
type Answer<D> = { data: D; code: string; message: string };

describe('the funnel per day', () => {
  it('byDay has each UTC day of a template and utm_tag; its days add up to the totals, which stay as they were', async () => {
    const tag = `day-${randomUUID().slice(0, 8)}`;
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const at = (n: number, time: string) => new Date(`${day(n)}T${time}Z`);
    const event = (kind: 'visit' | 'click' | 'sms_request', createdAt: Date) => ({ kind, pageId: kind === 'sms_request' ? '' : '1', utmTag: tag, createdAt });
    await t.db.insert(promoEvents).values([
      event('visit', at(2, '08:00:00')),
      event('visit', at(2, '23:59:59')),
      event('click', at(2, '09:00:00')),
      event('sms_request', at(2, '09:01:00')),
      event('visit', at(0, '00:00:00')),
    ]);
    await createBorrower(t.db, { promoTemplateId: 1, utmTag: tag, createdAt: at(0, '00:00:01') });

    const res = await consoleCall(t, as('analyst'), consoleFunnel, { from: day(2), to: day(0) });
    expect(res.statusCode, res.body).toBe(200);
    type Row = { template: string; utmTag: string; visits: number; clicks: number; smsRequests: number; smsSent: number; registrations: number; conversionPct: number };
    const data = res.json<Answer<{ rows: Row[]; byDay: (Row & { day: string })[] }>>().data;
    const counts = { template: '1', utmTag: tag, smsSent: 0 };
    expect(data.byDay.filter((r) => r.utmTag === tag)).toEqual([
      { day: day(2), ...counts, visits: 2, clicks: 1, smsRequests: 1, registrations: 0, conversionPct: 0 },
      { day: day(0), ...counts, visits: 1, clicks: 0, smsRequests: 0, registrations: 1, conversionPct: 100 },
    ]);
    expect(data.rows.filter((r) => r.utmTag === tag)).toEqual([{ ...counts, visits: 3, clicks: 1, smsRequests: 1, registrations: 1, conversionPct: 33.3 }]);
    // Every template and tag: the days add up to the totals.
    for (const total of data.rows) {
      const days = data.byDay.filter((d) => d.template === total.template && d.utmTag === total.utmTag);
      expect(days.reduce((n, d) => n + d.visits + d.registrations + d.smsSent, 0)).toBe(total.visits + total.registrations + total.smsSent);
    }
    // A day outside the range is not counted.
    const yesterday = (await consoleCall(t, as('analyst'), consoleFunnel, { from: day(1), to: day(1) })).json<Answer<{ byDay: Row[] }>>().data;
    expect(yesterday.byDay.filter((r) => r.utmTag === tag)).toEqual([]);
  });
});

/** Texts of a template in one language, each a little different. */
const texts = (mark: string) => ({
  downloadTitle: `Descargue Presta ${mark}`,
  downloadText: `Su cuenta está lista (${mark}). Descargue la aplicación.`,
  agreementTitle: `Acuerdo ${mark}`,
  agreementParagraphs: [`Primero ${mark}.`, `Segundo ${mark}.`],
});

type Template = {
  id: number;
  name: string;
  active: boolean;
  appName: string;
  iosUrl: string;
  androidUrl: string;
  pixelId: string;
  texts: { es: ReturnType<typeof texts>; en: ReturnType<typeof texts> | null };
  updatedAt: string | null;
};

const landingPage = async (templateId: number, language?: '1' | '2') =>
  dataOf(await t.app.inject({ method: 'GET', url: channelTemplate.path, query: { templateId: String(templateId) }, headers: language ? { language } : {} }), channelTemplate);

async function addTemplate(body: Record<string, unknown> = {}) {
  const res = await consoleCall(t, as('admin'), consolePromotionTemplateAdd, { name: `Campaña ${randomUUID().slice(0, 6)}`, es: texts('es'), ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer<{ template: Template }>>().data.template;
}

describe('landing templates', () => {
  it('an admin adds a template: the app name and store links are the default one’s; the page answers its texts; audited', async () => {
    const template = await addTemplate({ pixelId: '1234567890' });
    const [base] = await t.db.select().from(promotionTemplates).where(eq(promotionTemplates.id, 1));
    expect(template).toMatchObject({ active: true, appName: base!.appName, iosUrl: base!.iosUrl, androidUrl: base!.androidUrl, pixelId: '1234567890', texts: { es: texts('es'), en: null } });
    expect(await landingPage(template.id)).toMatchObject({ id: String(template.id), textLanguage: 'es', pixelId: '1234567890', ...texts('es') });
    // No English yet: an English page gets the Spanish texts, marked so.
    expect(await landingPage(template.id, '1')).toMatchObject({ textLanguage: 'es', downloadTitle: texts('es').downloadTitle });
    const [event] = await listAudit(t.db, { objectType: 'promotion_template', objectId: String(template.id) });
    expect(event).toMatchObject({ action: 'promotion.templateAdd', via: 'console', before: null, after: { name: template.name, active: true, pixelId: '1234567890', es: texts('es'), en: null } });

    const list = await consoleCall(t, as('analyst'), consolePromotionTemplates);
    expect(list.statusCode).toBe(200);
    const templates = list.json<Answer<{ templates: Template[] }>>().data.templates;
    expect(templates[0]).toMatchObject({ id: 1, name: 'Predeterminada', active: true });
    expect(templates.find((x) => x.id === template.id)).toEqual(template);
  });

  it('an admin changes texts per language and the active flag: the page shows each change at once; the audit has the fields changed, before and after', async () => {
    const template = await addTemplate();
    const english = { ...texts('en'), downloadTitle: 'Download Presta now' };
    const changed = await consoleCall(t, as('admin'), consolePromotionTemplateUpdate, { id: template.id, es: texts('es2'), en: english });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Answer<{ template: Template }>>().data.template).toMatchObject({ texts: { es: texts('es2'), en: english }, name: template.name });
    expect(await landingPage(template.id)).toMatchObject({ textLanguage: 'es', ...texts('es2') });
    expect(await landingPage(template.id, '1')).toMatchObject({ textLanguage: 'en', ...english });
    const [event] = await listAudit(t.db, { objectType: 'promotion_template', objectId: String(template.id), action: 'promotion.templateUpdate' });
    expect(event).toMatchObject({ before: { es: texts('es'), en: null }, after: { es: texts('es2'), en: english } });
    expect(Object.keys(event!.after as object).sort()).toEqual(['en', 'es']);

    // The same values again: nothing written, nothing audited.
    const same = await consoleCall(t, as('admin'), consolePromotionTemplateUpdate, { id: template.id, es: texts('es2') });
    expect(same.statusCode).toBe(200);
    expect(await listAudit(t.db, { objectType: 'promotion_template', objectId: String(template.id) })).toHaveLength(2);

    // Inactive: its address shows the default template; English removed: Spanish again.
    const off = await consoleCall(t, as('admin'), consolePromotionTemplateUpdate, { id: template.id, active: false, en: null, name: 'Campaña terminada' });
    expect(off.json<Answer<{ template: Template }>>().data.template).toMatchObject({ active: false, name: 'Campaña terminada', texts: { en: null } });
    expect((await landingPage(template.id)).id).toBe('1');
    await consoleCall(t, as('admin'), consolePromotionTemplateUpdate, { id: template.id, active: true });
    expect(await landingPage(template.id, '1')).toMatchObject({ id: String(template.id), textLanguage: 'es', ...texts('es2') });
  });

  it('the default template stays active; unknown ids, long or multi-line texts, a bad pixel and an empty change are refused, nothing changed', async () => {
    const refused = await consoleCall(t, as('admin'), consolePromotionTemplateUpdate, { id: 1, active: false });
    expect([refused.statusCode, refused.json<Answer<null>>().code]).toEqual([409, '409001']);
    expect(refused.json<Answer<null>>().message).toContain('predeterminada');
    expect((await landingPage(1)).id).toBe('1');

    const template = await addTemplate();
    const update = (body: Record<string, unknown>) => consoleCall(t, as('admin'), consolePromotionTemplateUpdate, { id: template.id, ...body });
    expect((await consoleCall(t, as('admin'), consolePromotionTemplateUpdate, { id: 999_999, name: 'x' })).statusCode).toBe(404);
    for (const body of [
      {},
      { es: { ...texts('x'), downloadTitle: 'x'.repeat(81) } },
      { es: { ...texts('x'), downloadText: 'línea uno\nlínea dos' } },
      { es: { ...texts('x'), agreementTitle: '   ' } },
      { es: { ...texts('x'), agreementParagraphs: [] } },
      { es: { ...texts('x'), agreementParagraphs: Array.from({ length: 21 }, () => 'Párrafo.') } },
      { en: { downloadTitle: 'Only a title' } },
      { pixelId: '<script>' },
      { name: '' },
      { active: 'yes' },
    ]) {
      const res = await update(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.db.select().from(promotionTemplates).where(eq(promotionTemplates.id, template.id));
    expect(row).toMatchObject({ ...texts('es'), name: template.name, pixelId: '', active: true });
    expect(await listAudit(t.db, { objectType: 'promotion_template', objectId: String(template.id) })).toHaveLength(1);
  });

  it('every role that reads reports lists the templates; only admins add or change them (403, nothing stored or audited)', async () => {
    const template = await addTemplate();
    for (const role of staffRoles) {
      expect((await consoleCall(t, as(role), consolePromotionTemplates)).statusCode, role).toBe(200);
      if (role === 'admin') continue;
      const name = `No ${role}`;
      const add = await consoleCall(t, as(role), consolePromotionTemplateAdd, { name, es: texts(role) });
      const change = await consoleCall(t, as(role), consolePromotionTemplateUpdate, { id: template.id, name });
      expect([add.statusCode, change.statusCode, add.json<Answer<null>>().code], role).toEqual([403, 403, '403001']);
      expect(await t.db.select().from(promotionTemplates).where(eq(promotionTemplates.name, name))).toEqual([]);
    }
    expect(await listAudit(t.db, { objectType: 'promotion_template', objectId: String(template.id) })).toHaveLength(1);
  });
});
