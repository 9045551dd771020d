/**
 * The fake Google of the Worker tests: where it lives and which client it knows. The
 * Worker reads these through its ordinary GOOGLE_* configuration (vitest.config.ts sets
 * them as bindings), so the real OIDC code path runs against it.
 */
export const FAKE_OIDC_ORIGIN = 'https://oidc.fake-google.test';
export const FAKE_OIDC_CLIENT_ID = 'tally-test-client.apps.fake-google.test';
export const FAKE_OIDC_CLIENT_SECRET = 'tally-test-client-secret';

/** Bindings that point the Worker's Google sign-in at the fake provider. */
export const FAKE_OIDC_BINDINGS = {
  GOOGLE_CLIENT_ID: FAKE_OIDC_CLIENT_ID,
  GOOGLE_CLIENT_SECRET: FAKE_OIDC_CLIENT_SECRET,
  GOOGLE_AUTH_URL: `${FAKE_OIDC_ORIGIN}/authorize`,
  GOOGLE_TOKEN_URL: `${FAKE_OIDC_ORIGIN}/token`,
  GOOGLE_JWKS_URL: `${FAKE_OIDC_ORIGIN}/jwks`,
  GOOGLE_ISSUER: FAKE_OIDC_ORIGIN,
} as const;

/**
 * How the simulated user and provider behave, chosen by the test as extra query
 * parameters on the authorization URL (a real user would be clicking in Google's UI).
 */
export type FakeOidcScenario =
  'ok' | 'deny' | 'wrong-audience' | 'bad-nonce' | 'expired' | 'wrong-issuer' | 'unverified-email' | 'foreign-key';
