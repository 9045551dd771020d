/**
 * Daily analysis quotas, enforced in D1 over the analyses table itself (no counters to
 * drift): visitors get one analysis per UTC day per email and per IP; signed-in users are
 * unlimited up to an abuse cap (`SIGNED_IN_DAILY_CAP`, default 50).
 */
import { and, count, eq, gte, isNull, or } from 'drizzle-orm';
import type { Viewer } from '../auth/viewer';
import { database } from '../db/client';
import { analyses, multipartUploads } from '../db/schema';
import { HttpError } from '../lib/http';

export const VISITOR_QUOTA_MESSAGE = "You've used your free analysis for today. Create a free account for unlimited analyses.";
export const SIGNED_IN_CAP_MESSAGE = "You've reached today's analysis limit. Please try again tomorrow.";

/** Midnight UTC today, in the ISO format created_at uses. */
export function startOfUtcDay(now = new Date()): string {
  return `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

export async function enforceUploadQuota(env: Env, viewer: Viewer, email: string, ip: string | null): Promise<void> {
  const db = database(env.DB);
  const since = startOfUtcDay();
  if (viewer.kind === 'user') {
    const cap = Number(env.SIGNED_IN_DAILY_CAP) || 50;
    const [row] = await db
      .select({ n: count() })
      .from(analyses)
      .where(and(eq(analyses.userId, viewer.userId), gte(analyses.createdAt, since)));
    if ((row?.n ?? 0) >= cap) throw new HttpError(429, SIGNED_IN_CAP_MESSAGE, 'DAILY_CAP');
    return;
  }
  const normalized = email.trim().toLowerCase();
  const sameVisitor = ip ? or(eq(analyses.email, normalized), eq(analyses.clientIp, ip)) : eq(analyses.email, normalized);
  const [used] = await db
    .select({ n: count() })
    .from(analyses)
    .where(and(isNull(analyses.userId), gte(analyses.createdAt, since), sameVisitor));
  // A chunked upload in flight counts too, so two parallel uploads can't both pass.
  const pendingVisitor = ip
    ? or(eq(multipartUploads.email, normalized), eq(multipartUploads.clientIp, ip))
    : eq(multipartUploads.email, normalized);
  const [pending] = await db
    .select({ n: count() })
    .from(multipartUploads)
    .where(and(isNull(multipartUploads.userId), gte(multipartUploads.createdAt, since), pendingVisitor));
  if ((used?.n ?? 0) + (pending?.n ?? 0) >= 1) throw new HttpError(429, VISITOR_QUOTA_MESSAGE, 'DAILY_QUOTA');
}
