import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@presta/contract/routes';
import { appRoutes } from '@/app/router';

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('app routes', () => {
  it('registers the pages of this issue, each loaded lazily', () => {
    const children = appRoutes[0]!.children ?? [];
    expect(children.map((r) => r.path)).toEqual([
      routes.testPreview,
      routes.jointLoginFailure,
      routes.error,
      routes.confirmLoan,
      routes.loanDetails,
      routes.order,
      '*',
    ]);
    for (const route of children) {
      expect(route.lazy).toBeTypeOf('function');
      expect(route.Component).toBeUndefined();
    }
  });

  it.each([routes.jointLoginFailure, routes.error])('%s shows the joint-logon failure page', async (path) => {
    renderAt(`${path}?language=2`);
    expect(await screen.findByRole('heading', { name: 'Fracaso' })).toBeTruthy();
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
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404 })));
    renderAt(routes.testPreview);
    expect(await screen.findByRole('heading', { level: 1, name: 'Página de prueba' }, { timeout: 5000 })).toBeTruthy();
  });
});
