/**
 * The browser's session (SPEC §3 Session, §4 auth events), GoTrue-style:
 * - the session lives in localStorage and is announced to listeners as auth events;
 * - an auto-refresh tick refreshes the access token when at most 3 ticks remain;
 * - a failed refresh is retried with backoff from 200 ms, doubling; a non-retryable
 *   error (the server said no) removes the session, a retryable one (network, 5xx) keeps it.
 */

export interface MfaFactor {
  id: string;
  factor_type: 'totp' | 'phone';
  status: 'verified' | 'unverified';
  friendly_name?: string | null;
}

export interface User {
  id: string;
  email: string;
  identities?: unknown[];
  factors?: MfaFactor[];
  name?: string | null;
  picture?: string | null;
}

export interface Session {
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
  expires_in: number;
  token_type: string;
  user: User;
  provider_token?: string | null;
  provider_refresh_token?: string | null;
}

export type AuthEvent =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY' | 'MFA_CHALLENGE_VERIFIED';

export type AuthListener = (event: AuthEvent, session: Session | null) => void;

/** How often the auto-refresh checks the clock. */
export const AUTO_REFRESH_TICK_MS = 30_000;
/** Refresh once the token has at most this many ticks left (SPEC §9). */
export const AUTO_REFRESH_TICK_THRESHOLD = 3;
/** First retry delay after a retryable refresh failure; doubles each time (SPEC §9). */
export const REFRESH_RETRY_BASE_MS = 200;
/** Retries stop once the next delay would exceed one tick: the next tick tries again. */
const REFRESH_RETRY_BUDGET_MS = AUTO_REFRESH_TICK_MS;

export const SESSION_STORAGE_KEY = 'tally.auth.session';

/** A refresh failure; `retryable` decides whether the session survives it. */
export class RefreshError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'RefreshError';
  }
}

export interface SessionManagerDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Exchanges a refresh token for a new session, throwing RefreshError on failure. */
  refresh: (refreshToken: string) => Promise<Session>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.access_token === 'string' &&
    typeof candidate.refresh_token === 'string' &&
    typeof candidate.expires_at === 'number' &&
    !!candidate.user &&
    typeof candidate.user.email === 'string'
  );
}

export class SessionManager {
  private session: Session | null;
  private readonly listeners = new Set<AuthListener>();
  private refreshing: Promise<Session | null> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** Why the last SIGNED_OUT happened: the user's choice, or a refresh the server refused. */
  private signOutReason: 'user' | 'session-ended' | null = null;

  constructor(private readonly deps: SessionManagerDeps) {
    this.session = this.load();
  }

  getSession(): Session | null {
    return this.session;
  }

  /** Subscribes to auth events; the listener hears INITIAL_SESSION at once. */
  onAuthStateChange(listener: AuthListener): () => void {
    this.listeners.add(listener);
    listener('INITIAL_SESSION', this.session);
    return () => this.listeners.delete(listener);
  }

  /** Stores a session obtained from sign-in, a magic link or a reset link. */
  setSession(session: Session, event: AuthEvent = 'SIGNED_IN'): void {
    this.save(session);
    this.emit(event);
  }

  /** Replaces the user on the current session (after PUT /auth/user). */
  updateUser(user: User): void {
    if (!this.session) return;
    this.save({ ...this.session, user });
    this.emit('USER_UPDATED');
  }

  /** Why the latest SIGNED_OUT happened (null before any). */
  get lastSignOutReason(): 'user' | 'session-ended' | null {
    return this.signOutReason;
  }

  /** Forgets the session locally; `reason` says whether the user chose it. */
  removeSession(reason: 'user' | 'session-ended' = 'user'): void {
    const hadSession = this.session !== null;
    if (hadSession) this.signOutReason = reason;
    this.session = null;
    this.deps.storage.removeItem(SESSION_STORAGE_KEY);
    if (hadSession) this.emit('SIGNED_OUT');
  }

  /** A valid access token, refreshing first when the current one is (nearly) expired. */
  async getAccessToken(): Promise<string | null> {
    const session = this.session;
    if (!session) return null;
    if (this.secondsLeft(session) > 10) return session.access_token;
    const refreshed = await this.refreshSession();
    return refreshed?.access_token ?? null;
  }

  /** One refresh at a time; concurrent callers share it. */
  refreshSession(): Promise<Session | null> {
    if (!this.refreshing) {
      this.refreshing = this.refreshWithBackoff().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  /** Starts the periodic check; returns a stop function. */
  startAutoRefresh(): () => void {
    this.stopAutoRefresh();
    void this.autoRefreshTick();
    this.ticker = setInterval(() => void this.autoRefreshTick(), AUTO_REFRESH_TICK_MS);
    return () => this.stopAutoRefresh();
  }

  stopAutoRefresh(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Refreshes when at most AUTO_REFRESH_TICK_THRESHOLD ticks remain. */
  async autoRefreshTick(): Promise<void> {
    const session = this.session;
    if (!session) return;
    const ticksLeft = Math.floor((this.secondsLeft(session) * 1000) / AUTO_REFRESH_TICK_MS);
    if (ticksLeft <= AUTO_REFRESH_TICK_THRESHOLD) await this.refreshSession();
  }

  private async refreshWithBackoff(): Promise<Session | null> {
    const start = this.session;
    if (!start) return null;
    let delay = REFRESH_RETRY_BASE_MS;
    for (;;) {
      try {
        const next = await this.deps.refresh(start.refresh_token);
        // A sign-out while the request was in flight wins.
        if (this.session?.refresh_token !== start.refresh_token) return this.session;
        this.save(next);
        this.emit('TOKEN_REFRESHED');
        return next;
      } catch (error) {
        const retryable = !(error instanceof RefreshError) || error.retryable;
        if (!retryable) {
          this.removeSession('session-ended');
          return null;
        }
        if (delay > REFRESH_RETRY_BUDGET_MS) {
          console.warn('Session refresh failed; keeping the session and retrying on the next tick', error);
          return this.session;
        }
        await this.deps.sleep(delay);
        delay *= 2;
      }
    }
  }

  private secondsLeft(session: Session): number {
    return session.expires_at - this.deps.now() / 1000;
  }

  private load(): Session | null {
    try {
      const raw = this.deps.storage.getItem(SESSION_STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return isSession(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  private save(session: Session): void {
    this.session = session;
    this.deps.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  }

  private emit(event: AuthEvent): void {
    for (const listener of this.listeners) listener(event, this.session);
  }
}
