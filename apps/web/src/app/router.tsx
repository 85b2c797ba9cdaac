import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { routes } from '@presta/contract/routes';
import { AppLayout } from '@/app/app-layout';
import { RouteError } from '@/app/route-error';
import { PageLoading } from '@/shared/ui/page-loading';

type PageModule = { default: ComponentType };

/** A route whose page is its own chunk, loaded on first visit. */
function lazyPage(path: string, load: () => Promise<PageModule>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

const loadConfirmLoan = () => import('@/features/loan/pages/confirm-loan-page');
const loadLoanDetails = () => import('@/features/loan/pages/loan-details-page');
const loadJointLoginFailure = () => import('@/features/session/joint-login-failure-page');

/**
 * Only pages that exist are registered; repayment, complaints, the marketing
 * site and the promotion funnel come with their own issues.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      lazyPage(routes.testPreview, () => import('@/features/dev-preview/test-preview-page')),
      lazyPage(routes.jointLoginFailure, loadJointLoginFailure),
      lazyPage(routes.error, loadJointLoginFailure),
      lazyPage(routes.confirmLoan, loadConfirmLoan),
      lazyPage(routes.loanDetails, loadLoanDetails),
      lazyPage(routes.order, loadLoanDetails),
      lazyPage('*', () => import('@/features/session/not-found-page')),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
