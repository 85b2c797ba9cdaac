import { COLLECTION_PROBLEM_TYPE, COMPLAINT_IMAGES_MAX, COMPLAINT_TEXT_MAX } from '@presta/contract/complaint-rules';
import { getSessionParams } from '@/shared/session/session-params';
import { isComplaintImageUrl } from './image-check';
import type { ComplaintOption } from './complaint-types';

/**
 * The complaint being written, kept in localStorage under one key so that the
 * form survives a reload (§4 step 6: a successful submit clears it). The
 * entry page writes the choice (order, type, sub-type) and goes to the form;
 * the form adds the text and the uploaded image addresses as they change.
 *
 * The draft belongs to the session that wrote it (`owner`, a hash of the
 * session id, not the id): another borrower on the same device never sees it.
 */
export const complaintDraftKey = 'presta.complaint.draft';

export type ComplaintChoice = {
  orderNo: string;
  type: ComplaintOption;
  /** The chosen sub-type: for the collection type only (when it has sub-types), else null. */
  subType: ComplaintOption | null;
};

export type ComplaintDraft = ComplaintChoice & {
  /** The problem description so far (at most COMPLAINT_TEXT_MAX characters). */
  text: string;
  /** Uploaded image addresses (`/user-problem/problem-image/<id>`), at most COMPLAINT_IMAGES_MAX. */
  images: string[];
};

type StoredDraft = ComplaintDraft & { owner: string };

/** FNV-1a of the session id: enough to tell sessions apart without storing the id. */
function ownerOf(search?: string): string {
  const id = getSessionParams(search).sessionId ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

function readOption(value: unknown): ComplaintOption | null {
  if (value === null || typeof value !== 'object') return null;
  const { title, value: v } = value as Record<string, unknown>;
  return typeof title === 'string' && title.trim() !== '' && Number.isSafeInteger(v) ? { title, value: v as number } : null;
}

function load(): StoredDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(complaintDraftKey);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object') return null;
  const d = parsed as Record<string, unknown>;
  const type = readOption(d.type);
  const subType = readOption(d.subType);
  const orderNo = typeof d.orderNo === 'string' ? d.orderNo.trim() : '';
  if (!type || !orderNo || orderNo.length > 40 || typeof d.owner !== 'string') return null;
  const images = Array.isArray(d.images) ? [...new Set(d.images.filter(isComplaintImageUrl))].slice(0, COMPLAINT_IMAGES_MAX) : [];
  const text = typeof d.text === 'string' ? d.text.slice(0, COMPLAINT_TEXT_MAX) : '';
  // Only the collection type has sub-types.
  return { owner: d.owner, orderNo, type, subType: type.value === COLLECTION_PROBLEM_TYPE ? subType : null, text, images };
}

function store(draft: StoredDraft): boolean {
  try {
    localStorage.setItem(complaintDraftKey, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** The draft of this session, or null (none, unreadable, or another session's). */
export function readComplaintDraft(): ComplaintDraft | null {
  const draft = load();
  if (!draft || draft.owner !== ownerOf()) return null;
  const rest: Partial<StoredDraft> = { ...draft };
  delete rest.owner;
  return rest as ComplaintDraft;
}

/**
 * Starts the draft with a choice, keeping the text and images this session
 * already wrote (the borrower came back to change the type). False when the
 * browser does not store it.
 */
export function chooseComplaint(choice: ComplaintChoice): boolean {
  const previous = readComplaintDraft();
  return store({
    owner: ownerOf(),
    orderNo: choice.orderNo,
    type: choice.type,
    subType: choice.type.value === COLLECTION_PROBLEM_TYPE ? choice.subType : null,
    text: previous?.text ?? '',
    images: previous?.images ?? [],
  });
}

/** Saves the draft's text and images (the choice stays). */
export function updateComplaintDraft(draft: ComplaintDraft): boolean {
  return store({
    ...draft,
    owner: ownerOf(),
    text: draft.text.slice(0, COMPLAINT_TEXT_MAX),
    images: draft.images.slice(0, COMPLAINT_IMAGES_MAX),
  });
}

/** Forgets the draft (after a successful submit). */
export function clearComplaintDraft(): void {
  try {
    localStorage.removeItem(complaintDraftKey);
  } catch {
    // Nothing stored to clear.
  }
}
