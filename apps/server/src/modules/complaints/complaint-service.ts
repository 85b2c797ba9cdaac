import { createHash } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { problemSave } from '@presta/contract/api/complaint';
import {
  COLLECTION_PROBLEM_TYPE,
  COMPLAINT_IMAGE_PATH,
  COMPLAINT_IMAGES_MAX,
  COMPLAINT_TEXT_MAX,
} from '@presta/contract/complaint-rules';
import { errorCodes } from '@presta/contract/error-codes';
import type { Language } from '@presta/contract/language';
import type { Db, DbOrTx } from '../../db/database';
import { borrowers, complaintImages, complaints, complaintTypes, orders } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { toDbId } from '../../lib/db-id';
import type { BorrowerContext } from '../../plugins/app/repositories';
import type { CleanImage } from './complaint-images';
import { readActiveTypes, readBorrowerOrders } from './complaint-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/*
 * Complaints (§2–§5, §7; docs/complaints.md): the borrower files one about an
 * order with a text and up to 9 images, follows it by state (complaint-pages.ts),
 * reads the support reply and scores it. Every call checks that the borrower owns
 * the order, complaint or image; a foreign id reads exactly like an unknown one
 * (404). Support answers them (the support side below).
 */

type SaveInput = z.output<typeof problemSave.request>;

/** The same complaint saved again within this window is the first one (a double tap). */
export const DOUBLE_SUBMIT_WINDOW_MS = 10 * 60_000;
/** Pending uploads (not yet in a complaint) a borrower may have within PENDING_WINDOW_MS: a brake on abuse. */
export const PENDING_UPLOADS_MAX = 30;
export const PENDING_WINDOW_MS = 2 * 60 * 60_000;

export const imageUrl = (id: number) => `${COMPLAINT_IMAGE_PATH}/${id}`;

/** The complaint's type or sub-type title in `lang`. */
export const titleOf = (t: { titleEs: string; titleEn: string }, lang: Language) => (lang === 'en' ? t.titleEn : t.titleEs);

// ---------------------------------------------------------------------------
// upload-problem-img
// ---------------------------------------------------------------------------

/**
 * Stores a cleaned image as the borrower's pending upload; answers its address.
 * Over PENDING_UPLOADS_MAX pending uploads: 429, nothing stored. The count and
 * the insert run in one transaction holding the borrower's row lock, so
 * uploads at once cannot each see room for one more (25 pending and 10 at
 * once end at 30). NO KEY UPDATE: it queues uploads and complaint saves of the
 * same borrower, not the inserts of other rows that reference the borrower.
 */
export async function storeBorrowerImage(db: Db, borrowerId: number, image: CleanImage, now = new Date()): Promise<{ url: string }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.id, borrowerId)).for('no key update');
    const [pending] = await tx
      .select({ n: count() })
      .from(complaintImages)
      .where(
        and(
          eq(complaintImages.borrowerId, borrowerId),
          isNull(complaintImages.complaintId),
          gte(complaintImages.createdAt, new Date(now.getTime() - PENDING_WINDOW_MS)),
        ),
      );
    if ((pending?.n ?? 0) >= PENDING_UPLOADS_MAX) throw new AppError(429, errorCodes.rateLimited, 'complaintTooManyUploads');
    const [row] = await tx
      .insert(complaintImages)
      .values({ borrowerId, uploader: 'borrower', mime: image.mime, width: image.width, height: image.height, bytes: image.bytes, sha256: image.sha256 })
      .returning({ id: complaintImages.id });
    return { url: imageUrl(row!.id) };
  });
}

/**
 * An image for a viewer: the borrower who uploaded it, or whose complaint it
 * belongs to (support's reply images); 'support' sees all. Otherwise undefined (404).
 */
export async function readImage(db: Db, imageIdRaw: string, viewer: { borrowerId: number } | 'support') {
  const id = toDbId(imageIdRaw);
  if (id === undefined) return undefined;
  const [row] = await db
    .select({ mime: complaintImages.mime, bytes: complaintImages.bytes, owner: complaintImages.borrowerId, complaintOwner: complaints.borrowerId })
    .from(complaintImages)
    .leftJoin(complaints, eq(complaints.id, complaintImages.complaintId))
    .where(eq(complaintImages.id, id))
    .limit(1);
  if (!row) return undefined;
  if (viewer !== 'support' && row.owner !== viewer.borrowerId && row.complaintOwner !== viewer.borrowerId) return undefined;
  return { mime: row.mime, bytes: row.bytes };
}

// ---------------------------------------------------------------------------
// problem-save
// ---------------------------------------------------------------------------

