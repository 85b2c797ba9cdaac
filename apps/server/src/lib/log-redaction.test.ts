import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides session ids, advertising ids and codes, keeps the rest', () => {
    expect(redactUrl('/v3/x?crp_phe=1.0&swift=abcdef&productId=3&eyes=ad-1')).toBe(
      '/v3/x?crp_phe=1.0&swift=[redacted]&productId=3&eyes=[redacted]',
    );
    expect(redactUrl('/a?sessionId=s&smsCode=123456&capcode=ab12&sid=9')).toBe(
      '/a?sessionId=[redacted]&smsCode=[redacted]&capcode=[redacted]&sid=[redacted]',
    );
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/a?notswift=1')).toBe('/a?notswift=1');
  });
});
