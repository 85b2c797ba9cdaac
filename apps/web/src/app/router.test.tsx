import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@presta/contract/routes';
import { routeModules } from '@/app/route-modules';
import { appRoutes, AppRoutes, pageLoader, preloadPage, routeAt } from '@/app/router';

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<AppRoutes />);
}

describe('app routes', () => {
  it('registers the pages of this issue, each loaded lazily', () => {
    expect(appRoutes.map((r) => r.path)).toEqual([
      routes.testPreview,
      routes.jointLoginFailure,
      routes.error,
      routes.confirmLoan,
      routes.loanDetails,
      routes.order,
      routes.login,
      routes.main,
      routes.setting,
      routes.bindBank,
      routes.certify,
      routes.repayment,
      routes.repaymentDelay,
      routes.paymentInstruction,
      routes.cardRepayment,
      routes.loanStatement,
      routes.paymentReceipt,
      routes.keyFacts,
      routes.loanAgreement,
      routes.loanAgreementPeriod,
      routes.complaintEntry,
      routes.complaintForm,
      routes.complaintList,
      routes.complaintDetail,
      routes.privacyPolicy,
      routes.customerService,
      routes.customerServiceShort,
      routes.aboutUs,
      '*',
    ]);
    for (const route of appRoutes) expect(route.page.preload).toBeTypeOf('function');
  });

  it('names only page modules in route-modules.ts', () => {
    for (const { module } of routeModules) expect(pageLoader(module)).toBeTypeOf('function');
    expect(() => pageLoader('src/features/loan/pages/no-such-page.tsx')).toThrow(/not a page module/);
  });

  it('one page module, one lazy page: /error and /joint-login-failure share theirs', () => {
    const page = (path: string) => appRoutes.find((r) => r.path === path)!.page;
    expect(page(routes.jointLoginFailure)).toBe(page(routes.error));
    expect(page(routes.loanDetails)).not.toBe(page(routes.confirmLoan));
  });

  it.each([
    [`${routes.order}?orderId=12&language=2`, 'Detalle del préstamo'],
    [`${routes.order}?language=2`, 'Mis préstamos'],
  ])('%s: the loan details with an orderId, my loans without one (issue 16)', async (path, title) => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('offline'))));
    window.history.replaceState(null, '', path);
    renderAt(path);
    await waitFor(() => expect(document.title.startsWith(title)).toBe(true), { timeout: 5000 });
  });

  it('routeAt: a fixed path in any case, with or without a trailing slash; any other path the not-found route', () => {
    expect(routeAt(routes.loanDetails).path).toBe(routes.loanDetails);
    expect(routeAt(`${routes.loanDetails}/`).path).toBe(routes.loanDetails);
    expect(routeAt(routes.loanDetails.toUpperCase()).path).toBe(routes.loanDetails);
    expect(routeAt(routes.testPreview.toLowerCase()).path).toBe(routes.testPreview);
    expect(routeAt('/').path).toBe('*');
    expect(routeAt(`${routes.loanDetails}/12`).path).toBe('*');
    expect(routeAt('/no-such-page').path).toBe('*');
  });

  it('preloadPage loads the page of a path (the not-found page for others) and never rejects', async () => {
    await expect(preloadPage(routes.jointLoginFailure)).resolves.toBeUndefined();
    await expect(preloadPage('/no-such-page')).resolves.toBeUndefined();
  });

  it.each([routes.jointLoginFailure, routes.error])('%s shows the joint-logon failure page', async (path) => {
    renderAt(`${path}?language=2`);
    expect(await screen.findByRole('heading', { name: 'Fracaso' })).toBeTruthy();
  });

  it('/PrivacyPolicy shows the privacy notice', async () => {
    renderAt(`${routes.privacyPolicy}?language=1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
  });

  it('/customer-service and /Dag share the customer service page', () => {
    const page = (path: string) => appRoutes.find((r) => r.path === path)!.page;
    expect(page(routes.customerService)).toBe(page(routes.customerServiceShort));
  });

  it('/about-us shows the about us page', async () => {
    renderAt(`${routes.aboutUs}?language=2`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sobre nosotros' })).toBeTruthy();
  });

  it('an unknown path shows the not-found page', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });

  it('follows the language parameter of the URL', async () => {
    renderAt('/no-such-page?language=1');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('opens the test page', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))));
    renderAt(routes.testPreview);
    expect(await screen.findByRole('heading', { level: 1, name: 'Página de prueba' }, { timeout: 5000 })).toBeTruthy();
  });
});
