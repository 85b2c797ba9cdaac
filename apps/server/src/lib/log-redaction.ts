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

const secretValue = new RegExp(`([?&](?:${[...secretParams].join('|')})=)[^&#]*`, 'g');

/** The URL with the values of secret query parameters replaced by '[redacted]'. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(secretValue, '$1[redacted]') : url;
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
