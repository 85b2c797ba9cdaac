import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, bytea, createdAt, timestamptz } from '../columns';
import { borrowers } from './borrowers';
import { orders } from './orders';

// ---------------------------------------------------------------------------
// Complaints (docs/complaints.md)
// ---------------------------------------------------------------------------

/**
 * Question types (parentValue null) and sub-types (parentValue = their type's
 * value), seeded; value 1 is collection. Titles per language.
 */
export const complaintTypes = pgTable(
  'complaint_types',
  {
    id: serial('id').primaryKey(),
    value: integer('value').notNull().unique(),
    parentValue: integer('parent_value'),
    titleEs: text('title_es').notNull(),
    titleEn: text('title_en').notNull(),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('complaint_types_value_positive', sql`${t.value} > 0`)],
);

export const complaintStatuses = ['open', 'answered', 'closed'] as const;

export const complaints = pgTable(
  'complaints',
  {
    id: bigserialId(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    typeValue: integer('type_value').notNull(),
    subTypeValue: integer('sub_type_value'),
    detail: text('detail').notNull(),
    status: text('status', { enum: complaintStatuses }).notNull().default('open'),
    replyText: text('reply_text').notNull().default(''),
    repliedAt: timestamptz('replied_at'),
    repliedBy: text('replied_by'),
    /** The borrower's score of the reply, 1 to 5. */
    score: smallint('score'),
    scoredAt: timestamptz('scored_at'),
    closedAt: timestamptz('closed_at'),
    /** SHA-256 of order, type, sub-type, text and images: a double tap saves one complaint. */
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaints_borrower_idx').on(t.borrowerId, t.createdAt),
    index('complaints_status_idx').on(t.status, t.createdAt),
    check('complaints_status_ok', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('complaints_detail_length', sql`char_length(${t.detail}) between 1 and 200`),
    check('complaints_score_range', sql`${t.score} is null or ${t.score} between 1 and 5`),
  ],
);

/**
 * Complaint images, re-encoded without metadata, kept in the database so that
 * every API process serves them. A borrower's upload waits (complaintId null)
 * until a complaint names it; support's reply images belong to the complaint
 * from the start.
 */
export const complaintImages = pgTable(
  'complaint_images',
  {
    id: bigserialId(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    complaintId: bigintId('complaint_id').references(() => complaints.id),
    uploader: text('uploader', { enum: ['borrower', 'support'] }).notNull(),
    mime: text('mime', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaint_images_complaint_idx').on(t.complaintId),
    index('complaint_images_borrower_idx').on(t.borrowerId, t.createdAt),
    check('complaint_images_mime_ok', sql`${t.mime} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);
