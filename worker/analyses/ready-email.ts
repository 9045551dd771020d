/** The "analysis ready" email with the secure dashboard link, sent once by the job. */
import { siteUrl } from '../auth/site-url';
import type { AnalysisRow } from '../db/analyses';
import { sendAnalysisReadyEmail } from '../email/mailer';

/**
 * Emails the owner the dashboard and analysis links carrying `linkToken`. A mail outage
 * is logged, never thrown: the analysis is complete and viewable either way.
 */
export async function emailDashboardLink(env: Env, analysis: AnalysisRow, fileName: string, linkToken: string): Promise<void> {
  try {
    await sendAnalysisReadyEmail(env, {
      to: analysis.email,
      analysisId: analysis.id,
      fileName,
      dashboardUrl: siteUrl(env, `/dashboard/${analysis.id}/${linkToken}`),
      analysisUrl: siteUrl(env, `/analysis/${analysis.id}/${linkToken}`),
    });
  } catch (error) {
    console.error(`analysis ${analysis.id}: ready email failed`, error);
  }
}
