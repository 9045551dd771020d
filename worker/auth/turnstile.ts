/**
 * Turnstile verification behind one function.
 *
 * Production calls siteverify. Cloudflare's documented *test* secrets are answered
 * locally with their documented semantics, so dev and tests run offline:
 * https://developers.cloudflare.com/turnstile/troubleshooting/testing/
 */

const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** The dummy token Cloudflare's test site keys produce. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export const TURNSTILE_TEST_SECRETS = {
  alwaysPasses: '1x0000000000000000000000000000000AA',
  alwaysFails: '2x0000000000000000000000000000000AA',
  alreadySpent: '3x0000000000000000000000000000000AA',
} as const;

export interface TurnstileOutcome {
  success: boolean;
  /** siteverify's error codes, e.g. `invalid-input-response`, `timeout-or-duplicate`. */
  errorCodes: string[];
}

/**
 * Verifies a Turnstile token. Never throws for a bad token: a network failure of
 * siteverify counts as a failed check (`internal-error`), so visitors are not let in
 * unverified.
 */
export async function verifyTurnstile(
  secret: string,
  token: string | null | undefined,
  remoteIp?: string | null,
  fetcher: typeof fetch = fetch,
): Promise<TurnstileOutcome> {
  if (!token) return { success: false, errorCodes: ['missing-input-response'] };
  const local = decideWithTestSecret(secret, token);
  if (local) return local;
  try {
    const body = new FormData();
    body.append('secret', secret);
    body.append('response', token);
    if (remoteIp) body.append('remoteip', remoteIp);
    const response = await fetcher(SITEVERIFY_URL, { method: 'POST', body });
    const json = (await response.json()) as { success?: boolean; 'error-codes'?: string[] };
    return { success: json.success === true, errorCodes: json['error-codes'] ?? [] };
  } catch {
    return { success: false, errorCodes: ['internal-error'] };
  }
}

/** The documented behaviour of the test secrets, or null for a real secret. */
function decideWithTestSecret(secret: string, token: string): TurnstileOutcome | null {
  switch (secret) {
    case TURNSTILE_TEST_SECRETS.alwaysPasses:
      // The always-pass secret accepts the dummy token the test site keys hand out.
      return token === TURNSTILE_DUMMY_TOKEN
        ? { success: true, errorCodes: [] }
        : { success: false, errorCodes: ['invalid-input-response'] };
    case TURNSTILE_TEST_SECRETS.alwaysFails:
      return { success: false, errorCodes: ['invalid-input-response'] };
    case TURNSTILE_TEST_SECRETS.alreadySpent:
      return { success: false, errorCodes: ['timeout-or-duplicate'] };
    default:
      return null;
  }
}
