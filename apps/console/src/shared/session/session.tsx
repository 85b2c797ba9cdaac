import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { consoleMe, consoleSignOut } from '@presta/contract/api/console/session';
import type { DataOf } from '@presta/contract/api/endpoint';
import { mayTake, staffRoles, type ConsoleAction } from '@presta/contract/staff-roles';
import { ApiError, call, onRolesRead, onSignedOut, setCsrfToken } from '@/shared/api/client';

/*
 * Who is signed in (issue 17): read once from /console/api/me when the console opens, set by sign-in, cleared by
 * sign-out or by any call that answers 401 (the session ended: idle or absolute expiry, an admin's reset or
 * disabling, a sign-out elsewhere). The roles shown here only decide what the console offers; the server checks
 * every call itself. They follow the server: every console call's answer names the member's roles now (a change
 * an admin made shows at the next call), and the console asks /me again when its window comes back into view.
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
  useEffect(() => onRolesRead((roles) => setState((s) => withRoles(s, roles))), []);
  useEffect(() => {
    // Back to the console's window (another tab, another program): its roles as they are now.
    const onVisible = () => {
      if (document.visibilityState === 'visible') call(consoleMe, {}).catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
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

/** The signed-in state with the roles a call's answer named (the same state when they have not changed). */
function withRoles(state: SessionState, read: readonly string[]): SessionState {
  if (state.status !== 'signedIn') return state;
  const roles = staffRoles.filter((role) => read.includes(role));
  if (roles.join() === state.member.roles.join()) return state;
  return { status: 'signedIn', member: { ...state.member, roles } };
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
