/**
 * The six focus areas (SPEC §3). Ids, titles and prompt-file names are shared by the
 * upload API, the analyst and the web app. The analyst owns the prompt texts; this file
 * is only the catalogue.
 */
export const FOCUS_AREA_IDS = [
  'customer_segmentation',
  'revenue_growth',
  'operational_efficiency',
  'market_analysis',
  'risk_assessment',
  'comprehensive',
] as const;

export type FocusAreaId = (typeof FOCUS_AREA_IDS)[number];

export interface FocusArea {
  id: FocusAreaId;
  title: string;
  description: string;
  /** The prompt file in worker/agent/prompts/ that shapes this focus. */
  promptFile: string;
}

export const FOCUS_AREAS: readonly FocusArea[] = [
  {
    id: 'customer_segmentation',
    title: 'Customer Segmentation',
    description: 'Find your most valuable customers and the segments they fall into',
    promptFile: 'customer_segmentation.md',
  },
  {
    id: 'revenue_growth',
    title: 'Revenue Growth',
    description: 'See which products and customers drive sales and margin',
    promptFile: 'revenue_growth.md',
  },
  {
    id: 'operational_efficiency',
    title: 'Operational Efficiency',
    description: 'Spot supplier dependency and low-margin lines',
    promptFile: 'operational_efficiency.md',
  },
  {
    id: 'market_analysis',
    title: 'Market Analysis',
    description: 'Understand trends, regions and cross-sell opportunities',
    promptFile: 'market_analysis.md',
  },
  {
    id: 'risk_assessment',
    title: 'Risk Assessment',
    description: 'Measure revenue concentration and churn risk',
    promptFile: 'risk_assessment.md',
  },
  {
    id: 'comprehensive',
    title: 'Comprehensive Analysis',
    description: 'All six questions answered in one report',
    promptFile: 'generic_business_analysis.md',
  },
];

/** The prompt file for a focus area. */
export function promptFileFor(id: FocusAreaId): string {
  return FOCUS_AREAS.find((area) => area.id === id)?.promptFile ?? 'generic_business_analysis.md';
}
