import { promoMessages, type FixedMessageKey } from './messages';
import type { Toaster } from './toast';

/** What the registration page tells the visitor, always as a toast (§5, §8). */
export type Notices = {
  /** A §5 / §8 message, in Chinese whatever the page language. */
  fixed(key: FixedMessageKey): void;
  /** The server's message of a refusal ('error' when it sent none). */
  server(message: string): void;
};

export function createNotices(toaster: Toaster): Notices {
  const fixed = (key: FixedMessageKey) =>
    toaster.show(promoMessages.zh[key], { lang: key === 'networkError' ? 'en' : 'zh-CN' });
  return {
    fixed,
    server: (message) => (message.trim() ? toaster.show(message) : fixed('networkError')),
  };
}
