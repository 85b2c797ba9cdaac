import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { complaintOrderSchema, problemDetail, problemInit, problemList, problemSave } from '@presta/contract/api/complaint';
import {
  COLLECTION_PROBLEM_TYPE,
  COMPLAINT_IMAGE_PATH,
  COMPLAINT_IMAGES_MAX,
  COMPLAINT_TEXT_MAX,
} from '@presta/contract/complaint-rules';
import { formatDate } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import type { Language } from '@presta/contract/language';
import { formatMarketMoney } from '@presta/contract/markets';
import type { Db, DbOrTx } from '../../db/database';
import { borrowers, complaintImages, complaints, complaintTypes, orders, orderStatusHistory, products } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { finalAnswer } from '../../lib/reply';
import { toDbId } from '../../lib/db-id';
import type { Change, VersionedCache } from '../../lib/versioned-cache';
import { translate, type MessageKey } from '../../i18n/messages';
import type { CleanImage } from './complaint-images';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/*
 * Complaints (§2–§5, §7; docs/complaints.md): the borrower files one about an
 * order with a text and up to 9 images, follows it by state, reads the support
 * reply and scores it. Every call checks that the borrower owns the order,
 * complaint or image; a foreign id reads exactly like an unknown one (404).
 */

type ComplaintOrder = z.input<typeof complaintOrderSchema>;
type InitData = z.input<typeof problemInit.data>;
type ListData = z.input<typeof problemList.data>;
type DetailData = z.input<typeof problemDetail.data>;
type SaveInput = z.output<typeof problemSave.request>;

/** The same complaint saved again within this window is the first one (a double tap). */
export const DOUBLE_SUBMIT_WINDOW_MS = 10 * 60_000;
/** Pending uploads (not yet in a complaint) a borrower may have within PENDING_WINDOW_MS: a brake on abuse. */
export const PENDING_UPLOADS_MAX = 30;
export const PENDING_WINDOW_MS = 2 * 60 * 60_000;
/** Time zone of the times shown in the complaint list (the lender's). */
const LIST_TIME_ZONE = 'America/Mexico_City';

export const imageUrl = (id: number) => `${COMPLAINT_IMAGE_PATH}/${id}`;

const titleOf = (t: { titleEs: string; titleEn: string }, lang: Language) => (lang === 'en' ? t.titleEn : t.titleEs);

/** The active types and sub-types; with `cache` (the pages' reads), from it. */
async function activeTypes(db: DbOrTx, cache?: ComplaintCaches['complaintTypes']) {
  const load = () => db.select().from(complaintTypes).where(eq(complaintTypes.active, true)).orderBy(asc(complaintTypes.sort), asc(complaintTypes.value));
  return through(cache, 'active', load);
}

type ComplaintType = typeof complaintTypes.$inferSelect;

// ---------------------------------------------------------------------------
// Caches of the pages' reads (decision 007)
// ---------------------------------------------------------------------------

/**
 * What problem-init, problem-list and problem-detail read, kept between changes (decision 007; docs/complaints.md
 * "Caches"): with them warm, those calls make no database round trip. Migration 0021 makes orders, complaints and
 * complaint images announce 'borrower-data:<borrower id>' and complaint types 'complaint-types:*' on commit,
 * whichever process wrote them (a support reply's image rows carry the complaint's borrower id: replyToComplaint).
 * Writes (uploads, saves, scores, replies) never read them. Off while the change feed is off (they just load).
 */
export type ComplaintCaches = {
  /** The active complaint types, one list for everyone (key 'active'): dropped on 'complaint-types'. */
  complaintTypes?: VersionedCache<'active', ComplaintType[]>;
  /** problem-init's orders of a borrower (borrowerOrders), by borrower id: dropped on 'borrower-data:<id>' and 'product:<id>' of a product they name. */
  complaintOrders?: VersionedCache<number, BorrowerOrder[]>;
  /**
   * The borrower's complaints, by borrower id: one reader of that fact for problem-list and problem-detail (the
   * newest 500 full rows and their images): dropped on 'borrower-data:<id>'. problem-detail looks only in the
   * session borrower's own set; an id not in it is read from the database (never cached).
   */
  borrowerComplaints?: VersionedCache<number, BorrowerComplaints>;
};

