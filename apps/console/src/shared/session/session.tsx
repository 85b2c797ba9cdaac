import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { consoleMe, consoleSignOut } from '@presta/contract/api/console';
import type { DataOf } from '@presta/contract/api/endpoint';
import { mayTake, type ConsoleAction } from '@presta/contract/staff-roles';
import { ApiError, call, onSignedOut, setCsrfToken } from '@/shared/api/client';

/*
 * Who is signed in (issue 17): read once from /console/api/me when the console opens, set by sign-in, cleared by
 * sign-out or by any call that answers 401 (the session ended: idle or absolute expiry, an admin's reset or
 * disabling, a sign-out elsewhere). The roles shown here only decide what the console offers; the server checks
 * every call itself.
 */

export type StaffMember = DataOf<typeof consoleMe>['member'];

type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; ended: boolean }
  | { status: 'failed'; error: unknown }
  | { status: 'signedIn'; member: StaffMember };

type Session = {
  state: SessionState;
  signedIn: (member: StaffMember, csrfToken: string) => void;
  signOut: () => Promise<void>;
  retry: () => void;
};

const SessionContext = createContext<Session | undefined>(undefined);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    call(consoleMe, {}).then(
      (me) => {
        if (!current) return;
        setCsrfToken(me.csrfToken);
        setState({ status: 'signedIn', member: me.member });
      },
      (error: unknown) => {
        if (!current) return;
        setState(error instanceof ApiError && error.status === 401 ? { status: 'signedOut', ended: false } : { status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  useEffect(
    () =>
      onSignedOut(() => {
        setCsrfToken('');
        setState((s) => (s.status === 'signedIn' ? { status: 'signedOut', ended: true } : s));
      }),
    [],
  );
  const signedIn = useCallback((member: StaffMember, csrfToken: string) => {
    setCsrfToken(csrfToken);
    setState({ status: 'signedIn', member });
  }, []);
  const signOut = useCallback(async () => {
    try {
      await call(consoleSignOut, {});
    } finally {
      setCsrfToken('');
      setState({ status: 'signedOut', ended: false });
    }
  }, []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  const value = useMemo(() => ({ state, signedIn, signOut, retry }), [state, signedIn, signOut, retry]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in member (screens behind the sign-in only). */
export function useMember(): StaffMember {
  const { state } = useSession();
  if (state.status !== 'signedIn') throw new Error('useMember before sign-in');
  return state.member;
}

/** Whether the signed-in member's roles allow `action` (what the console offers; the server decides). */
export function useMay(action: ConsoleAction): boolean {
  return mayTake(useMember().roles, action);
}
