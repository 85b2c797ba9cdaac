import { useMemo, useRef, useState } from 'react';
import type { LoanConfirmData } from '@presta/contract/api/loan';
import { errorCodes } from '@presta/contract/error-codes';
import { retryAfterOf } from '@/shared/http/http-client';
import { useMessages } from '@/shared/i18n/use-messages';
import { prepareAgreement, type PreparedAgreement } from '../api/prepare-agreement';
import { signAgreement } from '../api/sign-agreement';
import type { LoanFigures } from '../api/submit-loan';
import { loanMessages } from '../messages';
import { useSubmitLoan } from './use-confirm-loan';

/** Digits of the signing code the SMS carries. */
export const AGREEMENT_CODE_LENGTH = 6;

/** The agreement prepared for some figures: the document, when its code expires, and whether it is signed. */
type Prepared = { figures: string; agreement: PreparedAgreement; expiresAt: number; signed: boolean };

type Busy = 'prepare' | 'resend' | 'sign';

function figuresOf(data: LoanConfirmData, productId: string): LoanFigures {
  return { amount: data.amount, periods: data.periods, termUnit: data.termUnit, productId, proposalNo: data.keyFacts?.proposalNo };
}

const keyOf = (f: LoanFigures) => [f.productId, f.amount, f.periods, f.termUnit, f.proposalNo ?? ''].join(':');

/**
 * What the signing dialog shows besides the document: the code typed, the server's refusal, and `focusCode`,
 * which changes whenever the focus should go (back) to the code input (a refusal, a new code).
 */
function useSigningForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [focusCode, setFocusCode] = useState(0);
  return {
    code,
    error,
    focusCode,
    type: (text: string) => setCode(text.replace(/\D/g, '').slice(0, AGREEMENT_CODE_LENGTH)),
    reset: () => {
      setCode('');
      setError(null);
    },
    refuse: (message: string, clearCode = false) => {
      setError(message);
      if (clearCode) setCode('');
      setFocusCode((n) => n + 1);
    },
    fresh: () => {
      setCode('');
      setError(null);
      setFocusCode((n) => n + 1);
    },
  };
}

/** The agreement prepared for the page's figures (null once they changed), the resend wait, and one call at a time. */
function usePreparedAgreement(figures: LoanFigures | null) {
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const lock = useRef(false);
  return {
    current: figures && prepared?.figures === keyOf(figures) ? prepared : null,
    busy,
    resendAt,
    /** Starts a call unless one runs: false when it may not start. */
    begin: (step: Busy) => {
      if (lock.current) return false;
      lock.current = true;
      setBusy(step);
      return true;
    },
    release: () => {
      lock.current = false;
      setBusy(null);
    },
    accept: (agreement: PreparedAgreement, figuresKey: string) => {
      const now = Date.now();
      const keepsSignature = (before: Prepared | null) =>
        before?.signed === true && before.figures === figuresKey && before.agreement.agreementNo === agreement.agreementNo;
      setPrepared((before) => ({ figures: figuresKey, agreement, expiresAt: now + agreement.expiresIn * 1000, signed: keepsSignature(before) }));
      setResendAt(now + agreement.resendAfter * 1000);
    },
    markSigned: (agreementNo: string, signed: boolean) =>
      setPrepared((p) => (p && p.agreement.agreementNo === agreementNo ? { ...p, signed } : p)),
    waitFor: (seconds: number) => setResendAt(Date.now() + seconds * 1000),
  };
}

/**
 * Issue 38: applying means signing the agreement first. The submit button prepares the agreement for the
 * figures on the page (its PDF and an SMS code) and opens the signing dialog; "sign and apply" signs with the
 * code, then submits with the agreement's number. One call at a time: a second tap does nothing. The agreement
 * prepared for figures the page no longer shows (a recalculated offer) is dropped; one whose code is still good
 * opens again without a new code.
 */
export function useAgreementSigning(data: LoanConfirmData | null, productId: string) {
  const { t } = useMessages(loanMessages);
  const submitLoan = useSubmitLoan();
  const figures = useMemo(() => (data ? figuresOf(data, productId) : null), [data, productId]);
  const [open, setOpen] = useState(false);
  const doc = usePreparedAgreement(figures);
  const form = useSigningForm();
  const { current } = doc;

  const start = async () => {
    if (!figures || doc.busy) return;
    form.reset();
    if (current && Date.now() < current.expiresAt) return setOpen(true);
    if (!doc.begin('prepare')) return;
    const result = await prepareAgreement(figures, { loading: t('agreementPreparing') });
    doc.release();
    // A refusal was toasted by the API client; the borrower may tap again.
    if (!result.success || !result.data) return;
    doc.accept(result.data, keyOf(figures));
    setOpen(true);
  };

  const resend = async () => {
    if (!figures || !doc.begin('resend')) return;
    const result = await prepareAgreement(figures, { loading: t('agreementResending'), silent: true });
    doc.release();
    if (result.success && result.data) {
      doc.accept(result.data, keyOf(figures));
      return form.fresh();
    }
    form.refuse(result.message);
    const wait = result.code === errorCodes.rateLimited ? retryAfterOf(result.raw) : undefined;
    if (wait) doc.waitFor(wait);
  };

  const sign = async () => {
    if (!current || !figures || doc.busy) return;
    if (!current.signed && form.code.length !== AGREEMENT_CODE_LENGTH) return form.refuse(t('agreementCodeRequired'));
    const { agreementNo } = current.agreement;
    if (!doc.begin('sign')) return;
    if (!current.signed) {
      const signed = await signAgreement({ agreementNo, code: form.code }, t('agreementSigning'));
      // A wrong, expired or used code (400…) is cleared for the next one.
      if (!signed.success) return fail(signed.message, signed.code.startsWith('400'));
      doc.markSigned(agreementNo, true);
    }
    const submitted = await submitLoan({ ...figures, agreementNo });
    // The page is being replaced: it stays locked so nothing is signed or submitted twice.
    if (submitted.success && submitted.data) return;
    // Refused as unsigned: the code was spent, a new one signs again.
    const unsigned = submitted.code === errorCodes.agreementNotSigned;
    if (unsigned) doc.markSigned(agreementNo, false);
    fail(submitted.message, unsigned);
  };
  const fail = (message: string, clearCode: boolean) => {
    doc.release();
    form.refuse(message, clearCode);
  };

  const close = () => {
    setOpen(false);
    form.reset();
  };

  const { code, error, focusCode, type } = form;
  const { busy, resendAt } = doc;
  return { open: open && current !== null, agreement: current?.agreement ?? null, code, error, focusCode, type, busy, resendAt, start, resend, sign, close };
}

export type AgreementSigning = ReturnType<typeof useAgreementSigning>;
