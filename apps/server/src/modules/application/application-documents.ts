import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DocumentKind } from '@presta/contract/application-rules';
import type { DbOrTx } from '../../db/database';
import { creditApplicationDocuments } from '../../db/schema';
import type { CleanDocument } from './document-image';

/*
 * The one writer and reader of credit_application_documents (docs/application.md "Documents"): the images as
 * stored (re-encoded JPEG, document-image.ts), one active per kind; a new upload of a kind replaces the active one,
 * which is kept with replaced_at (what the borrower sent before stays on record for a reviewer).
 */

export type ActiveDocument = { kind: DocumentKind; createdAt: Date; width: number; height: number; size: number };

/** The application's active documents (without their bytes), oldest first. */
export async function activeDocuments(db: DbOrTx, applicationId: number): Promise<ActiveDocument[]> {
  const d = creditApplicationDocuments;
  return db
    .select({ kind: d.kind, createdAt: d.createdAt, width: d.width, height: d.height, size: sql<number>`octet_length(${d.bytes})::int` })
    .from(d)
    .where(and(eq(d.applicationId, applicationId), isNull(d.replacedAt)))
    .orderBy(asc(d.createdAt), asc(d.id));
}

/** The active document's image (JPEG bytes), if there is one. */
export async function documentBytes(db: DbOrTx, applicationId: number, kind: DocumentKind): Promise<Buffer | undefined> {
  const d = creditApplicationDocuments;
  const [row] = await db
    .select({ bytes: d.bytes })
    .from(d)
    .where(and(eq(d.applicationId, applicationId), eq(d.kind, kind), isNull(d.replacedAt)))
    .limit(1);
  return row?.bytes;
}

/**
 * Stores `image` as the active document of its kind, marking the one it replaces. Run it in the transaction that
 * holds the application's row lock (openApplication with lock), so two uploads of a kind take turns.
 */
export async function storeDocument(tx: DbOrTx, applicationId: number, kind: DocumentKind, image: CleanDocument, now = new Date()): Promise<void> {
  const d = creditApplicationDocuments;
  await tx
    .update(d)
    .set({ replacedAt: now })
    .where(and(eq(d.applicationId, applicationId), eq(d.kind, kind), isNull(d.replacedAt)));
  await tx.insert(d).values({
    applicationId,
    kind,
    mime: 'image/jpeg',
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    sha256: image.sha256,
    createdAt: now,
  });
}
