/**
 * The prompt files. Each focus area's `promptFile` (SPEC §3, e.g.
 * `generic_business_analysis.md`) is the markdown in `prompts/<promptFile>.ts`: a module
 * whose default export is that markdown. Keeping the text in TS modules means workerd
 * (Vite bundle), Vitest and the tsx CLI all import it the same way, with no loader for
 * `.md` files and no build step; the markdown stays readable in the repo.
 */
import type { FocusAreaId } from '../focus-areas';
import customerSegmentation from './customer_segmentation.md';
import genericBusinessAnalysis from './generic_business_analysis.md';
import marketAnalysis from './market_analysis.md';
import operationalEfficiency from './operational_efficiency.md';
import revenueGrowth from './revenue_growth.md';
import riskAssessment from './risk_assessment.md';
import system from './system.md';

/** The system prompt every model call starts with. */
export const SYSTEM_PROMPT: string = system;

/** Prompt text by prompt file name. */
export const PROMPT_FILES: Readonly<Record<string, string>> = {
  'customer_segmentation.md': customerSegmentation,
  'revenue_growth.md': revenueGrowth,
  'operational_efficiency.md': operationalEfficiency,
  'market_analysis.md': marketAnalysis,
  'risk_assessment.md': riskAssessment,
  'generic_business_analysis.md': genericBusinessAnalysis,
};

const BY_FOCUS: Record<FocusAreaId, string> = {
  customer_segmentation: customerSegmentation,
  revenue_growth: revenueGrowth,
  operational_efficiency: operationalEfficiency,
  market_analysis: marketAnalysis,
  risk_assessment: riskAssessment,
  comprehensive: genericBusinessAnalysis,
};

/** The focus area's prompt text. */
export function focusPrompt(focus: FocusAreaId): string {
  return BY_FOCUS[focus];
}
