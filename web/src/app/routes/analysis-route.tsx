/** /analysis, /analysis/{id} and /analysis/{id}/{accessToken}: one workspace per path. */
import { useParams } from 'react-router';
import { AnalysisWorkspace } from '../../features/analysis/components/analysis-workspace';

export function AnalysisRoute() {
  const { analysisId, accessToken } = useParams();
  // A new key per analysis resets local notes, the draft and the upload flow.
  return (
    <AnalysisWorkspace
      key={`${analysisId ?? 'new'}/${accessToken ?? ''}`}
      analysisId={analysisId ?? null}
      routeToken={accessToken ?? null}
    />
  );
}