/** Image ids from the comma-joined addresses (absolute or relative, with or without a query); 400 on anything else. */
export function parseImageList(raw: string | undefined): number[] {
  const parts = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const ids: number[] = [];
  for (const part of parts) {
    let path: string;
    try {
      path = new URL(part, 'http://local').pathname;
    } catch {
      throw badRequest('complaintImageUnknown');
    }
    const m = new RegExp(`^${COMPLAINT_IMAGE_PATH}/(\\d{1,18})$`).exec(path);
    const id = m ? toDbId(m[1]) : undefined;
    if (id === undefined) throw badRequest('complaintImageUnknown');
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * Files a complaint. Refusals (nothing saved): empty or too long text, unknown
 * type or sub-type (a sub-type is required for type 1 only), type 1 on an
 * order with isShow 0 (§8 message), an order that is not the borrower's (404),
 * more than 9 images, an image that is not the borrower's pending upload.
 * The same complaint sent again within 10 minutes answers the first one's id.
 */
export async function saveComplaint(ctx: BorrowerContext, input: SaveInput): Promise<{ problemId: string }> {
  const { db, borrowerId, now } = ctx;
  const detail = input.problemDetail.trim();
  if (detail === '') throw badRequest('complaintTextEmpty');
  if (detail.length > COMPLAINT_TEXT_MAX) throw badRequest('complaintTextTooLong', { max: COMPLAINT_TEXT_MAX });
  const imageIds = parseImageList(input.problemImage);
  if (imageIds.length > COMPLAINT_IMAGES_MAX) throw badRequest('complaintTooManyImages', { max: COMPLAINT_IMAGES_MAX });

  const types = await readActiveTypes(db);
  const type = types.find((t) => t.value === input.problemType && t.parentValue === null);
  if (!type) throw badRequest('complaintTypeUnknown');
  const sonRaw = input.problemSonType === undefined ? '' : String(input.problemSonType).trim();
  let subTypeValue: number | null = null;
  const hasSubTypes = types.some((t) => t.parentValue === type.value);
  if (hasSubTypes) {
    const son = types.find((t) => t.parentValue === type.value && String(t.value) === sonRaw);
    if (!son) throw badRequest('complaintSubTypeRequired');
    subTypeValue = son.value;
  } else if (sonRaw !== '' && sonRaw !== '0') {
    throw badRequest('complaintSubTypeUnexpected');
  }

  const mine = await readBorrowerOrders(db, borrowerId);
  const order = mine.find((o) => o.orderNo === input.orderNo);
  if (!order) throw notFound('orderNotFound');
  if (type.value === COLLECTION_PROBLEM_TYPE && !order.wasOverdue) {
    throw new AppError(422, errorCodes.outsideProductRules, 'complaintCollectionNotAllowed');
  }

  const contentHash = createHash('sha256')
    .update(JSON.stringify([order.id, type.value, subTypeValue, detail, imageIds]))
    .digest('hex');

  return db.transaction(async (tx) => {
    // One save at a time per borrower: the double-tap check below cannot race.
    await tx.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.id, borrowerId)).for('update');
    const [same] = await tx
      .select({ id: complaints.id })
      .from(complaints)
      .where(
        and(
          eq(complaints.borrowerId, borrowerId),
          eq(complaints.contentHash, contentHash),
          gte(complaints.createdAt, new Date(now.getTime() - DOUBLE_SUBMIT_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (same) return { problemId: String(same.id) };

    if (imageIds.length > 0) {
      const usable = await tx
        .select({ id: complaintImages.id })
        .from(complaintImages)
        .where(
          and(
            inArray(complaintImages.id, imageIds),
            eq(complaintImages.borrowerId, borrowerId),
            eq(complaintImages.uploader, 'borrower'),
            isNull(complaintImages.complaintId),
          ),
        )
        .for('update');
      if (usable.length !== imageIds.length) throw badRequest('complaintImageUnknown');
    }
    const [row] = await tx
      .insert(complaints)
      .values({ borrowerId, orderId: order.id, typeValue: type.value, subTypeValue, detail, contentHash, createdAt: now })
      .returning({ id: complaints.id });
    if (imageIds.length > 0) {
      await tx.update(complaintImages).set({ complaintId: row!.id }).where(inArray(complaintImages.id, imageIds));
    }
    return { problemId: String(row!.id) };
  });
}

// ---------------------------------------------------------------------------
// problem-score
// ---------------------------------------------------------------------------

/** The borrower's complaint (another borrower's or an unknown one: 404 complaintNotFound). */
export async function ownedComplaint(db: DbOrTx, borrowerId: number, problemIdRaw: string) {
  const id = toDbId(problemIdRaw);
  const [row] =
    id === undefined
      ? []
      : await db
          .select()
          .from(complaints)
          .where(and(eq(complaints.id, id), eq(complaints.borrowerId, borrowerId)))
          .limit(1);
  if (!row) throw notFound('complaintNotFound');
  return row;
}

/** The borrower's score of the reply (1–5): only once, only when answered; closes the complaint. */
export async function scoreComplaint(ctx: BorrowerContext, input: { problemId: string; score: number }) {
  const { borrowerId, now } = ctx;
  return ctx.db.transaction(async (tx) => {
    const c = await ownedComplaint(tx, borrowerId, input.problemId);
    const [updated] = await tx
      .update(complaints)
      .set({ score: input.score, scoredAt: now, status: 'closed', closedAt: now })
      .where(and(eq(complaints.id, c.id), eq(complaints.status, 'answered'), isNull(complaints.score)))
      .returning({ id: complaints.id });
    if (!updated) throw new AppError(409, errorCodes.invalidTransition, 'complaintScoreNotAllowed');
    return { problemId: String(c.id), score: input.score };
  });
}

// ---------------------------------------------------------------------------
// Support side (npm run ops -- complaints | reply)
// ---------------------------------------------------------------------------

export async function complaintsForSupport(db: Db, status?: (typeof complaints.$inferSelect)['status'], typeValue?: number) {
  return db
    .select({
      id: complaints.id,
      status: complaints.status,
      createdAt: complaints.createdAt,
      orderNo: orders.orderNo,
      phone: borrowers.phone,
      typeValue: complaints.typeValue,
      subTypeValue: complaints.subTypeValue,
      detail: complaints.detail,
      replyText: complaints.replyText,
      score: complaints.score,
      images: sql<number>`(select count(*)::int from ${complaintImages} i where i.complaint_id = ${complaints.id})`,
      /** The images' ids with who uploaded each ('borrower' or 'support'), oldest first. */
      imageList: sql<{ id: number; uploader: 'borrower' | 'support' }[]>`coalesce((select json_agg(json_build_object('id', i.id, 'uploader', i.uploader) order by i.id) from ${complaintImages} i where i.complaint_id = ${complaints.id}), '[]'::json)`,
      repliedAt: complaints.repliedAt,
      repliedBy: complaints.repliedBy,
    })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
    .where(and(status ? eq(complaints.status, status) : undefined, typeValue === undefined ? undefined : eq(complaints.typeValue, typeValue)))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(200);
}

/**
 * The complaints filed about one order, newest first, for a loan's story in the back office: state, type and
 * sub-type (values, and the type's title in `lang`), when filed, and the reply (when, by whom) and score.
 */
export async function complaintsOnOrder(db: Db, orderId: number, lang: Language) {
  const [rows, types] = await Promise.all([
    db
      .select({
        id: complaints.id,
        status: complaints.status,
        typeValue: complaints.typeValue,
        subTypeValue: complaints.subTypeValue,
        createdAt: complaints.createdAt,
        repliedAt: complaints.repliedAt,
        repliedBy: complaints.repliedBy,
        score: complaints.score,
      })
      .from(complaints)
      .where(eq(complaints.orderId, orderId))
      .orderBy(desc(complaints.createdAt), desc(complaints.id)),
    db.select().from(complaintTypes),
  ]);
  return rows.map((r) => {
    const type = types.find((t) => t.value === r.typeValue && t.parentValue === null);
    return { ...r, type: type ? titleOf(type, lang) : '' };
  });
}

/**
 * Support answers a complaint: the reply text (required, at most 2 000
 * characters) and cleaned images (stored with uploader 'support', at most 9 on
 * a complaint); the complaint becomes 'answered' (the borrower is then asked
 * for a score and sees the images in disposeImages). A closed complaint is
 * refused. Answers the new images' ids.
 */
export async function replyToComplaint(
  db: Db,
  input: { problemId: string; text: string; images: CleanImage[]; by: string; audit?: AuditActor },
  now = new Date(),
) {
  const text = input.text.trim();
  if (text === '' || text.length > 2000) throw badRequest('complaintReplyText');
  const id = toDbId(input.problemId);
  if (id === undefined) throw notFound('complaintNotFound');
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
    if (!c) throw notFound('complaintNotFound');
    if (c.status === 'closed') throw new AppError(409, errorCodes.invalidTransition, 'complaintClosed');
    const [existing] = await tx
      .select({ n: count() })
      .from(complaintImages)
      .where(and(eq(complaintImages.complaintId, c.id), eq(complaintImages.uploader, 'support')));
    if ((existing?.n ?? 0) + input.images.length > COMPLAINT_IMAGES_MAX) throw badRequest('complaintTooManyImages', { max: COMPLAINT_IMAGES_MAX });
    const imageIds: number[] = [];
    for (const image of input.images) {
      const [row] = await tx
        .insert(complaintImages)
        .values({
          borrowerId: c.borrowerId,
          complaintId: c.id,
          uploader: 'support',
          mime: image.mime,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          sha256: image.sha256,
        })
        .returning({ id: complaintImages.id });
      imageIds.push(row!.id);
    }
    await tx
      .update(complaints)
      .set({ replyText: text, repliedAt: now, repliedBy: input.by, status: 'answered', score: null, scoredAt: null })
      .where(eq(complaints.id, c.id));
    if (input.audit) {
      await recordAudit(tx, input.audit, {
        action: 'complaints.reply',
        objectType: 'complaint',
        objectId: c.id,
        before: { status: c.status, replyText: c.replyText },
        after: { status: 'answered', replyText: text, images: input.images.length, imageIds },
      });
    }
    return { problemId: String(c.id), images: input.images.length, imageIds };
  });
}
