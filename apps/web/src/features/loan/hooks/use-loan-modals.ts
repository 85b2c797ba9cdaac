import { useEffect, useRef, useState } from 'react';
import type { LoanDetailsData } from '@presta/contract/api/loan';
import { bridge } from '@/shared/bridge/native-bridge';
import { deferRating, sendRating } from '../api/send-rating';

export type OpenModal = 'none' | 'rating' | 'thanks' | 'extension';

/**
 * The loan details' modals, one at a time: the rating prompt (and its
 * thanks), and the extension reminder before a repayment.
 */
export function useLoanModals(data: LoanDetailsData, orderId: string) {
  const [modal, setModal] = useState<OpenModal>('none');

  // The rating prompt opens at most once per page load, and only when the server asks (isScore = 1: never over
  // a loan with something to pay today, nor while the borrower's "not now" lasts, issue 14).
  const ratingOffered = useRef(false);
  useEffect(() => {
    if (data.isScore !== 1 || ratingOffered.current || modal !== 'none') return;
    ratingOffered.current = true;
    setModal('rating');
  }, [data.isScore, modal]);

  // "Not now", the close button or Escape: the server remembers it for the borrower.
  const ratingLater = () => {
    setModal('none');
    void deferRating();
  };

  const sendScore = async (score: number) => {
    const result = await sendRating(score, orderId);
    if (!result.success) return false;
    if (score < 4) {
      setModal('thanks');
      return true;
    }
    let rated: boolean;
    try {
      rated = bridge.rateApp();
    } catch {
      rated = false;
    }
    // Outside the app (no store prompt to open) the borrower is thanked instead.
    setModal(rated ? 'none' : 'thanks');
    return true;
  };

  return {
    modal,
    openExtension: () => setModal('extension'),
    close: () => setModal('none'),
    ratingLater,
    sendScore,
  };
}
