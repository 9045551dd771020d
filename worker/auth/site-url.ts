/**
 * Where emailed links and auth redirects point: the SPA at `APP_URL`. On a local host the
 * SPA is the Vite dev server, so the port is always 3000 (SPEC §2, /auth/success).
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The SPA's origin, e.g. `https://tally.example.com` or `http://localhost:3000`. */
export function siteOrigin(env: Pick<Env, 'APP_URL'>): string {
  const url = new URL(env.APP_URL);
  if (LOCAL_HOSTS.has(url.hostname)) url.port = '3000';
  return url.origin;
}

/**
 * An absolute URL on our site for a path like `/auth/success` or `/api/auth/verify`
 * (the Worker and the SPA share one origin, in dev through the Vite plugin).
 */
export function siteUrl(env: Pick<Env, 'APP_URL'>, path: string): string {
  return new URL(path, `${siteOrigin(env)}/`).toString();
}

/**
 * A client-supplied `redirect_to` reduced to a path on our own site, or null. Absolute
 * URLs are accepted only for our origin, so links can't bounce a session to another host.
 */
export function safeRedirectPath(env: Pick<Env, 'APP_URL'>, redirectTo: string | null | undefined): string | null {
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
