/** /auth/success: where magic and confirmation links land with the session in the hash. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { sessionFromUrl } from '../../../lib/auth/auth-api';
import { sessionManager } from '../../../lib/auth/session';
import { AuthCard } from './auth-card';
import { WELCOME_PATH } from '../../../config/routes';

function readLanding(): { ok: true } | { ok: false; message: string } {
  const { session } = sessionFromUrl(window.location.hash, window.location.search);
  if (session) {
    sessionManager.setSession(session, 'SIGNED_IN');
    return { ok: true };
  }
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return { ok: false, message: params.get('error_description') ?? 'This sign-in link is invalid or has expired.' };
}

export function AuthSuccessPage() {
  const navigate = useNavigate();
  const [outcome] = useState(readLanding);
  useEffect(() => {
    if (outcome.ok) navigate(WELCOME_PATH, { replace: true });
  }, [outcome, navigate]);
  if (outcome.ok) return <Spinner label="Signing you in..." className="mt-32 w-full justify-center" />;
  return (
    <AuthCard title="We couldn't sign you in">
      <FormMessage tone="error">{outcome.message}</FormMessage>
      <ButtonLink to="/sign-in" className="mt-6 w-full">
        Back to sign in
      </ButtonLink>
    </AuthCard>
  );
}
