import { sessionParamNames } from '@presta/contract/session-params';

/** Query parameters whose values never reach a log line. */
const secretParams = new Set<string>([
  sessionParamNames.sessionId,
  'sessionId',
  sessionParamNames.advertisingId,
  'advertisingId',
  'token',
  'sid',
  'smsCode',
  'capcode',
]);

/** The URL with the values of secret query parameters replaced by '[redacted]'. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (secretParams.has(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino options for Fastify: request serializer without secrets, header redaction. */
export const loggerSerializers = {
  req(req: { method: string; url: string; hostname?: string; ip?: string }) {
    return { method: req.method, url: redactUrl(req.url), hostname: req.hostname, remoteAddress: req.ip };
  },
};

export const loggerRedactPaths = [
  'req.headers.swift',
  'req.headers.eyes',
  'req.headers.authorization',
  'req.headers["x-operator-token"]',
];
