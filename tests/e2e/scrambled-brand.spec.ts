import { expect, test } from './support/test';
import { demoOrder } from './support/cli';
import { e2ePorts } from './support/e2e-env';

test('a brand answering with scrambled keys works end to end', async ({ page, request }) => {
  const order = demoOrder('174', { port: e2ePorts.scrambled });
  // The API really answers with scrambled keys...
  const query = new URLSearchParams(order.params).toString();
  const raw = await request.post(`${order.apiBase}/v3/loan-details/loan-details?${query}`, { form: { odx: order.orderId } });
  const body = (await raw.json()) as { data: Record<string, unknown> };
  expect(body.data.ost).toBe('174');
  expect(body.data.orderStatus).toBeUndefined();
  // ...and the page reads them.
  await page.goto(order.urls.loanDetails);
  await expect(page.getByText('Desembolsado').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar ahora' })).toBeVisible();
});
