import type { ConsoleAction } from '@presta/contract/staff-roles';

/** The API document's tag of every back-office call. */
const tags = ['back office'];

/**
 * The options every signed-in console call shares: a staff call taking `action` ('signedIn': any signed-in member),
 * under the back office's tag. `sessionOnly`: a console session only, an API token is refused (the session's own
 * calls, making a token).
 */
export function staffCall(action: ConsoleAction | 'signedIn', { sessionOnly = false } = {}) {
  return { auth: 'staff' as const, staffAction: action, ...(sessionOnly ? { staffApiTokens: false as const } : {}), tags };
}

/**
 * A public console call (no session yet): JSON; with `max`, limited to that many a minute per client address
 * (shared across processes).
 */
export function publicConsoleCall(max?: number) {
  return { auth: 'public' as const, tags, ...(max === undefined ? {} : { rateLimit: { max, timeWindow: '1 minute' } }) };
}
