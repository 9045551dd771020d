/**
 * Who may ask questions about an analysis, and how often. The owner (signed-in, or the
 * visitor holding the upload's owner token) always may; a secure-link holder only when
 * the owner has turned link questions on. Every question counts against the analysis's
 * hourly limit and the asker's daily cap; a link holder's also against a tighter
 * per-analysis and per-IP hourly limit, since the link may have been forwarded.
 */
import type { AccessGrant } from '../auth/analysis-access';
import type { Viewer } from '../auth/viewer';
import type { AnalysisRow } from '../db/analyses';
import type { Database } from '../db/client';
import { hitWindows } from '../db/rate-limits';
import { HttpError } from '../lib/http';

const HOUR = 3600;
const DAY = 86_400;

/** The chat limits (README, security section). */
export const CHAT_LIMITS = {
  /** Questions per analysis per hour, from anyone. */
  perAnalysisHourly: 30,
  /** Questions per signed-in user (or, for visitors, per IP) per day, over all analyses. */
  perAskerDaily: 200,
  /** Questions through the secure link per analysis per hour. */
  linkPerAnalysisHourly: 10,
  /** Questions through any secure link per IP per hour. */
  linkPerIpHourly: 20,
} as const;

export const LINK_CHAT_DISABLED = 'The owner of this analysis has not allowed questions through the shared link.';
export const CHAT_RATE_LIMITED = 'Too many questions. Please try again later.';

/** 403 unless this viewer may ask questions about the analysis. */
export function assertMayChat(analysis: AnalysisRow, access: AccessGrant): void {
  if (access === 'link' && !analysis.linkChatEnabled) throw new HttpError(403, LINK_CHAT_DISABLED, 'LINK_CHAT_DISABLED');
}

/**
 * Counts one question against every limit that applies and throws 429 with `Retry-After`
 * (seconds until the tightest exceeded window ends) when any is exceeded.
 */
export async function countChatQuestion(
  db: Database,
  question: { analysisId: string; access: AccessGrant; viewer: Viewer; ip: string | null },
): Promise<void> {
  const asker = question.viewer.kind === 'user' ? `user:${question.viewer.userId}` : question.ip ? `ip:${question.ip}` : null;
  const rules: [string, number, number][] = [[`chat:analysis:${question.analysisId}`, HOUR, CHAT_LIMITS.perAnalysisHourly]];
  if (asker) rules.push([`chat:asker:${asker}`, DAY, CHAT_LIMITS.perAskerDaily]);
  if (question.access === 'link') {
    rules.push([`chat:link:${question.analysisId}`, HOUR, CHAT_LIMITS.linkPerAnalysisHourly]);
    if (question.ip) rules.push([`chat:link-ip:${question.ip}`, HOUR, CHAT_LIMITS.linkPerIpHourly]);
  }
  const now = Math.floor(Date.now() / 1000);
  const counts = (await Promise.all(rules.map(([key, window]) => hitWindows(db, [key], window, now)))).flat();
  const exceeded = counts.filter((count, i) => count.count > rules[i][2]);
  if (exceeded.length === 0) return;
  const retryAfter = Math.max(...exceeded.map((count) => count.resetsIn));
  throw new HttpError(429, CHAT_RATE_LIMITED, 'RATE_LIMITED', { 'Retry-After': String(retryAfter) });
}
