/**
 * Tells the user they were signed out when the server refused to refresh their session
 * (issue 14: no stale email or Sign Out left behind, and no silent sign-out).
 */
import { useEffect, useState } from 'react';
import { sessionManager } from '../lib/auth/session';

export const SIGNED_OUT_TEXT = 'Your session has ended and you have been signed out. Please sign in again.';

export function SignedOutNotice() {
  const [visible, setVisible] = useState(false);
  useEffect(
    () =>
      sessionManager.onAuthStateChange((event) => {
        if (event === 'SIGNED_OUT' && sessionManager.lastSignOutReason === 'session-ended') setVisible(true);
        if (event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED') setVisible(false);
      }),
    [],
  );
  if (!visible) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-0 top-0 z-[70] flex flex-wrap items-center justify-center gap-3 bg-amber-500 px-4 py-2 text-sm text-ink-950"
    >
      <span>{SIGNED_OUT_TEXT}</span>
      <a href="/sign-in" className="font-semibold underline">
        Sign in
      </a>
      <button type="button" onClick={() => setVisible(false)} className="rounded px-2 font-semibold hover:bg-amber-400">
        Dismiss
      </button>
    </div>
  );
}
