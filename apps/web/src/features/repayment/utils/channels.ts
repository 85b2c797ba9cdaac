import type { DataOf } from '@presta/contract/api/endpoint';
import type { repaymentDetail } from '@presta/contract/api/repayment';
import { readText } from '@/shared/http/read-text';

/** A payment channel (§3): payCode, logo, desc, vCode, BARcodeImg. */
export type PaymentChannel = DataOf<typeof repaymentDetail>['repayList'][number]['list'][number];

/** Channels under one title; the instalment answer calls the title `reviewer`, the extension answer `title`. */
export type ChannelGroup = { title: string; channels: PaymentChannel[] };

const text = readText;

/** One channel read defensively (answers are typed, not validated at run time). */
export function readChannel(raw: unknown): PaymentChannel {
  const c = (raw ?? {}) as Record<string, unknown>;
  return { payCode: text(c.payCode), logo: text(c.logo), desc: text(c.desc), vCode: text(c.vCode), BARcodeImg: text(c.BARcodeImg) };
}

/** The channel groups of either answer, empty groups dropped. */
export function readChannelGroups(raw: unknown, titleKey: 'reviewer' | 'title'): ChannelGroup[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((group: unknown) => {
      const g = (group ?? {}) as Record<string, unknown>;
      return { title: text(g[titleKey]), channels: Array.isArray(g.list) ? g.list.map(readChannel) : [] };
    })
    .filter((group) => group.channels.length > 0);
}
