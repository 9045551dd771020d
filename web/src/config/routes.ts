/**
 * Route paths that several screens link to. They live apart from the pages so a link
 * does not pull a lazily loaded page into the entry bundle.
 */

/** The welcome page after sign-in; the spec leaves its path unstated. */
export const WELCOME_PATH = '/welcome';

/** Two-factor authentication settings for signed-in users. */
export const SECURITY_PATH = '/account/security';
