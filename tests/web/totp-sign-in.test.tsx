/**
 * Two-factor sign-in: after the password, a user with a verified TOTP factor is asked for
 * the 6-digit code from their authenticator app. The API is a mocked fetch that answers
 * like the Worker (password grant, challenge, verify).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInPage } from '../../web/src/features/auth/components/sign-in-page';
import { TotpStep } from '../../web/src/features/auth/components/totp-step';
import { normalizeTotpCode, totpCodeError } from '../../web/src/features/auth/utils/auth-rules';
import { assuranceLevel, pendingTotpFactor, signInWithPassword } from '../../web/src/lib/auth/auth-api';
import { sessionManager } from '../../web/src/lib/auth/session';
import type { AuthEvent, MfaFactor, Session } from '../../web/src/lib/auth/session-manager';

const EMAIL = 'owner@example.com';
const FACTOR: MfaFactor = { id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app' };

/** An unsigned token with the claims the client reads (the server is the one that verifies). */
function accessToken(aal: 'aal1' | 'aal2'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', email: EMAIL, aal })}.signature`;
}

function session(aal: 'aal1' | 'aal2', factors: MfaFactor[] = [FACTOR]): Session {
  return {
    access_token: accessToken(aal),
    refresh_token: `refresh-${aal}`,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'user-1', email: EMAIL, factors },
  };
}

interface Call {
  url: string;
  authorization: string | null;
  body: unknown;
}

/** A fetch that answers like the Worker: the password grant, then challenge and verify. */
function mockApi({ grant = session('aal1'), acceptCode = '123456' }: { grant?: Session; acceptCode?: string } = {}) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ url, authorization: new Headers(init.headers).get('Authorization'), body });
    if (url.startsWith('/api/auth/token?grant_type=password')) return json(200, grant);
    if (url === '/api/auth/logout') return new Response(null, { status: 204 });
    if (url === `/api/auth/factors/${FACTOR.id}/challenge`) return json(200, { id: 'challenge-1', type: 'totp', expires_at: 0 });
    if (url === `/api/auth/factors/${FACTOR.id}/verify`) {
      const { code } = body as { code: string };
      return code === acceptCode ? json(200, session('aal2')) : json(400, { error: 'Invalid TOTP code entered', code: 'INVALID_TOTP' });
    }
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function withQueryClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function recordAuthEvents(): AuthEvent[] {
  const events: AuthEvent[] = [];
  const stop = sessionManager.onAuthStateChange((event) => events.push(event));
  cleanupCallbacks.push(stop);
  return events;
}

const cleanupCallbacks: (() => void)[] = [];

beforeEach(() => {
  sessionManager.removeSession();
});

afterEach(() => {
  cleanup();
  for (const stop of cleanupCallbacks.splice(0)) stop();
  vi.unstubAllGlobals();
  sessionManager.removeSession();
});

describe('the code rules', () => {
  it('wants exactly six digits, forgiving the spaces and dashes people copy along', () => {
    expect(totpCodeError('123456')).toBeNull();
    expect(totpCodeError('123 456')).toBeNull();
    expect(totpCodeError('123-456')).toBeNull();
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456');
    for (const bad of ['', '12345', '1234567', 'abcdef']) {
      expect(totpCodeError(bad)).toBe('Enter the 6-digit code from your authenticator app');
    }
  });
});

describe('which sessions still owe a code', () => {
  it('an aal1 session of a user with a verified TOTP factor', () => {
    expect(assuranceLevel(session('aal1'))).toBe('aal1');
    expect(pendingTotpFactor(session('aal1'))).toEqual(FACTOR);
  });

  it('not an aal2 session, nor a user whose factor is unverified or absent', () => {
    expect(assuranceLevel(session('aal2'))).toBe('aal2');
    expect(pendingTotpFactor(session('aal2'))).toBeNull();
    expect(pendingTotpFactor(session('aal1', [{ ...FACTOR, status: 'unverified' }]))).toBeNull();
    expect(pendingTotpFactor(session('aal1', []))).toBeNull();
  });

  it('a password grant that owes a code is handed back, not stored as signed in', async () => {
    mockApi();
    const events = recordAuthEvents();
    const result = await signInWithPassword(EMAIL, 'Wholesale2026');
    expect(result.kind).toBe('mfa-required');
    expect(sessionManager.getSession()).toBeNull();
    expect(events).not.toContain('SIGNED_IN');
  });

  it('a password grant without a factor signs in at once', async () => {
    mockApi({ grant: session('aal1', []) });
    const events = recordAuthEvents();
    const result = await signInWithPassword(EMAIL, 'Wholesale2026');
    expect(result.kind).toBe('signed-in');
    expect(sessionManager.getSession()?.refresh_token).toBe('refresh-aal1');
    expect(events).toContain('SIGNED_IN');
  });
});

describe('TotpStep: the code after the password', () => {
  function renderStep(onVerified = vi.fn()) {
    render(withQueryClient(<TotpStep pending={session('aal1')} factorId={FACTOR.id} onVerified={onVerified} onCancel={() => undefined} />));
    return { onVerified, input: screen.getByLabelText('Authentication code') };
  }

  it('asks for the code in a labelled, focused field with the numeric keypad and one-time-code autofill', () => {
    const { input } = renderStep();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('does not call the API until six digits are entered', () => {
    const { fetchMock } = mockApi();
    const { input } = renderStep();
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code from your authenticator app');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the API's error for a wrong code and stays signed out", async () => {
    mockApi({ acceptCode: '123456' });
    const { input, onVerified } = renderStep();
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid TOTP code entered');
    expect(onVerified).not.toHaveBeenCalled();
    expect(sessionManager.getSession()).toBeNull();
  });

  it('challenges and verifies with the pending session, then stores the aal2 session as MFA_CHALLENGE_VERIFIED', async () => {
    const { calls } = mockApi({ acceptCode: '123456' });
    const events = recordAuthEvents();
    const { input, onVerified } = renderStep();
    fireEvent.change(input, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));

    const pendingBearer = `Bearer ${accessToken('aal1')}`;
    expect(calls.map((call) => [call.url, call.authorization])).toEqual([
      [`/api/auth/factors/${FACTOR.id}/challenge`, pendingBearer],
      [`/api/auth/factors/${FACTOR.id}/verify`, pendingBearer],
    ]);
    expect(calls[1].body).toEqual({ challenge_id: 'challenge-1', code: '123456' });
    expect(sessionManager.getSession()?.refresh_token).toBe('refresh-aal2');
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
  });
});

describe('SignInPage with a TOTP factor', () => {
  function renderSignIn() {
    const router = createMemoryRouter(
      [
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/welcome', element: <h1>Welcome to Tally!</h1> },
      ],
      { initialEntries: ['/sign-in'] },
    );
    render(withQueryClient(<RouterProvider router={router} />));
    return router;
  }

  it('asks for the code after the password and continues to the welcome page', async () => {
    mockApi({ acceptCode: '123456' });
    const router = renderSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wholesale2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(sessionManager.getSession()).toBeNull();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Welcome to Tally!' });
    expect(router.state.location.pathname).toBe('/welcome');
  });

  it('goes back to the password form from the code step, ending the half-done sign-in', async () => {
    const { calls } = mockApi();
    renderSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wholesale2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a different account' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await vi.waitFor(() => expect(calls.at(-1)).toMatchObject({ url: '/api/auth/logout', authorization: `Bearer ${accessToken('aal1')}` }));
  });
});
