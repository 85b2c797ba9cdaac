import { useRef, useState } from 'react';
import { COMPLAINT_TEXT_MAX } from '@presta/contract/complaint-rules';
import { clearComplaintDraft, updateComplaintDraft, type ComplaintDraft } from '../utils/complaint-draft';

/**
 * The complaint being written: its text and images as shown, each change kept
 * in the stored draft (complaint-draft.ts) so that a reload keeps it, until
 * the complaint is saved.
 */
export function useComplaintDraft(initial: ComplaintDraft) {
  const [text, setText] = useState(initial.text);
  const [images, setImages] = useState<string[]>(initial.images);
  /** The latest draft, for handlers that run after an await. */
  const draftRef = useRef<ComplaintDraft>(initial);
  /** Saved: the draft is cleared and stays so. */
  const done = useRef(false);

  const keep = (next: ComplaintDraft) => {
    draftRef.current = next;
    if (!done.current) updateComplaintDraft(next);
  };

  const changeText = (typed: string) => {
    // maxLength stops typing at the limit; a paste in an older web view is cut here.
    const value = typed.slice(0, COMPLAINT_TEXT_MAX);
    setText(value);
    keep({ ...draftRef.current, text: value });
  };

  const changeImages = (next: string[]) => {
    setImages(next);
    keep({ ...draftRef.current, images: next });
  };

  /** The complaint was saved: the stored draft goes, and no later change writes it again. */
  const finish = () => {
    done.current = true;
    clearComplaintDraft();
  };

  return { text, images, latest: () => draftRef.current, changeText, changeImages, finish };
}
