import { describe, expect, it } from 'vitest';
import { clientType } from './device';

describe('clientType', () => {
  it('is ios on iPhone and iPad (also iPadOS, which says Macintosh)', () => {
    expect(clientType('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('ios');
    expect(clientType('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe('ios');
    expect(clientType('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 5)).toBe('ios');
  });
  it('is android otherwise', () => {
    expect(clientType('Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36')).toBe('android');
    expect(clientType('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe('android');
  });
});
