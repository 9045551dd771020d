/**
 * Build-time settings (Vite env, SPEC §9 "build-time settings"). Each has a default so
 * a fresh clone runs without a .env file.
 */

/** Cloudflare's documented test site keys: they always pass, fail or challenge. */
export const TURNSTILE_TEST_SITE_KEYS = [
  '1x00000000000000000000AA',
  '2x00000000000000000000AB',
  '1x00000000000000000000BB',
  '2x00000000000000000000BB',
  '3x00000000000000000000FF',
] as const;

/** The token Cloudflare's test secret keys accept. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export const config = {
  turnstileSiteKey: import.meta.env.VITE_TURNSTILE_SITE_KEY || '1x00000000000000000000AA',
  schedulerUrl: import.meta.env.VITE_SCHEDULER_URL || 'https://cal.com/tally/intro',
} as const;

export function isTurnstileTestKey(siteKey: string): boolean {
  return (TURNSTILE_TEST_SITE_KEYS as readonly string[]).includes(siteKey);
}