/** `load`, through `cache` when there is one (a value is always found: never undefined). */
async function through<K, V>(cache: VersionedCache<K, V> | undefined, key: K, load: () => Promise<V>): Promise<V> {
  return cache ? ((await cache.readThrough(key, load)) as V) : load();
}

/** The borrower's id of a 'borrower-data:<id>' change; undefined for any other. */
function borrowerOfChange({ kind, key }: Change): number | undefined {
  const id = Number(key);
  return kind === 'borrower-data' && key !== '' && Number.isSafeInteger(id) ? id : undefined;
}

/** Drops the cached complaint types on 'complaint-types' (any key: the trigger runs per statement); false for any other change. */
export function dropStaleComplaintTypes(cache: NonNullable<ComplaintCaches['complaintTypes']>, { kind }: Change): boolean {
  if (kind !== 'complaint-types') return false;
  cache.invalidate('active');
  return true;
}

/**
 * Drops a borrower's cached orders on 'borrower-data:<id>', and those naming a product on 'product:<id>' (its name,
 * logo, time zone). 'order:<id>' is not needed: every order change the card shows (status, and so wasOverdue, whose
 * order_status_history row is written with the orders.status update) updates the orders row, which announces
 * 'borrower-data' too; the plan and ledger tables it also announces are not read here. False for any other change.
 */
export function dropStaleComplaintOrders(cache: NonNullable<ComplaintCaches['complaintOrders']>, change: Change): boolean {
  const borrowerId = borrowerOfChange(change);
  if (borrowerId !== undefined) {
    cache.invalidate(borrowerId);
    return true;
  }
  const productId = Number(change.key);
  if (change.kind !== 'product' || change.key === '' || !Number.isSafeInteger(productId)) return false;
  cache.invalidateWhere((mine) => mine.some((o) => o.productId === productId));
  return true;
}

/**
 * Drops a borrower's cached complaints on 'borrower-data:<id>' (that one key: the reads in flight of other borrowers
 * are kept); false for any other change.
 */
export function dropStaleBorrowerComplaints(cache: NonNullable<ComplaintCaches['borrowerComplaints']>, change: Change): boolean {
  const borrowerId = borrowerOfChange(change);
  if (borrowerId === undefined) return false;
  cache.invalidate(borrowerId);
  return true;
}

// ---------------------------------------------------------------------------
// problem-init
// ---------------------------------------------------------------------------

const statusKeys: Record<string, MessageKey> = {
  '21': 'status21',
  '151': 'status151',
  '110': 'status110',
  '174': 'status174',
  '180': 'status180',
  '200': 'status200',
};

/**
 * isShow (collection complaints allowed): the order is or has been overdue
 * (status 180 now or in its history): only then has it been in collection.
 */
