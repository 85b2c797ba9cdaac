import type { z } from 'zod';
import type { complaintOrderSchema, problemDetail, problemInit, problemList } from '@presta/contract/api/complaint';
import { COLLECTION_PROBLEM_TYPE } from '@presta/contract/complaint-rules';
import { formatDate } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { formatMarketMoney } from '@presta/contract/markets';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { complaintImages, complaints } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { toDbId } from '../../lib/db-id';
import { translate, type MessageKey } from '../../i18n/messages';
import type { BorrowerContext } from '../../plugins/app/repositories';
import type { BorrowerOrder, ComplaintImageRef, ComplaintRow, ComplaintType } from './complaint-repository';
import { imageUrl, ownedComplaint, titleOf } from './complaint-service';

/*
 * The complaint pages' reads (§7; docs/complaints.md): problem-init (types and the borrower's orders), problem-list
 * (three tabs) and problem-detail (one complaint with the support reply). Each reads only the session borrower's
 * own orders and complaints; a foreign id reads exactly like an unknown one (404).
 */

type ComplaintOrder = z.input<typeof complaintOrderSchema>;
type InitData = z.input<typeof problemInit.data>;
type ListData = z.input<typeof problemList.data>;
type DetailData = z.input<typeof problemDetail.data>;

/** Time zone of the times shown in the complaint list (the lender's). */
const LIST_TIME_ZONE = 'America/Mexico_City';

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
export async function complaintInit(ctx: BorrowerContext, orderIdRaw: string | undefined): Promise<InitData> {
  const { repos, lang } = ctx;
  const [types, mine] = await Promise.all([repos.complaints.activeTypes(), repos.complaints.ordersOf(ctx.borrowerId)]);
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
// problem-list, problem-detail
// ---------------------------------------------------------------------------

const tabKeys: Record<(typeof complaints.$inferSelect)['status'], MessageKey> = {
  open: 'complaintTabOpen',
  answered: 'complaintTabAnswered',
  closed: 'complaintTabClosed',
};

/** Three tabs (open, answered, closed), newest first in each. */
export async function listComplaints(ctx: BorrowerContext): Promise<ListData> {
  const { repos, lang } = ctx;
  const [set, types] = await Promise.all([repos.complaints.complaintsOf(ctx.borrowerId), repos.complaints.activeTypes()]);
  return repos.complaints.listAnswer({ rows: set.rows, types }, lang, () => listAnswer(set.rows, types, lang));
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
 * The borrower's complaint with its images; another borrower's or an unknown one: 404 complaintNotFound. Looked up
 * in the session borrower's own complaints first (so a foreign id is never found there); an id not there (beyond
 * the newest 500, filed since the set was read, another's, unknown) is read from the database, owner checked.
 */
async function ownedComplaintDetail(ctx: BorrowerContext, problemIdRaw: string): Promise<DetailRead> {
  const id = toDbId(problemIdRaw);
  const set = id === undefined ? undefined : await ctx.repos.complaints.complaintsOf(ctx.borrowerId);
  const complaint = set?.rows.find((r) => r.id === id);
  if (set && complaint) return { complaint, images: set.images.filter((i) => i.complaintId === complaint.id) };
  const owned = await ownedComplaint(ctx.db, ctx.borrowerId, problemIdRaw);
  return { complaint: owned, images: await complaintImageList(ctx.db, owned.id) };
}

export async function complaintDetail(ctx: BorrowerContext, problemIdRaw: string): Promise<DetailData> {
  const { lang } = ctx;
  const [{ complaint: c, images }, types] = await Promise.all([ownedComplaintDetail(ctx, problemIdRaw), ctx.repos.complaints.activeTypes()]);
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
