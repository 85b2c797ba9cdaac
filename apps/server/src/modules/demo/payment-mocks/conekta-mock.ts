import type { MockOptions, ProviderMock } from './mock-kit';

// PLACEHOLDER (issue 36): h1 writes the Conekta mock; the merge takes h1's file.
export function startConektaMock(opts: MockOptions): Promise<ProviderMock> {
  void opts;
  return Promise.reject(new Error('not built yet'));
}
