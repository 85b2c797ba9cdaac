import { apiRoutes } from '@presta/contract/api/api-routes';
import type { BankCard, repaymentWay } from '@presta/contract/api/legacy-payment';
import type { Normalised } from '@presta/contract/envelope';
import type { MarketCode } from '@presta/contract/markets';
import { readMarket } from '@/shared/format/money';
import { callApi } from '@/shared/http/api-client';
import { readText } from '@/shared/http/read-text';

/** The borrower's cards on file, the repay token of this order and its market (the currency of the amount). */
export type CardsOnFile = { repayToken: string; bankCards: BankCard[]; market: MarketCode };

/**
 * POST repayment-way: the cards on file (masked numbers only) and a
 * single-use repay token for the order. Silent: the page shows the failure
 * with the card-list default message (§8).
 */
export async function fetchCardsOnFile(orderId: string, opts: { signal?: AbortSignal } = {}): Promise<Normalised<CardsOnFile>> {
  const result = await callApi<typeof repaymentWay>(apiRoutes.repaymentWay, { orderId }, { silent: true, signal: opts.signal });
  if (!result.success || !result.data) return { ...result, data: null };
  // Typed but not validated at run time: the cards are read defensively.
  const cards: unknown[] = Array.isArray(result.data.bankCards) ? result.data.bankCards : [];
  const bankCards = cards
    .map((raw) => {
      const c = (raw ?? {}) as Record<string, unknown>;
      return { id: readText(c.id), bankName: readText(c.bankName), cardNo: readText(c.cardNo), bankCode: readText(c.bankCode) };
    })
    .filter((card) => card.id !== '');
  return { ...result, data: { repayToken: readText(result.data.repayToken), bankCards, market: readMarket(result.data.market) } };
}
