/**
 * The analysis pages' route elements: /analysis is the new-analysis page;
 * /analysis/{id} and /analysis/{id}/{accessToken} show an existing analysis.
 */
import { useParams } from 'react-router';
import { ExistingAnalysisPage } from '../../features/analysis/components/existing-analysis-page';
import { NewAnalysisPage } from '../../features/analysis/components/new-analysis-page';

export function NewAnalysisRoute() {
  return <NewAnalysisPage />;
}

export function ExistingAnalysisRoute() {
  const { analysisId = '', accessToken } = useParams();
  // A new key per analysis resets local notes and the draft.
  return <ExistingAnalysisPage key={`${analysisId}/${accessToken ?? ''}`} analysisId={analysisId} routeToken={accessToken ?? null} />;
}
