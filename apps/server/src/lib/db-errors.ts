/*
 * Which errors mean "PostgreSQL cannot answer now" (the call may work in a
 * moment: 503 with Retry-After), as opposed to a bug (500). The driver's
 * connection errors, PostgreSQL's connection-class and shutdown codes, and the
 * server-side time limits we set on every connection (statement_timeout,
 * lock_timeout: a call that waited too long is refused quickly instead of
 * holding a connection).
 */

/** postgres.js and Node socket error codes of a connection that failed or was lost. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/** SQLSTATEs: connection exceptions (class 08), shutdown, too many connections, time limits, serialisation. */
const unavailableStates = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovery)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** True when the error, or one it was caused by, says the database cannot answer now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = codeOf(current);
    if (code && (connectionCodes.has(code) || unavailableStates.has(code) || code.startsWith('08'))) return true;
    // AggregateError (a connection to several addresses) carries its reasons in `errors`.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
