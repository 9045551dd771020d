/**
 * Where emailed links and auth redirects point: the SPA at `APP_URL`. On a local host the
 * SPA is the Vite dev server, so the port is the dev server's: `DEV_PORT`, which
 * `vite.config.ts` sets from `$PORT` (default 3000, SPEC §2, /auth/success).
 */

/** What the site's origin depends on: APP_URL, and DEV_PORT for a local APP_URL. */
export type SiteEnv = Pick<Env, 'APP_URL'> & Partial<Pick<Env, 'DEV_PORT'>>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The SPA's origin, e.g. `https://tally.example.com` or `http://localhost:3000`. */
export function siteOrigin(env: SiteEnv): string {
  const url = new URL(env.APP_URL);
  if (LOCAL_HOSTS.has(url.hostname)) url.port = /^\d{2,5}$/.test(env.DEV_PORT ?? '') ? (env.DEV_PORT as string) : '3000';
  return url.origin;
}

/**
 * An absolute URL on our site for a path like `/auth/success` or `/api/auth/verify`
 * (the Worker and the SPA share one origin, in dev through the Vite plugin).
 */
export function siteUrl(env: SiteEnv, path: string): string {
  return new URL(path, `${siteOrigin(env)}/`).toString();
}

/**
 * A client-supplied `redirect_to` reduced to a path on our own site, or null. Absolute
 * URLs are accepted only for our origin, so links can't bounce a session to another host.
 */
export function safeRedirectPath(env: SiteEnv, redirectTo: string | null | undefined): string | null {
  if (!redirectTo) return null;
  let url: URL;
  try {
    url = new URL(redirectTo, `${siteOrigin(env)}/`);
  } catch {
    return null;
  }
  if (url.origin !== siteOrigin(env)) return null;
  return `${url.pathname}${url.search}`;
}
