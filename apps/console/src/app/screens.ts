import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ConsoleAction } from '@presta/contract/staff-roles';
import type { commonMessages } from '@/shared/i18n/common-messages';

/*
 * The console's screens (issue 17), each its own chunk. `action` is the console action whose roles see the screen
 * in the menu (staff-roles.ts); a screen without one is every member's. The server refuses every call of a screen to
 * anyone else anyway.
 */

type NavKey = keyof (typeof commonMessages)['es'] & `nav${string}`;

export type Screen = { path: string; nav?: NavKey; action?: ConsoleAction; Page: LazyExoticComponent<ComponentType> };

export const screens: Screen[] = [
  { path: 'review', nav: 'navReview', action: 'orders.approve', Page: lazy(() => import('@/features/review/review-page')) },
  { path: 'disbursal', nav: 'navDisbursal', action: 'payouts.read', Page: lazy(() => import('@/features/disbursal/disbursal-page')) },
  { path: 'applications', nav: 'navApplications', action: 'applications.read', Page: lazy(() => import('@/features/applications/applications-page')) },
  { path: 'applications/:applicationNo', Page: lazy(() => import('@/features/applications/application-page')) },
  { path: 'loans', nav: 'navLoans', action: 'orders.read', Page: lazy(() => import('@/features/loans/loans-page')) },
  { path: 'loans/:orderNo', Page: lazy(() => import('@/features/loans/loan-page')) },
  { path: 'account-verification', nav: 'navAccountVerification', action: 'accounts.readVerification', Page: lazy(() => import('@/features/account-verification/account-verification-page')) },
  { path: 'payments', nav: 'navPayments', action: 'payments.read', Page: lazy(() => import('@/features/payments/payments-page')) },
  { path: 'complaints', nav: 'navComplaints', action: 'complaints.read', Page: lazy(() => import('@/features/complaints/complaints-page')) },
  { path: 'promotion', nav: 'navPromotion', action: 'reports.read', Page: lazy(() => import('@/features/promotion/promotion-page')) },
  { path: 'staff', nav: 'navStaff', action: 'staff.manage', Page: lazy(() => import('@/features/staff/staff-page')) },
  { path: 'audit', nav: 'navAudit', action: 'audit.read', Page: lazy(() => import('@/features/audit/audit-page')) },
  { path: 'account', nav: 'navAccount', Page: lazy(() => import('@/features/account/account-page')) },
];
