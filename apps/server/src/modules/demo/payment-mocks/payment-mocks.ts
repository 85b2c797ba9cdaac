import { startConektaMock } from './conekta-mock';
import type { MockOptions, ProviderMock } from './mock-kit';
import { startRazorpayMock } from './razorpay-mock';
import { startStpMock } from './stp-mock';

/*
 * The local mocks of the payment providers in use (docs/payments.md "Mocks"): PAYMENT_PROVIDER_MOCKS=1 starts them
 * with the server (development and e2e only; production refuses the setting), and their settings point the server's
 * adapters at them. `demo pay` and POST /api/dev/payments/pay pay a reference through its provider's mock.
 */

export type MockedProvider = ProviderMock['provider'];

const starters: Record<MockedProvider, (opts: MockOptions) => Promise<ProviderMock>> = {
  conekta: startConektaMock,
  stp: startStpMock,
  razorpay: startRazorpayMock,
};

const isMocked = (id: string): id is MockedProvider => Object.hasOwn(starters, id);

export type PaymentMocks = {
  /** The settings of every mock, merged: the server loads its configuration with them (CONEKTA_API_URL, ...). */
  env: Record<string, string>;
  /** Each running mock by its provider. */
  byProvider: Partial<Record<MockedProvider, ProviderMock>>;
  close(): Promise<void>;
};

/**
 * Starts a mock of each provider of `providers` that has one (the sandbox has none: it is local already), each
 * sending its webhooks to `${publicBaseUrl}/api/payments/notifications/<provider>`. A mock that fails to start
 * closes the ones already started.
 */
export async function startPaymentMocks({ publicBaseUrl, providers }: { publicBaseUrl: string; providers: readonly string[] }): Promise<PaymentMocks> {
  const byProvider: Partial<Record<MockedProvider, ProviderMock>> = {};
  const close = async () => {
    await Promise.all(Object.values(byProvider).map((mock) => mock.close()));
  };
  try {
    for (const id of new Set(providers)) {
      if (!isMocked(id)) continue;
      byProvider[id] = await starters[id]({ webhookUrl: `${publicBaseUrl.replace(/\/$/, '')}/api/payments/notifications/${id}` });
    }
  } catch (error) {
    await close();
    throw error;
  }
  const env = Object.assign({}, ...Object.values(byProvider).map((mock) => mock.env)) as Record<string, string>;
  return { env, byProvider, close };
}
