/**
 * Rendering: from `analysis.json` to every file the user gets — SVG charts, markdown
 * reports, the HTML dashboard, CSV exports and the JSON itself. Pure string building:
 * the CLI writes these to `--out`; the job stores them in R2 with their artifact type.
 */
import type { AnalysisResult } from '../contract';
import { chartsOf } from './charts';
import { csvExportsOf } from './csv-exports';
import { dashboardHtml } from './dashboard';
import { executiveSummary } from './executive-summary';
import { crossSellReport } from './cross-sell-report';
import { currencyNote, ROUNDING_RULE } from './format';
import { md } from './markdown';
import { productsReport, suppliersReport } from './reports-catalog';
import { churnReport, concentrationReport, segmentsReport } from './reports-customers';
import { repScorecardsReport } from './rep-scorecards-report';
import { cohortsReport } from './cohort-report';
import { bridgeReport } from './bridge-report';

export interface RenderedFile {
  name: string;
  type: 'chart' | 'report' | 'data' | 'other';
  contentType: string;
  body: string | Uint8Array;
}

const MARKDOWN = 'text/markdown; charset=utf-8';

/** Every report ends saying, once, what currency its amounts are in and how figures are rounded. */
function reportFooter(result: AnalysisResult): string {
  return `\n_${md(currencyNote(result.dataset.currency))} ${md(ROUNDING_RULE)}_\n`;
}

/** Every artifact for a result, in a stable order: summary and reports, dashboard, charts, data. */
export function renderArtifacts(result: AnalysisResult): RenderedFile[] {
  const charts = chartsOf(result);
  const reports: [string, string][] = [
    ['executive-summary.md', executiveSummary(result)],
    ['segments.md', segmentsReport(result)],
    ['concentration.md', concentrationReport(result)],
    ['churn.md', churnReport(result)],
    ['products.md', productsReport(result)],
    ['suppliers.md', suppliersReport(result)],
    ['cross-sell.md', crossSellReport(result)],
    // Only files with a sales rep get the scorecards; other files' artifacts stay as they were.
    ...(result.repScorecards?.available ? [['rep-scorecards.md', repScorecardsReport(result)] as [string, string]] : []),
    ...(result.cohorts ? [['cohorts.md', cohortsReport(result)] as [string, string]] : []),
    ...(result.bridge ? [['revenue-bridge.md', bridgeReport(result)] as [string, string]] : []),
  ];
  return [
    ...reports.map(([name, body]): RenderedFile => ({ name, type: 'report', contentType: MARKDOWN, body: body + reportFooter(result) })),
    { name: 'dashboard.html', type: 'report', contentType: 'text/html; charset=utf-8', body: dashboardHtml(result, charts) },
    ...charts.map((chart): RenderedFile => ({ name: chart.name, type: 'chart', contentType: 'image/svg+xml', body: chart.svg })),
    ...csvExportsOf(result).map((file): RenderedFile => ({
      name: file.name,
      type: 'data',
      contentType: 'text/csv; charset=utf-8',
      body: file.body,
    })),
    { name: 'analysis.json', type: 'data', contentType: 'application/json', body: JSON.stringify(result) },
  ];
}
