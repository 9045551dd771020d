/** `GET /api/user-analyses` (bearer): the signed-in user's history for the sidebar. */
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export interface AnalysisSummary {
  id: string;
  created_at: string;
  initial_message: string | null;
  status: string;
  file_name: string | null;
}

export const userAnalysesQueryKey = ['user-analyses'] as const;

export async function fetchUserAnalyses(): Promise<AnalysisSummary[]> {
  const body = await requestJson<{ analyses: AnalysisSummary[] }>('/user-analyses');
  return body.analyses;
}

export function useUserAnalyses(enabled: boolean) {
  return useQuery({ queryKey: userAnalysesQueryKey, queryFn: fetchUserAnalyses, enabled });
}
