/**
 * Who may see an analysis: its owner (bearer token) or the holder of its secure link
 * (access token in the path or `access_token` query). Everyone else gets 401
 * `AUTH_REQUIRED`; a signed-in non-owner and unknown ids get 404. No detail leaks.
 */
import { sha256Hex, timingSafeEqual } from '../lib/crypto';
import { authRequired, notFound } from '../lib/http';
import type { AnalysisRow } from '../db/analyses';
import type { Viewer } from './viewer';

export type AccessGrant = 'owner' | 'link';

/** True when `token` is the analysis's current secure link (a revoked link matches nothing). */
export async function secureLinkMatches(analysis: AnalysisRow, token: string | null | undefined): Promise<boolean> {
  if (!token || !analysis.accessTokenHash) return false;
  return timingSafeEqual(await sha256Hex(token), analysis.accessTokenHash);
}

/** Decides access or throws the right HttpError. */
export async function authorizeAnalysis(
  analysis: AnalysisRow | undefined,
  viewer: Viewer,
  accessToken: string | null | undefined,
): Promise<AccessGrant> {
  if (!analysis) throw notFound();
  if (viewer.kind === 'user' && analysis.userId === viewer.userId) return 'owner';
  if (await secureLinkMatches(analysis, accessToken)) return 'link';
  if (viewer.kind === 'user') throw notFound();
  throw authRequired();
}
