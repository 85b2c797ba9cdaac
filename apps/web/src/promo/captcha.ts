import { promotionCodes } from '@presta/contract/promotion-rules';
import { PromoNetworkError, type PromoApi } from './api';
import type { Notices } from './notices';

export type Captcha = {
  /** The captcha session id ('' until get-sid answered). */
  sid(): string;
  /** A new image (§5, §8). Without a sid yet, asks for one first. */
  refresh(): Promise<void>;
};

function sidOf(data: unknown): string {
  const sid = data !== null && typeof data === 'object' ? (data as { sid?: unknown }).sid : undefined;
  return typeof sid === 'string' ? sid : '';
}

/**
 * The image captcha: GET get-sid ('0' gives data.sid, any other code shows its
 * message), then the image `get-captcha?sid=…&t=<timestamp>`; every refresh
 * loads the image again with a new timestamp. An image that fails to load
 * (an expired session, too many refreshes) drops the sid, so the next refresh
 * starts a new session.
 */
export function createCaptcha({
  api,
  image,
  notices,
  now = Date.now,
}: {
  api: PromoApi;
  image: HTMLImageElement;
  notices: Notices;
  now?: () => number;
}): Captcha {
  let sid = '';
  let pendingSid: Promise<void> | null = null;

  image.addEventListener('error', () => {
    if (image.getAttribute('src')) sid = '';
  });

  const loadImage = () => {
    image.src = api.captchaUrl(sid, now());
  };

  const fetchSid = async () => {
    try {
      const answer = await api.getSid();
      const value = answer.code === promotionCodes.sidOk ? sidOf(answer.data) : '';
      if (value) {
        sid = value;
        loadImage();
      } else notices.server(answer.message);
    } catch (error) {
      if (error instanceof PromoNetworkError) notices.fixed('networkError');
      else throw error;
    }
  };

  return {
    sid: () => sid,
    async refresh() {
      if (sid) {
        loadImage();
        return;
      }
      pendingSid ??= fetchSid().finally(() => {
        pendingSid = null;
      });
      await pendingSid;
    },
  };
}
