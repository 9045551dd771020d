/**
 * `GET /api/analysis/:id` (owner, bearer) or `/api/analysis/:id/:accessToken` (secure
 * link), polled every 2 s while the analysis runs (SPEC §7), with the load errors of §8.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, errorFromResponse } from '../../../lib/api-client';

type AnalysisResponse = InferResponseType<(typeof api.analysis)[':id']['$get'], 200>;
export type Analysis = NonNullable<AnalysisResponse['analysis']>;
/** Reading progress pushed live by the job (never part of the polled response). */
export interface ReadProgress {
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export type AnalysisPayload = Omit<AnalysisResponse, 'analysis'> & { analysis: Analysis; progress?: ReadProgress };
export type Artifact = AnalysisPayload['artifacts'][number];
export type AnalysisMessage = AnalysisPayload['messages'][number];
export type AnalysisStatus = Analysis['status'] | 'complete';

/** Polling period while the analysis runs (SPEC §9). */
export const POLL_INTERVAL_MS = 2000;

export function isRunning(status: string | null | undefined): boolean {
  return status === 'initializing' || status === 'analyzing';
}

export function isComplete(status: string | null | undefined): boolean {
  return status === 'completed' || status === 'complete';
}

/** What a secure link that no longer opens says (revoked, re-issued or mistyped). */
export const DEAD_LINK_TEXT = 'This secure link is no longer valid: the owner may have revoked or replaced it. Ask them for a new link.';

/** The SPEC §8 text for a failed load; `viaLink` when it was opened through a secure link. */
export function analysisLoadErrorText(error: unknown, viaLink = false): string {
  if (error instanceof ApiError) {
    if (viaLink && (error.status === 401 || error.status === 404)) return DEAD_LINK_TEXT;
    if (error.status === 401 && error.code === 'AUTH_REQUIRED') return 'Please sign in or create a free account to view this analysis';
    if (error.status === 401) return 'Authentication required. Please sign in to view this analysis';
    if (error.status === 404) return "Analysis not found or you don't have permission to view it";
    return `Unable to load analysis (${error.status})`;
  }
  return `Unable to load analysis (${error instanceof Error ? error.message : 'network error'})`;
}

export async function fetchAnalysis(id: string, accessToken: string | null): Promise<AnalysisPayload> {
  const response = accessToken
    ? await api.analysis[':id'][':accessToken'].$get({ param: { id, accessToken } })
    : await api.analysis[':id'].$get({ param: { id } });
  if (!response.ok) throw await errorFromResponse(response);
  const body = (await response.json()) as AnalysisResponse;
  if (!body.analysis) throw new ApiError(404, 'Analysis not found');
  return { ...body, analysis: body.analysis };
}

export const analysisQueryKey = (id: string, accessToken: string | null) => ['analysis', id, accessToken] as const;

export function analysisQueryOptions(id: string, accessToken: string | null) {
  return queryOptions({
    queryKey: analysisQueryKey(id, accessToken),
    queryFn: () => fetchAnalysis(id, accessToken),
    // Poll while it runs; the WebSocket usually gets there first, polling is the fallback.
    refetchInterval: (query) => (isRunning(query.state.data?.analysis.status) ? POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

export function useAnalysis(id: string | undefined, accessToken: string | null) {
  return useQuery({ ...analysisQueryOptions(id ?? '', accessToken), enabled: !!id });
}
