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
  /** The request a focus card sends as the analysis message (shown as the user's turn). */
  prompt: string;
  /** The prompt file in worker/agent/prompts/ that shapes this focus. */
  promptFile: string;
}

export const FOCUS_AREAS: readonly FocusArea[] = [
  {
    id: 'customer_segmentation',
    title: 'Customer Segmentation',
    description: 'Find your most valuable customers and the segments they fall into',
    prompt: 'Segment my customers and show me who the most valuable ones are.',
    promptFile: 'customer_segmentation.md',
  },
  {
    id: 'revenue_growth',
    title: 'Revenue Growth',
    description: 'See which products and customers drive sales and margin',
    prompt: 'Show me which products and customers drive sales and margin, and where I can grow.',
    promptFile: 'revenue_growth.md',
  },
  {
    id: 'operational_efficiency',
    title: 'Operational Efficiency',
    description: 'Spot supplier dependency and low-margin lines',
    prompt: 'Find low-margin products and how dependent I am on suppliers.',
    promptFile: 'operational_efficiency.md',
  },
  {
    id: 'market_analysis',
    title: 'Market Analysis',
    description: 'Understand trends, regions and cross-sell opportunities',
    prompt: 'Analyse sales trends, categories and cross-sell opportunities.',
    promptFile: 'market_analysis.md',
  },
  {
    id: 'risk_assessment',
    title: 'Risk Assessment',
    description: 'Measure revenue concentration and churn risk',
    prompt: 'Assess my revenue concentration and which customers are at risk of churning.',
    promptFile: 'risk_assessment.md',
  },
  {
    id: 'comprehensive',
    title: 'Comprehensive Analysis',
    description: 'All six questions answered in one report',
    prompt: 'Give me a comprehensive analysis of my business data.',
    promptFile: 'generic_business_analysis.md',
  },
];

/** The prompt file for a focus area. */
export function promptFileFor(id: FocusAreaId): string {
  return FOCUS_AREAS.find((area) => area.id === id)?.promptFile ?? 'generic_business_analysis.md';
}
