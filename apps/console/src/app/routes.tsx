import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import type { ConsoleAction } from '@presta/contract/staff-roles';
import { ConsoleLayout } from '@/app/layout';
import { SessionGate } from '@/app/session-gate';
import { PageLoading } from '@/shared/ui/page-loading';
import type { commonMessages } from '@/shared/i18n/common-messages';

/*
 * The console's screens (issue 17), each its own chunk. `action` is the console action whose roles see the screen
 * in the menu (staff-roles.ts); the server refuses every call of a screen to anyone else anyway.
 */

type NavKey = keyof (typeof commonMessages)['es'] & `nav${string}`;

export type Screen = { path: string; nav?: NavKey; action?: ConsoleAction; Page: LazyExoticComponent<ComponentType> };

export const screens: Screen[] = [
  { path: 'review', nav: 'navReview', action: 'orders.approve', Page: lazy(() => import('@/features/review/review-page')) },
  { path: 'disbursal', nav: 'navDisbursal', action: 'orders.disburse', Page: lazy(() => import('@/features/disbursal/disbursal-page')) },
  { path: 'loans', nav: 'navLoans', action: 'orders.read', Page: lazy(() => import('@/features/loans/loans-page')) },
  { path: 'loans/:orderNo', Page: lazy(() => import('@/features/loans/loan-page')) },
  { path: 'payments', nav: 'navPayments', action: 'payments.read', Page: lazy(() => import('@/features/payments/payments-page')) },
  { path: 'complaints', nav: 'navComplaints', action: 'complaints.read', Page: lazy(() => import('@/features/complaints/complaints-page')) },
  { path: 'promotion', nav: 'navPromotion', action: 'reports.read', Page: lazy(() => import('@/features/promotion/promotion-page')) },
  { path: 'staff', nav: 'navStaff', action: 'staff.manage', Page: lazy(() => import('@/features/staff/staff-page')) },
  { path: 'audit', nav: 'navAudit', action: 'audit.read', Page: lazy(() => import('@/features/audit/audit-page')) },
];

const SetUpPage = lazy(() => import('@/features/set-up/set-up-page'));
const HomePage = lazy(() => import('@/features/home/home-page'));
const NotFoundPage = lazy(() => import('@/features/home/not-found-page'));

const suspended = (Page: ComponentType) => (
  <Suspense fallback={<PageLoading />}>
    <Page />
  </Suspense>
);

export function ConsoleRoutes() {
  return (
    <Routes>
      {/* The set-up link is opened before there is any session. */}
      <Route path="set-up" element={suspended(SetUpPage)} />
      <Route element={<SessionGate />}>
        <Route element={<ConsoleLayout />}>
          <Route index element={suspended(HomePage)} />
          {screens.map(({ path, Page }) => (
            <Route key={path} path={path} element={suspended(Page)} />
          ))}
          <Route path="*" element={suspended(NotFoundPage)} />
        </Route>
      </Route>
    </Routes>
  );
}
