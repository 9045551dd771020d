/**
 * 'Continue with Google': opens the OAuth popup and waits for /auth/google/callback to
 * post GOOGLE_OAUTH_SUCCESS (with a session) or GOOGLE_OAUTH_ERROR back (SPEC §4, §7).
 */
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { api, errorFromResponse } from '../../../lib/api-client';
import { sessionManager } from '../../../lib/auth/session';
import { pendingTotpFactor } from '../../../lib/auth/auth-api';
import { isSession, type MfaFactor, type Session } from '../../../lib/auth/session-manager';
import { useLatest } from '../../../hooks/use-latest';

export const OAUTH_STATE_KEY = 'oauth_state';

interface GoogleButtonProps {
  onSignedIn: () => void;
  onError: (message: string) => void;
  /** A user with a verified TOTP factor still owes a code: the (aal1) session is handed over, not stored. */
  onMfaRequired?: (session: Session, factor: MfaFactor) => void;
}

export function GoogleButton({ onSignedIn, onError, onMfaRequired }: GoogleButtonProps) {
  const [busy, setBusy] = useState(false);
  const handlers = useLatest({ onSignedIn, onError, onMfaRequired });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !event.data || typeof event.data !== 'object') return;
      const data = event.data as { type?: unknown; session?: unknown; error?: unknown };
      if (data.type === 'GOOGLE_OAUTH_SUCCESS' && isSession(data.session)) {
        setBusy(false);
        const factor = pendingTotpFactor(data.session);
        if (factor && handlers.current.onMfaRequired) {
          handlers.current.onMfaRequired(data.session, factor);
          return;
        }
        sessionManager.setSession(data.session, 'SIGNED_IN');
        handlers.current.onSignedIn();
      } else if (data.type === 'GOOGLE_OAUTH_ERROR') {
        setBusy(false);
        handlers.current.onError(typeof data.error === 'string' ? data.error : 'Something went wrong. Please try again.');
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [handlers]);

  const start = async () => {
    // Open first, synchronously with the click, so popup blockers let it through.
    const popup = window.open('', 'google-sign-in', 'width=500,height=640');
    setBusy(true);
    try {
      // Asked for JSON, the route answers `{ url, state }` (200) instead of redirecting (302).
      const response = await api.auth.google.start.$get(undefined, { headers: { Accept: 'application/json' } });
      if (response.status !== 200) throw await errorFromResponse(response);
      const flow = await response.json();
      window.localStorage.setItem(OAUTH_STATE_KEY, flow.state);
      if (popup) popup.location.href = flow.url;
      else window.location.assign(flow.url);
    } catch (error) {
      popup?.close();
      setBusy(false);
      onError(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <Button variant="secondary" className="w-full" isLoading={busy} onClick={() => void start()} icon={<GoogleMark />}>
      Continue with Google
    </Button>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.24 1.4-1.7 4.1-5.5 4.1-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.4 14.6 2.4 12 2.4 6.7 2.4 2.4 6.7 2.4 12s4.3 9.6 9.6 9.6c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6H12z"
      />
    </svg>
  );
}
