import type { MarketCode } from '@presta/contract/markets';
import type { PaymentChannel, PaymentProvider } from './payment-provider';

/*
 * The server's payment providers (docs/payments.md "Providers"): which provider serves each market's channel
 * (PAYMENT_CHANNELS), and each provider by its id (its webhook route, the references it made). A channel with no
 * provider is not offered.
 */
export type PaymentProviders = {
  /** The provider serving a market's voucher channel, or undefined when none does (the channel is not offered). */
  forChannel(market: MarketCode, channel: PaymentChannel): PaymentProvider | undefined;
  /** A provider by its id ('sandbox', 'conekta', 'stp', 'razorpay'), when the server uses it. */
  byId(id: string): PaymentProvider | undefined;
  /** Every provider the server uses, each once. */
  readonly all: readonly PaymentProvider[];
};
