import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ConsoleLayout } from '@/app/layout';
import { screens } from '@/app/screens';
import { SessionGate } from '@/app/session-gate';
import { PageLoading } from '@/shared/ui/page-loading';

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
