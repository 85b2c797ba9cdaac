import type { MockOptions, ProviderMock } from './mock-kit';

// PLACEHOLDER (issue 36): h3 writes the Razorpay mock; the merge takes h3's file.
export function startRazorpayMock(opts: MockOptions): Promise<ProviderMock> {
  void opts;
  return Promise.reject(new Error('not built yet'));
}
