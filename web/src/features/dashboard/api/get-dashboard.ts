/** An owner's stored dashboard: the analysis's `dashboard.html` artifact, fetched with the bearer token. */
import { useQuery } from '@tanstack/react-query';
import { api, ensureOk, okJson } from '../../../lib/api-client';

export const DASHBOARD_FILE_NAME = 'dashboard.html';

/** The dashboard's HTML, or null while the analysis has not produced one yet. */
export async function fetchDashboardHtml(analysisId: string): Promise<string | null> {
  const body = await okJson(api.analysis[':id'].$get({ param: { id: encodeURIComponent(analysisId) } }));
  const artifact = body.artifacts.find((item) => item.file_name.toLowerCase() === DASHBOARD_FILE_NAME);
  if (!artifact) return null;
  const content = await ensureOk(await api['artifact-content'][':id'].$get({ param: { id: encodeURIComponent(artifact.id) }, query: {} }));
  return content.text();
}

export function useDashboardHtml(analysisId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard-html', analysisId],
    queryFn: () => fetchDashboardHtml(analysisId ?? ''),
    enabled: enabled && !!analysisId,
    retry: false,
  });
}
