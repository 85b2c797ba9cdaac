import type { MockOptions, ProviderMock } from './mock-kit';

// PLACEHOLDER (issue 36): h2 writes the Stp mock; the merge takes h2's file.
export async function startStpMock(opts: MockOptions): Promise<ProviderMock> {
  void opts;
  throw new Error('not built yet');
}
