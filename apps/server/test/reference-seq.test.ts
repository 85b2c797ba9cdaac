import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFERENCE_SEQ_BLOCK, referenceSeqSource } from '../src/modules/payments/payment-references';
import { isValidStoreReference, newStoreReference } from '../src/modules/payments/store-reference';
import { connectTestDb } from './helpers';

/** The server's store reference numbers: a block of the database sequence per round trip (payment-references.ts). */
let one: ReturnType<typeof connectTestDb>;
let two: ReturnType<typeof connectTestDb>;

beforeAll(() => {
  one = connectTestDb();
  two = connectTestDb();
});
afterAll(async () => {
  await one.close();
  await two.close();
});

describe('referenceSeqSource', () => {
  it('hands out unique numbers, ascending, a block per round trip; two processes never share one', async () => {
    const roundTrips = vi.spyOn(one.db, 'execute');
    const first = referenceSeqSource(one.db);
    const second = referenceSeqSource(two.db);
    // 50 vouchers at once in one process, 30 in the other.
    const [a, b] = await Promise.all([Promise.all(Array.from({ length: 50 }, () => first())), Promise.all(Array.from({ length: 30 }, () => second()))]);
    expect(roundTrips).toHaveBeenCalledTimes(Math.ceil(50 / REFERENCE_SEQ_BLOCK));
    expect(new Set([...a, ...b]).size).toBe(80);
    expect(a).toEqual([...a].sort((x, y) => x - y));
    for (const seq of [...a, ...b]) expect(isValidStoreReference(newStoreReference(seq))).toBe(true);
    // What is left of the last block (60 taken, 50 used) is used before the next round trip.
    roundTrips.mockClear();
    const next = await first();
    expect(roundTrips).not.toHaveBeenCalled();
    expect(next).toBeGreaterThan(Math.max(...a));
  });

  it('refuses a block size that is not a positive integer', () => {
    expect(() => referenceSeqSource(one.db, 0)).toThrow(RangeError);
    expect(() => referenceSeqSource(one.db, 1.5)).toThrow(RangeError);
  });
});
