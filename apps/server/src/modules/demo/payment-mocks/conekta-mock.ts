import type { MockOptions, ProviderMock } from './mock-kit';

// PLACEHOLDER (issue 36): h1 writes the Conekta mock; the merge takes h1's file.
export async function startConektaMock(opts: MockOptions): Promise<ProviderMock> {
  void opts;
  throw new Error('not built yet');
}
