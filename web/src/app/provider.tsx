/**
 * App-wide providers: the query client, the session (with the claim of anonymous
 * analyses on SIGNED_IN and TOKEN_REFRESHED, SPEC §4, and on MFA_CHALLENGE_VERIFIED, which
 * completes a two-factor sign-in) and toasts.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { SignedOutNotice } from '../components/signed-out-notice';
import { ToastProvider } from '../components/ui/toast';
import { claimAnalyses } from '../features/analysis/api/claim-analyses';
import { userAnalysesQueryKey } from '../features/analysis/api/get-user-analyses';
import { AuthProvider } from '../lib/auth/auth-provider';
import type { AuthEvent, Session } from '../lib/auth/session-manager';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const onAuthEvent = useCallback(
    (event: AuthEvent, session: Session | null) => {
      // A TOTP user is signed in only once the code is verified (MFA_CHALLENGE_VERIFIED).
      if ((event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'MFA_CHALLENGE_VERIFIED') && session) {
        void claimAnalyses().then((claimed) => {
          if (claimed > 0) void queryClient.invalidateQueries({ queryKey: userAnalysesQueryKey });
        });
      }
      if (event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED')
        void queryClient.invalidateQueries({ queryKey: userAnalysesQueryKey });
      // Nothing fetched with the old identity may leak into the next one.
      if (event === 'SIGNED_OUT') queryClient.clear();
    },
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onAuthEvent={onAuthEvent}>
        <ToastProvider>
          <SignedOutNotice />
          {children}
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
