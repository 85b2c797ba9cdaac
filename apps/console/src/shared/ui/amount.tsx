import { money } from '@/shared/format/format';

/** Keeps a text on one line: an amount is never broken inside a number, however narrow its cell (issue 32). */
export const noWrap = { whiteSpace: 'nowrap' } as const;

/** An amount of minor units in its market's money ("$1.234,56"), on one line. */
export function Amount({ minor, market }: { minor: number; market: string }) {
  return <span style={noWrap}>{money(minor, market)}</span>;
}
