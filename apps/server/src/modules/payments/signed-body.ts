import { jsonTextProblem, MAX_JSON_DEPTH } from '../../lib/input-checks';
import { findDuplicateKey } from '../../lib/json-duplicate-keys';
import type { BodyRefusal } from './payment-provider';

/*
 * The one strict reading of a provider's signed body, after its signature was checked: UTF-8 JSON, no NUL
 * (PostgreSQL text cannot hold it), no nesting deeper than any call allows (as on every route), and no key twice
 * (parsers disagree on which one counts). Each adapter then checks its own documented fields.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

type SignedBody = { ok: true; text: string; json: unknown } | { ok: false; reason: BodyRefusal; /** For logs only. */ detail: string };

export function readSignedBody(rawBody: string | Uint8Array): SignedBody {
  let text: string;
  let json: unknown;
  try {
    text = typeof rawBody === 'string' ? rawBody : utf8.decode(rawBody);
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid_body', detail: 'not UTF-8 JSON' };
  }
  const problem = jsonTextProblem(text);
  if (problem) return { ok: false, reason: 'invalid_body', detail: problem === 'nul' ? 'a NUL character' : `nested deeper than ${MAX_JSON_DEPTH}` };
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) return { ok: false, reason: 'duplicate_keys', detail: `"${duplicate.slice(0, 40)}" appears twice` };
  return { ok: true, text, json };
}
