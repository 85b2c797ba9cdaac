import type { Page } from '@playwright/test';
import { bridgeMessages } from '@presta/contract/bridge-messages';

/** One call of the Android JavaScript interface: the message name, its JSON argument and the page that sent it. */
export type AndroidBridgeCall = { name: string; json: string; pageUrl: string };

/**
 * Pretends to be the Android host: a JavaScript interface `window.PrestaAndroid`
 * (what `addJavascriptInterface` gives a web view) with one method per bridge
 * message (apps/web/src/shared/bridge/native-bridge.ts), each taking a JSON
 * string. Calls are recorded on the test side, so they survive the page
 * navigating away (a paid card payment leaves for the loan details at once).
 * Returns the live list of calls.
 */
export async function installFakeAndroidHost(page: Page): Promise<AndroidBridgeCall[]> {
  const calls: AndroidBridgeCall[] = [];
  await page.exposeBinding('__prestaAndroidRecord', ({ frame }, name: string, json: string) => {
    calls.push({ name, json, pageUrl: frame.url() });
  });
  await page.addInitScript((names: string[]) => {
    type Recorder = (name: string, json: string) => Promise<void>;
    const w = window as unknown as { __prestaAndroidRecord?: Recorder; PrestaAndroid?: Record<string, (json: string) => void> };
    const bridgeInterface: Record<string, (json: string) => void> = {};
    for (const name of names) {
      bridgeInterface[name] = (json: string) => {
        void w.__prestaAndroidRecord?.(name, json);
      };
    }
    w.PrestaAndroid = bridgeInterface;
  }, Object.values(bridgeMessages));
  return calls;
}
