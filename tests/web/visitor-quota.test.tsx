/**
 * A visitor whose daily analysis is used up (429 DAILY_QUOTA) sees the server's message
 * in the page with a "Create a free account" action, and the email form stays closed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuotaReached } from '../../web/src/features/analysis/components/quota-reached';
import { useNewAnalysis } from '../../web/src/features/analysis/hooks/use-new-analysis';
import { useNotes } from '../../web/src/features/analysis/hooks/use-notes';

const QUOTA_MESSAGE = 'You have used your free analysis for today. Create a free account to run more.';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the visitor's daily quota", () => {
  it('keeps the email form closed and holds the message for the page', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return new Response(JSON.stringify({ error: QUOTA_MESSAGE, code: 'DAILY_QUOTA' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const { result } = renderHook(() => useNewAnalysis({ userEmail: null, notes: useNotes() }), { wrapper });
    act(() => result.current.chooseFile(new File(['a,b\n1,2\n'], 'sales.csv', { type: 'text/csv' })));
    act(() => {
      result.current.askQuestion('Who are my best customers?');
    });
    expect(result.current.emailModal.open).toBe(true);
    act(() => {
      result.current.emailModal.onEmailChange('buyer@example.com');
      result.current.emailModal.onCaptchaToken('token');
    });
    act(() => result.current.emailModal.onStart());
    await vi.waitFor(() => expect(result.current.quotaMessage).toBe(QUOTA_MESSAGE));
    expect(calls).toEqual(['/api/upload-to-spaces']);
    expect(result.current.emailModal.open).toBe(false);
    expect(result.current.phase).toBe('error');
  });

  it('shows the message with a "Create a free account" link to sign-up', () => {
    render(
      <MemoryRouter>
        <QuotaReached message={QUOTA_MESSAGE} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert', { name: 'Daily limit reached' }).textContent).toContain(QUOTA_MESSAGE);
    expect(screen.getByRole('link', { name: 'Create a free account' }).getAttribute('href')).toBe('/sign-up');
  });
});
