import type { MockOptions, ProviderMock } from './mock-kit';

// PLACEHOLDER (issue 36): h2 writes the Stp mock; the merge takes h2's file.
export function startStpMock(opts: MockOptions): Promise<ProviderMock> {
  void opts;
  return Promise.reject(new Error('not built yet'));
}
