import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOLERANCE_SECONDS,
  computeSignature,
  parseSignatureHeader,
  signNotification,
  unixSeconds,
  verifyNotification,
} from './notification-signature';

const secret = 'whsec_test_secret';
const body = '{"eventId":"evt_1","reference":"80000000000011","amount":15050,"paidAt":"2025-03-01T12:00:00Z"}';
const t = 1_740_830_400; // 2025-03-01T12:00:00Z

describe('signNotification', () => {
  it('t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${rawBody}`>', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signNotification(secret, body, t)).toBe(`t=${t},v1=${expected}`);
    expect(computeSignature(secret, Buffer.from(body), t)).toBe(expected);
  });

  it('a fixed vector (HMAC-SHA256, key "key", message "0.The quick brown fox jumps over the lazy dog")', () => {
    expect(computeSignature('key', 'The quick brown fox jumps over the lazy dog', 0)).toBe(
      createHmac('sha256', 'key').update('0.The quick brown fox jumps over the lazy dog').digest('hex'),
    );
    // RFC 4231-style independent check: HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog")
    expect(createHmac('sha256', 'key').update('The quick brown fox jumps over the lazy dog').digest('hex')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('refuses an empty secret and a timestamp that is not whole seconds', () => {
    expect(() => signNotification('', body, t)).toThrow(RangeError);
    expect(() => signNotification(secret, body, 1.5)).toThrow(RangeError);
    expect(() => signNotification(secret, body, -1)).toThrow(RangeError);
    expect(() => signNotification(secret, body, t + 0.25)).toThrow(RangeError);
  });
});

describe('verifyNotification', () => {
  const header = signNotification(secret, body, t);

  it('accepts the signed body, string or bytes, and returns the signed timestamp', () => {
    expect(verifyNotification(secret, header, body, t)).toEqual({ ok: true, timestamp: t });
    expect(verifyNotification(secret, header, Buffer.from(body, 'utf8'), t)).toEqual({ ok: true, timestamp: t });
    expect(verifyNotification(secret, [header], body, t)).toEqual({ ok: true, timestamp: t });
  });

  it('tolerance edges: exactly ±300 s is accepted, 301 s either way is expired', () => {
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    expect(verifyNotification(secret, header, body, t + 300).ok).toBe(true);
    expect(verifyNotification(secret, header, body, t - 300).ok).toBe(true);
    expect(verifyNotification(secret, header, body, t + 301)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyNotification(secret, header, body, t - 301)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyNotification(secret, header, body, t + 60, 60).ok).toBe(true);
    expect(verifyNotification(secret, header, body, t + 61, 60)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyNotification(secret, header, body, t, 0).ok).toBe(true);
    expect(verifyNotification(secret, header, body, t + 1, 0)).toEqual({ ok: false, reason: 'expired' });
  });

  it('replay: an authentic notification an hour later is expired; moving its t to now breaks the signature', () => {
    const now = t + 3_600;
    expect(verifyNotification(secret, header, body, now)).toEqual({ ok: false, reason: 'expired' });
    const refreshed = header.replace(`t=${t}`, `t=${now}`);
    expect(verifyNotification(secret, refreshed, body, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('tampered body, other secret, flipped signature bit: bad_signature', () => {
    expect(verifyNotification(secret, header, body.replace('15050', '15051'), t)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyNotification(secret, header, `${body} `, t)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyNotification('another_secret', header, body, t)).toEqual({ ok: false, reason: 'bad_signature' });
    const v1 = header.slice(header.indexOf('v1=') + 3);
    const flipped = `${v1.slice(0, -1)}${v1.at(-1) === '0' ? '1' : '0'}`;
    expect(verifyNotification(secret, `t=${t},v1=${flipped}`, body, t)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('missing: no header, empty or blank', () => {
    for (const h of [undefined, '', '   ', []]) expect(verifyNotification(secret, h, body, t)).toEqual({ ok: false, reason: 'missing' });
  });

  it('malformed headers', () => {
    const v1 = header.slice(header.indexOf('v1=') + 3);
    for (const h of [
      'garbage',
      `v1=${v1}`, // no t
      `t=${t}`, // no v1
      `t=${t},t=${t},v1=${v1}`, // two t
      `t=abc,v1=${v1}`,
      `t=-5,v1=${v1}`,
      `t=1.5,v1=${v1}`,
      `t=${t},v1=${v1.toUpperCase()}`, // lower-case hex only
      `t=${t},v1=${v1.slice(2)}`, // short
      `t=${t},v1=${v1}00`, // long
      `t=${t},v1=${v1},`, // empty part
      `t=${t},v1=${v1},v1=zz`,
      `t=${t},v1=${v1},x=${'a'.repeat(2_000)}`, // over 1 KB
    ]) {
      expect(verifyNotification(secret, h, body, t), h).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(verifyNotification(secret, [header, header], body, t)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('tolerates spaces, key order and unknown keys; one matching v1 among several is enough (secret rotation)', () => {
    const v1 = header.slice(header.indexOf('v1=') + 3);
    const other = computeSignature('old_secret', body, t);
    expect(verifyNotification(secret, ` v1=${v1} , t=${t} `, body, t).ok).toBe(true);
    expect(verifyNotification(secret, `t=${t},v0=whatever,v1=${other},v1=${v1}`, body, t).ok).toBe(true);
    expect(verifyNotification('old_secret', `t=${t},v1=${other},v1=${v1}`, body, t).ok).toBe(true);
    expect(parseSignatureHeader(`t=${t},v1=${other},v1=${v1}`)?.signatures).toHaveLength(2);
  });

  it('checks the signature before the clock: a forged, stale header is bad_signature, not expired', () => {
    expect(verifyNotification('forger', header, body, t + 10_000)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a bad now or tolerance loudly (programming errors)', () => {
    expect(() => verifyNotification(secret, header, body, t + 0.5)).toThrow(RangeError);
    expect(() => verifyNotification(secret, header, body, t, -1)).toThrow(RangeError);
    expect(() => verifyNotification('', header, body, t)).toThrow(RangeError);
  });

  it('unixSeconds floors milliseconds', () => {
    expect(unixSeconds(new Date('2025-03-01T12:00:00.999Z'))).toBe(t);
  });
});

describe('signature properties', () => {
  const timestamp = fc.integer({ min: 0, max: 4_102_444_800 });

  it('whatever the secret, body and time, a signed notification verifies within the tolerance', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), timestamp, fc.integer({ min: -300, max: 300 }), (s, b, ts, skew) => {
        fc.pre(ts + skew >= 0);
        expect(verifyNotification(s, signNotification(s, b, ts), b, ts + skew)).toEqual({ ok: true, timestamp: ts });
      }),
    );
  });

  it('any change to the body is bad_signature', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), timestamp, (b, other, ts) => {
        fc.pre(b !== other);
        expect(verifyNotification(secret, signNotification(secret, b, ts), other, ts)).toEqual({ ok: false, reason: 'bad_signature' });
      }),
    );
  });
});
