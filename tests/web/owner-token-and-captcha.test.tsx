/**
 * A visitor owner's token travels only as `X-Owner-Token` on calls about its analysis;
 * a rate-limited question says when to ask again; a password sign-in the server answers
 * with CAPTCHA_REQUIRED shows the human check and resends with its token. The API is a
 * mocked fetch answering like the Worker.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TURNSTILE_DUMMY_TOKEN } from '../../web/src/config/env';
import { sendChatMessage } from '../../web/src/features/analysis/api/send-chat';
import { chatFailureText } from '../../web/src/features/analysis/utils/chat-rules';
import { SignInPage } from '../../web/src/features/auth/components/sign-in-page';
import { ApiError, api, okJson } from '../../web/src/lib/api-client';
import { sessionManager } from '../../web/src/lib/auth/session';
import { analysisIdOfPath, ownerTokenFor, saveOwnerToken } from '../../web/src/lib/owner-tokens';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

interface Call {
  url: string;
  headers: Headers;
  body: unknown;
}

function mockFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        url: String(input),
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  sessionManager.removeSession();
});

describe('the owner token', () => {
  it('is kept per analysis id and read back only for that analysis', () => {
    saveOwnerToken('analysis-1', 'owner-secret-1');
    expect(ownerTokenFor('analysis-1')).toBe('owner-secret-1');
    expect(ownerTokenFor('analysis-2')).toBeNull();
  });

  it('finds the analysis id of /api/analysis/… paths only', () => {
    expect(analysisIdOfPath('/api/analysis/abc-123/chat')).toBe('abc-123');
    expect(analysisIdOfPath('/api/analysis/abc-123')).toBe('abc-123');
    expect(analysisIdOfPath('/api/user-analyses')).toBeNull();
    expect(analysisIdOfPath('/api/artifact-content/abc-123')).toBeNull();
  });

  it('rides as X-Owner-Token on a question about its analysis, never in the URL', async () => {
    saveOwnerToken('analysis-1', 'owner-secret-1');
    const calls = mockFetch(() => json(200, { success: true }));
    await sendChatMessage('analysis-1', 'link-token', 'Who are my top customers?');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/analysis/analysis-1/chat?access_token=link-token');
    expect(calls[0].headers.get('X-Owner-Token')).toBe('owner-secret-1');
    expect(calls[0].url).not.toContain('owner-secret-1');
  });

  it('is not sent on calls about another analysis', async () => {
    saveOwnerToken('analysis-1', 'owner-secret-1');
    const calls = mockFetch(() => json(200, { success: true }));
    await sendChatMessage('analysis-2', null, 'Hello');
    expect(calls[0].headers.get('X-Owner-Token')).toBeNull();
  });
});

describe('a rate-limited question', () => {
  it("shows the server's message and when to ask again, from Retry-After", async () => {
    mockFetch(() => json(429, { error: 'Too many questions. Please try again later.', code: 'RATE_LIMITED' }, { 'Retry-After': '120' }));
    const failure = await sendChatMessage('analysis-1', null, 'Hello').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).retryAfterSeconds).toBe(120);
    expect(chatFailureText(failure as ApiError)).toBe('Too many questions. Please try again later. You can ask again in 2 minutes.');
  });

  it('counts seconds under a minute and falls back to the plain error without Retry-After', () => {
    const limited = new ApiError(429, 'Too many questions. Please try again later.', 'RATE_LIMITED', 45);
    expect(chatFailureText(limited)).toBe('Too many questions. Please try again later. You can ask again in 45 seconds.');
    expect(chatFailureText(new ApiError(403, 'Not allowed', 'LINK_CHAT_DISABLED'))).toBe('Error: Not allowed');
  });

  it('okJson keeps the status and code', async () => {
    mockFetch(() => json(429, { error: 'Slow down', code: 'RATE_LIMITED' }));
    const failure = await okJson(api['user-analyses'].$get()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Slow down', retryAfterSeconds: null });
  });
});

describe('password sign-in after repeated failures', () => {
  const CAPTCHA_MESSAGE = 'Too many failed sign-in attempts for this email. Please complete the security verification.';

  it('shows the human check on CAPTCHA_REQUIRED and resends with its token', async () => {
    const calls = mockFetch((call) => {
      const body = call.body as { captchaToken?: string };
      if (body.captchaToken !== TURNSTILE_DUMMY_TOKEN) return json(400, { error: CAPTCHA_MESSAGE, code: 'CAPTCHA_REQUIRED' });
      return json(400, { error: 'Invalid login credentials', code: 'INVALID_CREDENTIALS' });
    });
    const router = createMemoryRouter([{ path: '/sign-in', element: <SignInPage /> }], { initialEntries: ['/sign-in'] });
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong2026x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByText(CAPTCHA_MESSAGE)).textContent).toBe(CAPTCHA_MESSAGE);
    expect(calls[0].body).toEqual({ email: 'owner@example.com', password: 'Wrong2026x' });
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn.hasAttribute('disabled')).toBe(true);

    // Offline, the test site key shows the labelled local widget (after the script's grace period).
    const check = await screen.findByRole('checkbox', { name: 'Verify you are human' }, { timeout: 8000 });
    fireEvent.click(check);
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByText('Invalid email or password. Please try again.');
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toEqual({ email: 'owner@example.com', password: 'Wrong2026x', captchaToken: TURNSTILE_DUMMY_TOKEN });
    // The token was used up: the next attempt needs a fresh check.
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(true);
  }, 20_000);
});
