/** `GET /api/user-analyses` (bearer): the signed-in user's history for the sidebar. */
import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, okJson } from '../../../lib/api-client';

export type AnalysisSummary = InferResponseType<(typeof api)['user-analyses']['$get'], 200>['analyses'][number];

export const userAnalysesQueryKey = ['user-analyses'] as const;

export async function fetchUserAnalyses(): Promise<AnalysisSummary[]> {
  const body = await okJson(api['user-analyses'].$get());
  return body.analyses;
}

export function useUserAnalyses(enabled: boolean) {
  return useQuery({ queryKey: userAnalysesQueryKey, queryFn: fetchUserAnalyses, enabled });
}
