import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageLoading } from '@/shared/ui/page-loading';

const SignInPage = lazy(() => import('@/features/sign-in/sign-in-page'));

/** Every screen but the set-up page needs a session: without one, the sign-in form stands in its place (same address). */
export function SessionGate() {
  const { state, retry } = useSession();
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'failed')
    return (
      <main style={{ maxWidth: 480, margin: '64px auto', padding: 16 }}>
        <ErrorAlert error={state.error} onRetry={retry} />
      </main>
    );
  if (state.status === 'signedOut')
    return (
      <Suspense fallback={<PageLoading />}>
        <SignInPage sessionEnded={state.ended} />
      </Suspense>
    );
  return <Outlet />;
}
