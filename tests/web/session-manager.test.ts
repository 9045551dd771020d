import { describe, expect, it, vi } from 'vitest';
import { RefreshError, SessionManager, type AuthEvent, type Session } from '../../web/src/lib/auth/session-manager';

const NOW = 1_795_000_000_000;

function session(overrides: Partial<Session> = {}): Session {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_at: NOW / 1000 + 30,
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'u1', email: 'buyer@example.com' },
    ...overrides,
  };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

function manager(refresh: (token: string) => Promise<Session>) {
  const sleeps: number[] = [];
  const events: AuthEvent[] = [];
  const instance = new SessionManager({ storage: memoryStorage(), refresh, sleep: async (ms) => void sleeps.push(ms), now: () => NOW });
  instance.onAuthStateChange((event) => events.push(event));
  return { instance, sleeps, events };
}

describe('SessionManager (SPEC §4 auth events, §9 refresh backoff)', () => {
  it('announces INITIAL_SESSION, then SIGNED_IN when a session is set', () => {
    const { instance, events } = manager(async () => session());
    instance.setSession(session());
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    expect(instance.getSession()?.user.email).toBe('buyer@example.com');
  });

  it('retries a retryable refresh failure after 200 ms, doubling, and announces TOKEN_REFRESHED', async () => {
    let calls = 0;
    const { instance, sleeps, events } = manager(async () => {
      calls += 1;
      if (calls <= 3) throw new RefreshError('network down', true);
      return session({ access_token: 'access-2', refresh_token: 'refresh-2' });
    });
    instance.setSession(session());
    const refreshed = await instance.refreshSession();
    expect(sleeps).toEqual([200, 400, 800]);
    expect(refreshed?.access_token).toBe('access-2');
    expect(events.at(-1)).toBe('TOKEN_REFRESHED');
  });

  it('removes the session on a non-retryable refresh error (SIGNED_OUT)', async () => {
    const { instance, events, sleeps } = manager(async () => {
      throw new RefreshError('Invalid Refresh Token', false);
    });
    instance.setSession(session());
    expect(await instance.refreshSession()).toBeNull();
    expect(instance.getSession()).toBeNull();
    expect(sleeps).toEqual([]);
    expect(events.at(-1)).toBe('SIGNED_OUT');
  });

  it('keeps the session when retryable errors outlast the backoff budget', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { instance, sleeps } = manager(async () => {
      throw new RefreshError('503', true);
    });
    instance.setSession(session());
    await instance.refreshSession();
    expect(instance.getSession()?.access_token).toBe('access-1');
    expect(sleeps[0]).toBe(200);
    expect(sleeps.every((ms, index) => index === 0 || ms === sleeps[index - 1] * 2)).toBe(true);
  });

  it('auto-refreshes only when at most 3 ticks (of 30 s) remain', async () => {
    let calls = 0;
    const { instance } = manager(async () => {
      calls += 1;
      return session({ expires_at: NOW / 1000 + 3600 });
    });
    instance.setSession(session({ expires_at: NOW / 1000 + 120 }));
    await instance.autoRefreshTick();
    expect(calls).toBe(0);
    instance.setSession(session({ expires_at: NOW / 1000 + 119 }));
    await instance.autoRefreshTick();
    expect(calls).toBe(1);
  });

  it('shares one refresh between concurrent callers', async () => {
    let calls = 0;
    const { instance } = manager(async () => {
      calls += 1;
      return session({ access_token: 'access-2', expires_at: NOW / 1000 + 3600 });
    });
    instance.setSession(session({ expires_at: NOW / 1000 + 5 }));
    const tokens = await Promise.all([instance.getAccessToken(), instance.getAccessToken()]);
    expect(tokens).toEqual(['access-2', 'access-2']);
    expect(calls).toBe(1);
  });
});
