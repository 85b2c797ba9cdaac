import { useCallback, useEffect, useRef, useState } from 'react';
import { captchaUrl, fetchCaptchaSid } from '../api/sign-in';

export type Captcha = {
  /** The captcha session ('' until get-sid answered). */
  sid: string;
  /** The picture's address ('' until there is one). */
  src: string;
  /** True while a new captcha session is asked for. */
  loading: boolean;
  /** A message when get-sid was refused or failed. */
  failure: string;
  /** A new picture (a new session first when there is none). */
  refresh: () => void;
  /** The picture did not load (an expired session): the next refresh starts a new one. */
  onImageError: () => void;
};

/**
 * The promotion page's image captcha (apps/web/src/promo/captcha.ts), for
 * React: get-sid, then the picture `get-captcha?sid&t`; every refresh draws a
 * new picture with a new timestamp.
 */
export function useCaptcha(now: () => number = Date.now): Captcha {
  const [state, setState] = useState({ sid: '', src: '', loading: true, failure: '' });
  const sidRef = useRef('');
  const pending = useRef(false);

  const newSession = useCallback(async () => {
    if (pending.current) return;
    pending.current = true;
    const answer = await fetchCaptchaSid();
    pending.current = false;
    const sid = answer.success && answer.data ? answer.data.sid : '';
    sidRef.current = sid;
    setState({ sid, src: sid ? captchaUrl(sid, now()) : '', loading: false, failure: sid ? '' : answer.message });
  }, [now]);

  const refresh = useCallback(() => {
    if (!sidRef.current) {
      setState((s) => ({ ...s, loading: true, failure: '' }));
      void newSession();
      return;
    }
    setState((s) => ({ ...s, src: captchaUrl(sidRef.current, now()) }));
  }, [newSession, now]);

  useEffect(() => {
    void newSession();
  }, [newSession]);

  const onImageError = useCallback(() => {
    sidRef.current = '';
  }, []);

  return { ...state, refresh, onImageError };
}
