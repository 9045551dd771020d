/**
 * A 401 on a signed-in call tries one refresh and one retry; a refresh the server refuses
 * removes the session and the user is told they were signed out (SPEC §4, issue 14).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_TEXT, SignedOutNotice } from '../../web/src/components/signed-out-notice';
import { api, okJson } from '../../web/src/lib/api-client';
import { sessionManager } from '../../web/src/lib/auth/session';
import type { Session } from '../../web/src/lib/auth/session-manager';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function session(access: string, refresh: string): Session {
  return {
    access_token: access,
    refresh_token: refresh,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'user-1', email: 'owner@example.com' },
  };
}

function mockApi(refreshAnswer: () => Response) {
  const calls: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const authorization = new Headers(init.headers).get('Authorization');
      calls.push({ url, authorization });
      if (url.startsWith('/api/auth/token?grant_type=refresh_token')) return refreshAnswer();
      if (url === '/api/user-analyses')
        return authorization === 'Bearer new-access' ? json(200, { analyses: [] }) : json(401, { error: 'Invalid token' });
      return json(404, { error: 'Not found' });
    }),
  );
  return calls;
}

beforeEach(() => sessionManager.setSession(session('old-access', 'refresh-1'), 'SIGNED_IN'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionManager.removeSession();
});

describe('a 401 on a signed-in call', () => {
  it('refreshes once and retries with the new token', async () => {
    const calls = mockApi(() => json(200, session('new-access', 'refresh-2')));
    expect(await okJson(api['user-analyses'].$get())).toEqual({ analyses: [] });
    expect(calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/user-analyses', 'Bearer old-access'],
      ['/api/auth/token?grant_type=refresh_token', null],
      ['/api/user-analyses', 'Bearer new-access'],
    ]);
    expect(sessionManager.getSession()?.refresh_token).toBe('refresh-2');
  });

  it('removes the session when the refresh is refused, and the user is told', async () => {
    render(<SignedOutNotice />);
    expect(screen.queryByRole('alert')).toBeNull();
    const calls = mockApi(() => json(400, { error: 'Invalid Refresh Token: Already Used' }));
    const failure = await act(() => okJson(api['user-analyses'].$get()).catch((error: unknown) => error));
    expect(failure).toMatchObject({ status: 401, message: 'Invalid token' });
    expect(calls).toHaveLength(2);
    expect(sessionManager.getSession()).toBeNull();
    expect(sessionManager.lastSignOutReason).toBe('session-ended');
    expect(window.localStorage.getItem('tally.auth.session')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(SIGNED_OUT_TEXT);
  });

  it('keeps the session after a retryable refresh failure (5xx) and answers the 401', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      mockApi(() => json(503, { error: 'Unavailable' }));
      const pending = okJson(api['user-analyses'].$get()).catch((error: unknown) => error);
      await vi.runAllTimersAsync();
      expect(await pending).toMatchObject({ status: 401 });
      expect(sessionManager.getSession()?.refresh_token).toBe('refresh-1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a user-chosen sign-out shows no notice', () => {
    render(<SignedOutNotice />);
    act(() => sessionManager.removeSession());
    expect(sessionManager.lastSignOutReason).toBe('user');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
