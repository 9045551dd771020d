/**
 * The visitor owner's tokens (one per analysis they uploaded): the upload answers an
 * `owner_token` once; it is kept here, in local storage keyed by analysis id, never in a
 * URL, and sent as `X-Owner-Token` on every call about that analysis (see api-client).
 * This module owns the storage keys.
 */

/** The header the Worker reads the owner token from. */
export const OWNER_TOKEN_HEADER = 'X-Owner-Token';

const KEY_PREFIX = 'tally.owner-token.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings): the visitor then reads through the link only.
    return null;
  }
}

/** Keeps the owner token of a freshly uploaded analysis. */
export function saveOwnerToken(analysisId: string, token: string): void {
  storage()?.setItem(KEY_PREFIX + analysisId, token);
}

/** The stored owner token of an analysis, or null. */
export function ownerTokenFor(analysisId: string): string | null {
  return storage()?.getItem(KEY_PREFIX + analysisId) ?? null;
}

/** True when this browser holds the analysis's owner token. */
export function holdsOwnerToken(analysisId: string): boolean {
  return ownerTokenFor(analysisId) !== null;
}

/** `/api/analysis/{id}…` → the analysis id, or null for any other path. */
export function analysisIdOfPath(pathname: string): string | null {
  const match = /^\/api\/analysis\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

const LINK_PREFIX = 'tally.share-link.';

/**
 * The secure link this browser last issued or received for an analysis it owns (the
 * server keeps only its hash, so this is how the share control knows a link exists).
 */
export function saveShareLink(analysisId: string, accessToken: string): void {
  storage()?.setItem(LINK_PREFIX + analysisId, accessToken);
}

/** The known secure link's token, or null when none was issued here or it was revoked. */
export function shareLinkFor(analysisId: string): string | null {
  return storage()?.getItem(LINK_PREFIX + analysisId) ?? null;
}

/** Forgets a revoked secure link. */
export function forgetShareLink(analysisId: string): void {
  storage()?.removeItem(LINK_PREFIX + analysisId);
}
