/**
 * /auth/success: where magic and confirmation links land with the session in the hash.
 * The session is stored in an effect, not while rendering, so the AuthProvider hears
 * SIGNED_IN before the welcome page renders. A user with a verified TOTP factor gets an
 * aal1 session here too: they are asked for the code before it counts as a sign-in.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { WELCOME_PATH } from '../../../config/routes';
import { abandonPendingSignIn, fetchUser, pendingTotpFactor, sessionFromUrl } from '../../../lib/auth/auth-api';
import { sessionManager } from '../../../lib/auth/session';
import type { MfaFactor, Session } from '../../../lib/auth/session-manager';
import { AuthCard } from './auth-card';
import { TotpStep } from './totp-step';

type Landing = { ok: true; session: Session } | { ok: false; message: string };

function readLanding(): Landing {
  const { session } = sessionFromUrl(window.location.hash, window.location.search);
  if (session) return { ok: true, session };
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return { ok: false, message: params.get('error_description') ?? 'This sign-in link is invalid or has expired.' };
}

export function AuthSuccessPage() {
  const [landing] = useState(readLanding);
  if (!landing.ok) {
    return (
      <AuthCard title="We couldn't sign you in">
        <FormMessage tone="error">{landing.message}</FormMessage>
        <ButtonLink to="/sign-in" className="mt-6 w-full">
          Back to sign in
        </ButtonLink>
      </AuthCard>
    );
  }
  return <LinkSignIn session={landing.session} />;
}

/** The link's session: its user comes from the token alone, so the server's (with factors) is fetched first. */
function LinkSignIn({ session: fromUrl }: { session: Session }) {
  const navigate = useNavigate();
  const stored = useRef(false);
  const user = useQuery({
    queryKey: ['auth', 'link-user', fromUrl.access_token],
    queryFn: () => fetchUser(fromUrl.access_token),
    retry: false,
  });
  // If the user can't be read, sign in with what the link carries (as before the factor check).
  const session = useMemo<Session | null>(
    () => (user.isSuccess ? { ...fromUrl, user: user.data } : user.isError ? fromUrl : null),
    [user.isSuccess, user.isError, user.data, fromUrl],
  );
  const factor: MfaFactor | null = session ? pendingTotpFactor(session) : null;

  useEffect(() => {
    if (!session || factor || stored.current) return;
    stored.current = true;
    sessionManager.setSession(session, 'SIGNED_IN');
    void navigate(WELCOME_PATH, { replace: true });
  }, [session, factor, navigate]);

  if (session && factor) {
    return (
      <AuthCard title="Sign in to Tally" subtitle={`Signing in as ${session.user.email}`}>
        <TotpStep
          pending={session}
          factorId={factor.id}
          onVerified={() => void navigate(WELCOME_PATH, { replace: true })}
          onCancel={() => {
            void abandonPendingSignIn(session);
            void navigate('/sign-in', { replace: true });
          }}
        />
      </AuthCard>
    );
  }
  return <Spinner label="Signing you in..." className="mt-32 w-full justify-center" />;
}