async function borrowerOrders(db: DbOrTx, borrowerId: number) {
  return db
    .select({
      id: orders.id,
      productId: orders.productId,
      orderNo: orders.orderNo,
      status: orders.status,
      principal: orders.principal,
      createdAt: orders.createdAt,
      productName: products.name,
      productLogo: products.logoUrl,
      timeZone: products.timeZone,
      market: products.market,
      wasOverdue: sql<boolean>`(${orders.status} = '180' or exists (select 1 from ${orderStatusHistory} h where h.order_id = ${orders.id} and h.to_status = '180'))`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.borrowerId, borrowerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

type BorrowerOrder = Awaited<ReturnType<typeof borrowerOrders>>[number];

function orderCard(o: BorrowerOrder, lang: Language): ComplaintOrder {
  return {
    productLogo: o.productLogo,
    productName: o.productName,
    status: translate(lang, statusKeys[o.status] ?? 'status21'),
    list: [
      { text: translate(lang, 'complaintOrderNo'), value: o.orderNo },
      { text: translate(lang, 'complaintOrderAmount'), value: formatMarketMoney(o.principal, o.market) },
      { text: translate(lang, 'complaintOrderDate'), value: formatDate(o.createdAt, { timeZone: o.timeZone }) },
    ],
    orderNo: o.orderNo,
    isShow: o.wasOverdue ? 1 : 0,
  };
}

/** Types, collection sub-types, the order asked for (else the newest; a foreign id: 404) and every order of the borrower. */
export async function complaintInit(
  db: Db,
  borrowerId: number,
  orderIdRaw: string | undefined,
  lang: Language,
  caches: ComplaintCaches = {},
): Promise<InitData> {
  const [types, mine] = await Promise.all([
    activeTypes(db, caches.complaintTypes),
    through(caches.complaintOrders, borrowerId, () => borrowerOrders(db, borrowerId)),
  ]);
  let chosen = mine[0];
  if (orderIdRaw !== undefined && orderIdRaw !== '') {
    const id = toDbId(orderIdRaw);
    chosen = mine.find((o) => o.id === id);
    if (!chosen) throw notFound('orderNotFound');
  }
  return {
    problemType: types.filter((t) => t.parentValue === null).map((t) => ({ title: titleOf(t, lang), value: t.value })),
    problemSonType: types.filter((t) => t.parentValue === COLLECTION_PROBLEM_TYPE).map((t) => ({ title: titleOf(t, lang), value: t.value })),
    orderDetail: chosen ? orderCard(chosen, lang) : null,
    orderList: mine.map((o) => orderCard(o, lang)),
  };
}

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
export async function saveComplaint(db: Db, borrowerId: number, input: SaveInput, now = new Date()): Promise<{ problemId: string }> {
  const detail = input.problemDetail.trim();
  if (detail === '') throw badRequest('complaintTextEmpty');
  if (detail.length > COMPLAINT_TEXT_MAX) throw badRequest('complaintTextTooLong', { max: COMPLAINT_TEXT_MAX });
  const imageIds = parseImageList(input.problemImage);
  if (imageIds.length > COMPLAINT_IMAGES_MAX) throw badRequest('complaintTooManyImages', { max: COMPLAINT_IMAGES_MAX });

  const types = await activeTypes(db);
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

  const mine = await borrowerOrders(db, borrowerId);
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
// problem-list, problem-detail, problem-score
// ---------------------------------------------------------------------------

const tabKeys: Record<(typeof complaints.$inferSelect)['status'], MessageKey> = {
  open: 'complaintTabOpen',
  answered: 'complaintTabAnswered',
  closed: 'complaintTabClosed',
};

/** The borrower's newest complaints (at most 500, newest first): what problem-list shows. */
function complaintRows(db: DbOrTx, borrowerId: number) {
  return db
    .select()
    .from(complaints)
    .where(eq(complaints.borrowerId, borrowerId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(500);
}

type ComplaintRow = typeof complaints.$inferSelect;
/** An image of a complaint as problem-detail shows it: its id and who uploaded it. */
type ComplaintImageRef = { id: number; uploader: (typeof complaintImages.$inferSelect)['uploader'] };

/**
 * What problem-list and problem-detail read of a borrower's complaints: the rows of complaintRows and the images
 * of those complaints (support's reply images included), oldest first. Cached by borrower id.
 */
type BorrowerComplaints = { rows: ComplaintRow[]; images: (ComplaintImageRef & { complaintId: number | null })[] };

/** Reads BorrowerComplaints: the rows, and at once the images of the same complaints (selected by complaint). */
async function loadBorrowerComplaints(db: DbOrTx, borrowerId: number): Promise<BorrowerComplaints> {
  const mine = db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.borrowerId, borrowerId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(500);
  const [rows, images] = await Promise.all([
    complaintRows(db, borrowerId),
    db
      .select({ id: complaintImages.id, uploader: complaintImages.uploader, complaintId: complaintImages.complaintId })
      .from(complaintImages)
      .where(inArray(complaintImages.complaintId, mine))
      .orderBy(asc(complaintImages.id)),
  ]);
  return { rows, images };
}

/** The borrower's complaints from `cache`, else read into it; undefined while it is off (the calls read as without one). */
async function cachedBorrowerComplaints(db: DbOrTx, borrowerId: number, cache: ComplaintCaches['borrowerComplaints']) {
  if (!cache?.enabled) return undefined;
  return cache.readThrough(borrowerId, () => loadBorrowerComplaints(db, borrowerId));
}

/** Three tabs (open, answered, closed), newest first in each. */
/**
 * problem-list's answers built from cached reads, by the borrower's cached complaint rows, the cached types and the
 * language: they live exactly as long as those reads (the change feed drops them), so a warm list is built once.
 */
const builtLists = new WeakMap<object, WeakMap<object, Map<Language, ListData>>>();

export async function listComplaints(db: Db, borrowerId: number, lang: Language, caches: ComplaintCaches = {}): Promise<ListData> {
  const [set, types] = await Promise.all([cachedBorrowerComplaints(db, borrowerId, caches.borrowerComplaints), activeTypes(db, caches.complaintTypes)]);
  if (!set) return listAnswer(await complaintRows(db, borrowerId), types, lang);
  const typesFromCache = caches.complaintTypes?.get('active') === types;
  let byTypes = builtLists.get(set.rows);
  if (!byTypes) builtLists.set(set.rows, (byTypes = new WeakMap<object, Map<Language, ListData>>()));
  let byLang = byTypes.get(types);
  if (!byLang) byTypes.set(types, (byLang = new Map<Language, ListData>()));
  const built = byLang.get(lang);
  if (built) return built;
  const answer = listAnswer(set.rows, types, lang);
  // Kept only when both reads are the cached ones (a read the cache did not keep is not memoized).
  if (typesFromCache && caches.borrowerComplaints?.get(borrowerId) === set) byLang.set(lang, finalAnswer(answer));
  return answer;
}

function listAnswer(rows: ComplaintRow[], types: ComplaintType[], lang: Language): ListData {
  const typeTitle = (value: number) => {
    const t = types.find((x) => x.value === value);
    return t ? titleOf(t, lang) : '';
  };
  return {
    tabs: (['open', 'answered', 'closed'] as const).map((status) => ({
      title: translate(lang, tabKeys[status]),
      list: rows
        .filter((r) => r.status === status)
        .map((r) => ({
          id: String(r.id),
          time: formatDate(r.createdAt, { withTime: true, timeZone: LIST_TIME_ZONE }).slice(0, 16),
          type: typeTitle(r.typeValue),
          content: r.detail,
        })),
    })),
  };
}

async function ownedComplaint(db: DbOrTx, borrowerId: number, problemIdRaw: string) {
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

async function complaintImageList(db: DbOrTx, complaintId: number): Promise<ComplaintImageRef[]> {
  return db
    .select({ id: complaintImages.id, uploader: complaintImages.uploader })
    .from(complaintImages)
    .where(eq(complaintImages.complaintId, complaintId))
    .orderBy(asc(complaintImages.id));
}

/** What problem-detail reads of one complaint: its row and its images (ids and uploader, oldest first). */
type DetailRead = { complaint: ComplaintRow; images: ComplaintImageRef[] };

/**
 * The borrower's complaint with its images; another borrower's or an unknown one: 404 complaintNotFound. Through
 * `cache`: looked up in the session borrower's own complaints only (so a foreign id is never found there); an id
 * not there (beyond the newest 500, filed since the set was read, another's, unknown) is read from the database,
 * owner checked, and not cached.
 */
async function ownedComplaintDetail(db: Db, borrowerId: number, problemIdRaw: string, cache?: ComplaintCaches['borrowerComplaints']): Promise<DetailRead> {
  const id = toDbId(problemIdRaw);
  const set = id === undefined ? undefined : await cachedBorrowerComplaints(db, borrowerId, cache);
  const complaint = set?.rows.find((r) => r.id === id);
  if (set && complaint) return { complaint, images: set.images.filter((i) => i.complaintId === complaint.id) };
  const owned = await ownedComplaint(db, borrowerId, problemIdRaw);
  return { complaint: owned, images: await complaintImageList(db, owned.id) };
}

export async function complaintDetail(db: Db, borrowerId: number, problemIdRaw: string, lang: Language, caches: ComplaintCaches = {}): Promise<DetailData> {
  const [{ complaint: c, images }, types] = await Promise.all([
    ownedComplaintDetail(db, borrowerId, problemIdRaw, caches.borrowerComplaints),
    activeTypes(db, caches.complaintTypes),
  ]);
  const title = (value: number | null) => {
    const t = value === null ? undefined : types.find((x) => x.value === value);
    return t ? titleOf(t, lang) : '';
  };
  return {
    type: title(c.typeValue),
    sonType: title(c.subTypeValue),
    problemId: String(c.id),
    content: c.detail,
    images: images.filter((i) => i.uploader === 'borrower').map((i) => imageUrl(i.id)),
    disposeDetail: c.replyText,
    disposeImages: images.filter((i) => i.uploader === 'support').map((i) => imageUrl(i.id)),
    isNeedScore: c.status === 'answered' && c.score === null ? 1 : 0,
  };
}

/** The borrower's score of the reply (1–5): only once, only when answered; closes the complaint. */
export async function scoreComplaint(db: Db, borrowerId: number, input: { problemId: string; score: number }, now = new Date()) {
  return db.transaction(async (tx) => {
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
