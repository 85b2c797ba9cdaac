import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signInStaff, StaffSignInRefused, waitAsLongAsPasswordCheck, type SignInInput, type StaffIdentity } from './staff-service';

/*
 * Throttling the console's sign-in (issue 32, decision 024; docs/back-office.md). Failures are counted in the
 * rate-limit store (Redis, shared by every process; this process's memory while Redis is down), with exponential
 * back-off: past the limit, each further failure doubles the wait (the window times 2^(failures - max - 1)).
 *
 * - Per address: every refused attempt from the client address counts. An address at its limit is refused without
 *   a check (answered as late as a check would be, without its cost), so it learns nothing more, the right password
 *   and code included. This replaces the call's request limit: a flood from one address costs a timer each.
 * - Per account: only attempts with the member's right password and a wrong code count (someone holds the
 *   password and is guessing the second factor). Once at the limit, the account's sign-ins are refused until the
 *   wait ends or an admin resets it (a new password starts a new count). A caller without the password never moves
 *   this count: whatever anyone else tries, the member's right password and code from an address of their own sign
 *   in.
 *
 * Every refusal, throttled or not, is the same StaffSignInRefused (401 401003).
 */

export const staffSignInLimits = {
  /** Refused sign-ins from one client address (any e-mail). */
  address: { max: 10, windowMs: 15 * 60_000 },
  /** Wrong codes after the right password, for one account (member and password). */
  secondFactor: { max: 5, windowMs: 15 * 60_000 },
} as const;

type Counter = ReturnType<FastifyInstance['createRateLimit']>;
const atLimit = async (count: Counter, request: FastifyRequest) => {
  const state = await count(request, { increment: false });
  return !state.isAllowed && state.remaining === 0;
};

/** The console's sign-in with its throttles: the member, or a StaffSignInRefused. */
export function throttledStaffSignIn(app: FastifyInstance, key: Buffer) {
  const counter = (limit: { max: number; windowMs: number }, keyGenerator: (request: FastifyRequest) => string) => {
    // exponentialBackoff is read by createRateLimit (its options are merged into the store's), not in its typings.
    const options: RateLimitOptions = { max: limit.max, timeWindow: limit.windowMs, exponentialBackoff: true, keyGenerator };
    return app.createRateLimit(options);
  };
  const byAddress = counter(staffSignInLimits.address, (request) => `staff-sign-in-address:${request.ip}`);
  // The store counts by request: the account an attempt is about is set for its request first.
  const accountOf = new WeakMap<FastifyRequest, string>();
  const byAccount = counter(staffSignInLimits.secondFactor, (request) => `staff-sign-in-account:${accountOf.get(request) ?? ''}`);

  return async (request: FastifyRequest, input: SignInInput): Promise<StaffIdentity> => {
    if (await atLimit(byAddress, request)) {
      await waitAsLongAsPasswordCheck();
      await byAddress(request);
      throw new StaffSignInRefused();
    }
    const throttle = {
      throttled: (account: string) => {
        accountOf.set(request, account);
        return atLimit(byAccount, request);
      },
    };
    try {
      return await signInStaff(app.db, key, input, new Date(), throttle);
    } catch (error) {
      if (!(error instanceof StaffSignInRefused)) throw error;
      await byAddress(request);
      if (error.secondFactorOf) {
        accountOf.set(request, error.secondFactorOf);
        await byAccount(request);
      }
      throw error;
    }
  };
}
