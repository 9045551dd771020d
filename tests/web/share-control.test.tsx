/**
 * The owner's Share control: shows the known secure link, re-issues and revokes it, and
 * switches link questions through the link-chat API. The API is a mocked fetch answering
 * like the Worker; the owner token rides as X-Owner-Token.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisLoadErrorText } from '../../web/src/features/analysis/api/get-analysis';
import { ShareControl } from '../../web/src/features/analysis/components/share-control';
import { ApiError } from '../../web/src/lib/api-client';
import { saveOwnerToken, saveShareLink, shareLinkFor } from '../../web/src/lib/owner-tokens';

const ID = 'a1b2c3';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mockApi() {
  const calls: { method: string; url: string; ownerToken: string | null; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, url, ownerToken: new Headers(init.headers).get('X-Owner-Token'), body });
      if (url === `/api/analysis/${ID}/access-token` && method === 'POST')
        return json(200, { access_token: 'fresh-token', analysis_url: '', dashboard_url: '' });
      if (url === `/api/analysis/${ID}/access-token` && method === 'DELETE') return json(200, { revoked: true });
      if (url === `/api/analysis/${ID}/link-chat`) return json(200, { link_chat_enabled: (body as { enabled: boolean }).enabled });
      return json(404, { error: 'Not found' });
    }),
  );
  return calls;
}

function renderControl(linkChatEnabled = false) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ShareControl analysisId={ID} linkChatEnabled={linkChatEnabled} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Share/ }));
  return screen.getByRole('region', { name: 'Share this analysis' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('ShareControl', () => {
  it('offers to create a link when none is known, and shows it once created', async () => {
    saveOwnerToken(ID, 'owner-secret');
    const calls = mockApi();
    renderControl();
    expect(screen.getByText('No secure link is active. Anyone with a link can read this analysis.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create secure link' }));
    const input = await screen.findByLabelText<HTMLInputElement>('Secure link');
    expect(input.value).toBe(`${window.location.origin}/analysis/${ID}/fresh-token`);
    expect(calls).toEqual([{ method: 'POST', url: `/api/analysis/${ID}/access-token`, ownerToken: 'owner-secret', body: null }]);
    expect(shareLinkFor(ID)).toBe('fresh-token');
  });

  it('shows the known link, re-issues it, then revokes it', async () => {
    saveShareLink(ID, 'upload-token');
    const calls = mockApi();
    renderControl();
    expect(screen.getByLabelText<HTMLInputElement>('Secure link').value).toBe(`${window.location.origin}/analysis/${ID}/upload-token`);
    expect(screen.getByLabelText('Secure link active')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Re-issue link' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Secure link').value).toBe(`${window.location.origin}/analysis/${ID}/fresh-token`),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    await screen.findByText('The link was revoked: every copy of it stops working.');
    expect(screen.queryByLabelText('Secure link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create secure link' })).toBeTruthy();
    expect(shareLinkFor(ID)).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST /api/analysis/${ID}/access-token`,
      `DELETE /api/analysis/${ID}/access-token`,
    ]);
  });

  it('switches link questions on through the link-chat API (off by default)', async () => {
    const calls = mockApi();
    renderControl(false);
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Let link holders ask questions' });
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `/api/analysis/${ID}/link-chat`, body: { enabled: true } });
    expect(toggle.checked).toBe(true);
  });

  it('puts the switch back when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: 'Analysis not found', code: 'NOT_FOUND' })),
    );
    renderControl(false);
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Let link holders ask questions' });
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe('Analysis not found');
    expect(toggle.checked).toBe(false);
  });

  it("shows the server's error when the owner check fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: 'Analysis not found', code: 'NOT_FOUND' })),
    );
    renderControl();
    fireEvent.click(screen.getByRole('button', { name: 'Create secure link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Analysis not found');
  });
});

describe('a secure link that no longer opens', () => {
  it('says the link is no longer valid instead of asking to sign in', () => {
    const text = 'This secure link is no longer valid: the owner may have revoked or replaced it. Ask them for a new link.';
    expect(analysisLoadErrorText(new ApiError(401, 'x', 'AUTH_REQUIRED'), true)).toBe(text);
    expect(analysisLoadErrorText(new ApiError(404, 'x'), true)).toBe(text);
    expect(analysisLoadErrorText(new ApiError(401, 'x', 'AUTH_REQUIRED'), false)).toBe(
      'Please sign in or create a free account to view this analysis',
    );
  });
});
