/**
 * React access to the session: `useAuth()` gives the session, the user and whether the
 * first read is done. Auth events also reach `onAuthEvent`, which the app uses to claim
 * anonymous analyses on SIGNED_IN and TOKEN_REFRESHED (SPEC §4).
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { sessionManager } from './session';
import type { AuthEvent, Session, User } from './session-manager';
import { useLatest } from '../../hooks/use-latest';

interface AuthState {
  session: Session | null;
  user: User | null;
  isLoading: boolean;
}

const AuthContext = createContext<AuthState>({ session: null, user: null, isLoading: true });

export function AuthProvider({
  children,
  onAuthEvent,
}: {
  children: ReactNode;
  onAuthEvent?: (event: AuthEvent, session: Session | null) => void;
}) {
  const [state, setState] = useState<{ session: Session | null; isLoading: boolean }>({
    session: sessionManager.getSession(),
    isLoading: true,
  });
  const onAuthEventRef = useLatest(onAuthEvent);

  useEffect(() => {
    const unsubscribe = sessionManager.onAuthStateChange((event, session) => {
      setState({ session, isLoading: false });
      onAuthEventRef.current?.(event, session);
    });
    const stop = sessionManager.startAutoRefresh();
    return () => {
      unsubscribe();
      stop();
    };
  }, [onAuthEventRef]);

  const value = useMemo<AuthState>(
    () => ({ session: state.session, user: state.session?.user ?? null, isLoading: state.isLoading }),
    [state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
