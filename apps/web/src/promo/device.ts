/** §7 client_type: 'ios' on iPhone, iPad and iPod (iPadOS says Macintosh but has touch), else 'android'. */
export type ClientType = 'ios' | 'android';

export function clientType(userAgent: string, maxTouchPoints = 0): ClientType {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'android';
}
