/*
 * What every local payout provider offers (docs/disbursal.md "Mocks"): its API on a local port, the settings that
 * point the adapter at it, the provider's answers played on demand, and a mode for the next calls (tests).
 */

export type PayoutMockMode = 'accept' | 'refuse' | 'timeout-after-accept' | 'down';
export type PayoutOutcome = 'settled' | 'returned' | 'failed';

export type PayoutMock = {
  provider: 'stp' | 'razorpayx';
  /** Base URL of its API. */
  url: string;
  /** The settings that point the server's adapter at it, with the keys it made (STP_API_URL, RAZORPAYX_API_URL, ...). */
  env: Record<string, string>;
  /** Plays the provider's answer to a payout it accepted, by our idempotency key: its callbacks, signed and retried the provider's way. */
  play(idempotencyKey: string, outcome: PayoutOutcome): Promise<void>;
  /** How it answers from now on: accept (default), refuse, timeout-after-accept, down. */
  setMode(mode: PayoutMockMode): void;
  close(): Promise<void>;
};
