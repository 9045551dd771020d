/** The app's one SessionManager, wired to localStorage and the refresh endpoint. */
import { RefreshError, SessionManager, isSession, type Session } from './session-manager';

async function refreshWithServer(refreshToken: string): Promise<Session> {
  let response: Response;
  try {
    response = await fetch('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  } catch (error) {
    throw new RefreshError(error instanceof Error ? error.message : 'Network error', true);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isSession(body)) return body;
  // 4xx means the refresh token is dead (revoked, reused, expired): no point retrying.
  throw new RefreshError(`Refresh failed (${response.status})`, response.status >= 500 || response.status === 429);
}

export const sessionManager = new SessionManager({
  storage: window.localStorage,
  refresh: refreshWithServer,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
});
