import { useEffect, useRef, useState } from 'react';
import { COMPLAINT_IMAGES_MAX, COMPLAINT_SUCCESS_DELAY_MS } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { replaceLocation } from '@/shared/session/navigation';
import { showToast } from '@/shared/ui/toast';
import { complaintPayload, saveComplaint } from '../api/save-complaint';
import { uploadComplaintImage } from '../api/upload-complaint-image';
import { complaintFilingMessages } from '../messages';
import type { ComplaintDraft } from '../utils/complaint-draft';
import { complaintImageMaxMb, imageProblem } from '../utils/image-check';
import { complaintEntryUrl } from '../utils/links';
import { useComplaintDraft } from './use-complaint-draft';

/**
 * The complaint form's draft and what it does (§5): images uploaded one at a
 * time, and one save per complaint, after which the form shows the success
 * state for COMPLAINT_SUCCESS_DELAY_MS and returns to the complaint entry.
 */
export function useComplaintForm(initial: ComplaintDraft) {
  const { t } = useMessages(complaintFilingMessages);
  const draft = useComplaintDraft(initial);
  const [sent, setSent] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const uploading = useRef(false);
  /** A save is running or done: taps on Submit meanwhile do nothing (one save per complaint). */
  const saving = useRef(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const pickImage = async (file: File) => {
    // §5: one at a time; an add at the limit is ignored.
    if (uploading.current || saving.current || draft.latest().images.length >= COMPLAINT_IMAGES_MAX) return;
    const problem = imageProblem(file);
    if (problem) {
      showToast(problem === 'type' ? t('imageWrongType') : t('imageTooLarge', { mb: complaintImageMaxMb }));
      return;
    }
    uploading.current = true;
    const result = await uploadComplaintImage(file, { loading: t('uploading') });
    uploading.current = false;
    // A refusal was toasted with the server's message.
    if (!result.success || !result.data) return;
    const current = draft.latest().images;
    if (current.length >= COMPLAINT_IMAGES_MAX || current.includes(result.data.url)) return;
    draft.changeImages([...current, result.data.url]);
    showToast(t('uploadDone'));
  };

  const removeImage = (index: number) => draft.changeImages(draft.latest().images.filter((_, i) => i !== index));

  const submit = async () => {
    if (saving.current) return;
    const latest = draft.latest();
    if (latest.text.trim() === '') {
      showToast(t('emptyDescription'));
      textRef.current?.focus();
      return;
    }
    saving.current = true;
    const result = await saveComplaint(complaintPayload(latest), { loading: t('submitting') });
    if (!result.success) {
      // callApi toasted the server's message (e.g. the collection refusal).
      saving.current = false;
      return;
    }
    draft.finish();
    setSent(true);
    leaveTimer.current = setTimeout(() => replaceLocation(complaintEntryUrl()), COMPLAINT_SUCCESS_DELAY_MS);
  };

  return { text: draft.text, images: draft.images, sent, textRef, changeText: draft.changeText, pickImage, removeImage, submit };
}
