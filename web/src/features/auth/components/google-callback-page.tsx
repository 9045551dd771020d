/**
 * /auth/google/callback, inside the sign-in popup (SPEC §4, §8): waits 500 ms, checks the
 * state against the stored oauth_state, exchanges the code, posts the outcome to the
 * opener (or parent) window and closes itself after 1 s — 2 s if nobody could be told.
 */
import { useEffect, useState } from 'react';
import { Logo } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { exchangeGoogleCode } from '../../../lib/auth/auth-api';
import { googleErrorText } from '../utils/auth-rules';
import { OAUTH_STATE_KEY } from './google-button';

export const CALLBACK_TIMING = { startDelayMs: 500, closeAfterPostMs: 1000, closeUnpostedMs: 2000 } as const;

type Outcome = { type: 'GOOGLE_OAUTH_SUCCESS'; session: unknown } | { type: 'GOOGLE_OAUTH_ERROR'; error: string };

async function resolveCallback(search: string): Promise<Outcome> {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) return { type: 'GOOGLE_OAUTH_ERROR', error: googleErrorText(error) };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return { type: 'GOOGLE_OAUTH_ERROR', error: 'Missing authorization code or state parameter' };
  const stored = window.localStorage.getItem(OAUTH_STATE_KEY);
  window.localStorage.removeItem(OAUTH_STATE_KEY);
  if (stored !== state) return { type: 'GOOGLE_OAUTH_ERROR', error: 'Invalid state parameter - possible CSRF attack' };
  try {
    return { type: 'GOOGLE_OAUTH_SUCCESS', session: await exchangeGoogleCode(code, state) };
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    return {
      type: 'GOOGLE_OAUTH_ERROR',
      error:
        reason.startsWith('Failed to exchange') || reason.startsWith('Invalid state')
          ? reason
          : `Failed to exchange authorization code: ${reason}`,
    };
  }
}

export function GoogleCallbackPage() {
  const [message, setMessage] = useState('Completing sign-in...');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void resolveCallback(window.location.search).then((outcome) => {
        if (cancelled) return;
        const target = window.opener ?? (window.parent !== window ? window.parent : null);
        target?.postMessage(outcome, window.location.origin);
        if (outcome.type === 'GOOGLE_OAUTH_ERROR') {
          setFailed(true);
          setMessage(outcome.error);
        } else setMessage('Signed in! This window will close.');
        setTimeout(() => window.close(), target ? CALLBACK_TIMING.closeAfterPostMs : CALLBACK_TIMING.closeUnpostedMs);
      });
    }, CALLBACK_TIMING.startDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div>
        <Logo />
        <div className="mt-6">
          {failed ? (
            <p role="alert" className="text-sm text-rose-300">
              {message}
            </p>
          ) : (
            <Spinner label={message} />
          )}
        </div>
      </div>
    </main>
  );
}
