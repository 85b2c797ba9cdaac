import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestOverdueMs } from './order-reads';

/*
 * The overdue episode the credit decision reads (loanRecordOf: "ever 30+ days late", docs/credit-policy.md): an
 * episode runs from a move to 180 to the next move out of it, or to now.
 */

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);

/** An order's moves, oldest first: each a status and the days since the previous move. */
const moves = fc
  .array(fc.record({ to: fc.constantFrom('151', '174', '180', '200'), gapDays: fc.integer({ min: 0, max: 60 }) }), { maxLength: 12 })
  .map((steps) => {
    let at = START;
    return steps.map((s) => ({ to: s.to, at: new Date((at += s.gapDays * DAY_MS)) }));
  });
const lastAt = (ms: { at: Date }[]) => ms.at(-1)?.at.getTime() ?? START;

describe('longestOverdueMs', () => {
  it('is 0 without a move to 180', () => {
    fc.assert(fc.property(moves, (ms) => longestOverdueMs(ms.filter((m) => m.to !== '180'), new Date(lastAt(ms))) === 0));
  });

  it('never shrinks as time passes, and never exceeds the time since the first move to 180', () => {
    fc.assert(
      fc.property(moves, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (ms, a, b) => {
        const early = new Date(lastAt(ms) + Math.min(a, b) * DAY_MS);
        const late = new Date(lastAt(ms) + Math.max(a, b) * DAY_MS);
        const first180 = ms.find((m) => m.to === '180')?.at.getTime();
        const bound = first180 === undefined ? 0 : late.getTime() - first180;
        return longestOverdueMs(ms, early) <= longestOverdueMs(ms, late) && longestOverdueMs(ms, late) <= bound;
      }),
    );
  });

  it('counts an episode closed by a cure or a settle, and one still open to now', () => {
    const at = (days: number) => new Date(START + days * DAY_MS);
    const cured = [{ to: '174', at: at(0) }, { to: '180', at: at(15) }, { to: '174', at: at(50) }, { to: '200', at: at(60) }];
    expect(longestOverdueMs(cured, at(400))).toBe(35 * DAY_MS);
    const open = [{ to: '174', at: at(0) }, { to: '180', at: at(15) }];
    expect(longestOverdueMs(open, at(44))).toBe(29 * DAY_MS);
  });
});
