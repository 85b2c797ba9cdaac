import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { consolePromotionTemplateAdd, consolePromotionTemplateUpdate, landingTemplateSchema, landingTextsSchema } from '@presta/contract/api/console/promotion';
import { errorCodes } from '@presta/contract/error-codes';
import type { Db } from '../../db/database';
import { promotionTemplates } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { completeTexts } from './promotion-service';

/*
 * The landing templates in the back office (issue 17; docs/back-office.md "Landing templates"): admins list, add
 * and change what a template says — its name, Spanish and English texts of the download and agreement views, pixel
 * and active flag — each change audited with the fields before and after. channel-template reads the same rows
 * (findTemplate), so the page shows a change at once. The registration form's texts and the Chinese messages §5
 * and §8 fix stay the page's catalogue; the app's name and store links stay the app's (template 1's).
 */

type Texts = z.output<typeof landingTextsSchema>;
type LandingTemplate = z.input<typeof landingTemplateSchema>;
type Row = typeof promotionTemplates.$inferSelect;
type AddInput = z.output<typeof consolePromotionTemplateAdd.request>;
type UpdateInput = z.output<typeof consolePromotionTemplateUpdate.request>;

/** The default template: answered for an address without another active one, so it stays active. */
export const DEFAULT_TEMPLATE_ID = 1;

/** What an admin edits of a template. */
type Editable = { name: string; active: boolean; pixelId: string; es: Texts; en: Texts | null };

const editableOf = (r: Row): Editable => ({
  name: r.name,
  active: r.active,
  pixelId: r.pixelId,
  es: { downloadTitle: r.downloadTitle, downloadText: r.downloadText, agreementTitle: r.agreementTitle, agreementParagraphs: r.agreementParagraphs },
  en: completeTexts(r.translations.en) ?? null,
});

/** The columns of an Editable. */
const columnsOf = (e: Editable) => ({
  name: e.name,
  active: e.active,
  pixelId: e.pixelId,
  ...e.es,
  translations: e.en ? { en: e.en } : {},
});

function landingTemplate(r: Row): LandingTemplate {
  const { name, active, pixelId, es, en } = editableOf(r);
  return {
    id: r.id,
    name,
    active,
    appName: r.appName,
    iosUrl: r.iosUrl,
    androidUrl: r.androidUrl,
    pixelId,
    texts: { es, en },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
  };
}

export async function listLandingTemplates(db: Db): Promise<LandingTemplate[]> {
  return (await db.select().from(promotionTemplates).orderBy(asc(promotionTemplates.id))).map(landingTemplate);
}

/** A new template with the default template's app name and store links; audited as `promotion.templateAdd`. */
export async function addLandingTemplate(db: Db, input: AddInput, actor: AuditActor, now = new Date()): Promise<LandingTemplate> {
  return db.transaction(async (tx) => {
    const [base] = await tx.select().from(promotionTemplates).where(eq(promotionTemplates.id, DEFAULT_TEMPLATE_ID));
    if (!base) throw notFound('promoTemplateMissing');
    const wanted: Editable = { name: input.name, active: input.active, pixelId: input.pixelId, es: input.es, en: input.en };
    const [row] = await tx
      .insert(promotionTemplates)
      .values({ ...columnsOf(wanted), appName: base.appName, iosUrl: base.iosUrl, androidUrl: base.androidUrl, updatedAt: now })
      .returning();
    await recordAudit(tx, actor, { action: 'promotion.templateAdd', objectType: 'promotion_template', objectId: row!.id, before: null, after: wanted });
    return landingTemplate(row!);
  });
}

/**
 * Changes the fields given; audited as `promotion.templateUpdate` with those that changed, before and after
 * (nothing changed: nothing written or audited). Unknown id → 404; deactivating template 1 → 409.
 */
export async function updateLandingTemplate(db: Db, input: UpdateInput, actor: AuditActor, now = new Date()): Promise<LandingTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(promotionTemplates).where(eq(promotionTemplates.id, input.id)).for('update');
    if (!row) throw notFound('promoTemplateMissing');
    if (row.id === DEFAULT_TEMPLATE_ID && input.active === false) throw new AppError(409, errorCodes.invalidTransition, 'promoDefaultTemplateActive');
    const current = editableOf(row);
    const wanted: Editable = {
      name: input.name ?? current.name,
      active: input.active ?? current.active,
      pixelId: input.pixelId ?? current.pixelId,
      es: input.es ?? current.es,
      en: input.en === undefined ? current.en : input.en,
    };
    const changed = (Object.keys(wanted) as (keyof Editable)[]).filter((k) => JSON.stringify(wanted[k]) !== JSON.stringify(current[k]));
    if (changed.length === 0) return landingTemplate(row);
    const [updated] = await tx
      .update(promotionTemplates)
      .set({ ...columnsOf(wanted), updatedAt: now })
      .where(eq(promotionTemplates.id, row.id))
      .returning();
    const pick = (e: Editable) => Object.fromEntries(changed.map((k) => [k, e[k]]));
    await recordAudit(tx, actor, { action: 'promotion.templateUpdate', objectType: 'promotion_template', objectId: row.id, before: pick(current), after: pick(wanted) });
    return landingTemplate(updated!);
  });
}
