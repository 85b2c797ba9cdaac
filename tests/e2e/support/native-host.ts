import type { Page } from '@playwright/test';

export type BridgeCall = { name: string; payload: unknown };

/** Pretends to be the iOS host: every bridge message is recorded in window.__bridgeCalls. */
export async function installFakeIosHost(page: Page) {
  await page.addInitScript(() => {
    const calls: { name: string; payload: unknown }[] = [];
    (window as unknown as { __bridgeCalls: typeof calls }).__bridgeCalls = calls;
    const handlers = new Proxy(
      {},
      { get: (_t, name: string) => ({ postMessage: (payload: unknown) => calls.push({ name, payload }) }) },
    );
    (window as unknown as { webkit: unknown }).webkit = { messageHandlers: handlers };
  });
}

export async function bridgeCalls(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => (window as unknown as { __bridgeCalls: BridgeCall[] }).__bridgeCalls ?? []);
}
