import { describe, expect, it } from 'vitest';
import type { KeyFactsCharge } from '@presta/contract/api/key-facts';
import { marketMoney } from '@/shared/format/money';
import { getMessage, type MessageVars } from '@/shared/i18n/use-messages';
import { keyFactsMessages, type KeyFactsMessageKey } from '../messages';
import { indianKeyFacts } from '../testing/key-facts-fixtures';
import { contingentRows, type RowContext } from './key-facts-rows';

const money = marketMoney('IN');
const context: RowContext = { t: (key: KeyFactsMessageKey, vars?: MessageVars) => getMessage(keyFactsMessages, key, vars, 'en'), money, tax: 'GST' };

describe('contingentRows', () => {
  it('lists only the contingent charges, in their order: late tiers, the penalty, the extension', () => {
    const data = indianKeyFacts();
    const texts = contingentRows(data, context).map((row) => row.text);
    expect(texts).toEqual([
      ...data.terms.lateCharges.tiers.map((x) => (x.toDay === null ? `Late interest, from day ${x.fromDay} late` : `Late interest, days ${x.fromDay} to ${x.toDay} late`)),
      'One-off default penalty',
      `Extension (${data.terms.extension.days} more days)`,
    ]);
  });

  it('states the penalty for a new and a repeat client before it applies, and the amount it came to once it does', () => {
    const before = indianKeyFacts();
    const penaltyOf = (rows: ReturnType<typeof contingentRows>) => rows.find((row) => row.text === 'One-off default penalty')?.value;
    expect(penaltyOf(contingentRows(before, context))).toBe(`${money(100_000)} / ${money(80_000)}`);

    const lateCharges = { ...before.terms.lateCharges, defaultPenalty: { newClient: 100_000, repeatClient: 80_000, applies: 80_000 } };
    const applied = indianKeyFacts('en', {
      terms: { ...before.terms, lateCharges },
      charges: before.charges.map((c): KeyFactsCharge => (c.charge === 'default_penalty' ? { ...c, amount: 80_000 } : c)),
    });
    expect(penaltyOf(contingentRows(applied, context))).toBe(money(80_000));
  });
});
