/**
 * The analyst's tool set, defined once and used by both analysts: the offline analyst
 * calls the tools directly, the model analyst hands the same tools to the `ai` SDK.
 * Inputs are validated with zod; an invalid input or an unanswerable request becomes
 * an error outcome (`is_error: true` in the transcript), never an exception.
 */
import { DataAbsentError } from './data-absent';
import { tool, type ToolSet } from 'ai';
import type { z } from 'zod';
import { makeChart } from './chart-tool';
import { queryData } from './query-tool';
import { getRetention } from './retention-tools';
import { getRevenueBridge } from './bridge-tool';
import { findCustomer, getChurnRisk, getConcentration, getSegments, rankCustomers } from './customer-tools';
import { getOverview, getTrend } from './overview-tools';
import { getCrossSell } from './cross-sell-tool';
import { findProduct, getProducts, getSuppliers, rankProducts } from './product-tools';
import { getRepScorecards } from './rep-tools';
import { boundedJson, ToolInputError, type AnalystTool, type ToolContext, type ToolOutcome } from './tool-kit';

export * from './tool-kit';
export { CHART_SERIES, type ChartSeries } from './chart-tool';
export { RISK_LEVELS, SEGMENT_NAMES, matchCustomers } from './customer-tools';
export { matchProducts } from './product-tools';
export {
  findCustomer,
  findProduct,
  getChurnRisk,
  getConcentration,
  getCrossSell,
  getOverview,
  getProducts,
  getRepScorecards,
  getRetention,
  getRevenueBridge,
  getSegments,
  getSuppliers,
  getTrend,
  makeChart,
  queryData,
  rankCustomers,
  rankProducts,
};

/** A tool with its types erased, for lookups by name. */
export interface RegisteredTool {
  name: string;
  description: string;
  input: z.ZodType;
  invoke(context: ToolContext, input: unknown): Promise<ToolOutcome>;
}

function register<S extends z.ZodType, O>(definition: AnalystTool<S, O>): RegisteredTool {
  return {
    name: definition.name,
    description: definition.description,
    input: definition.input,
    invoke: (context, input) => callTool(definition, input, context),
  };
}

/** Every tool, in the order the model sees them. */
export const ANALYST_TOOLS: readonly RegisteredTool[] = [
  register(getOverview),
  register(getSegments),
  register(getConcentration),
  register(getChurnRisk),
  register(getProducts),
  register(getSuppliers),
  register(getCrossSell),
  register(getTrend),
  register(getRepScorecards),
  register(getRetention),
  register(getRevenueBridge),
  register(findCustomer),
  register(findProduct),
  register(rankCustomers),
  register(rankProducts),
  register(makeChart),
  register(queryData),
];

/** Names the model may call. */
export const TOOL_NAMES = ANALYST_TOOLS.map((t) => t.name);

/** One line per issue: `limit: Too big: expected number to be <=25`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'input'}: ${issue.message}`).join('; ');
}

/**
 * Validates the input and runs the tool. The outcome carries the bounded JSON the
 * transcript shows, plus the typed data for the offline analyst.
 */
export async function callTool<S extends z.ZodType, O>(
  definition: AnalystTool<S, O>,
  input: unknown,
  context: ToolContext,
): Promise<ToolOutcome<O>> {
  const parsed = definition.input.safeParse(input);
  if (!parsed.success) {
    return { content: `Invalid input for ${definition.name}: ${describeIssues(parsed.error)}`, isError: true };
  }
  try {
    const data = await definition.run(context, parsed.data);
    return { content: boundedJson(data), isError: false, data, artifact: definition.artifactOf?.(data) };
  } catch (error) {
    // Only our own "cannot answer" errors are shown verbatim; anything else is a bug
    // whose message may leak internals, so the model gets a neutral sentence.
    if (error instanceof DataAbsentError) return { content: error.message, isError: false, absent: true };
    if (error instanceof ToolInputError) return { content: error.message, isError: true };
    return { content: `${definition.name} failed on this data.`, isError: true };
  }
}

/** Runs a tool by name; an unknown name is an error outcome. */
export async function invokeTool(name: string, input: unknown, context: ToolContext): Promise<ToolOutcome> {
  const found = ANALYST_TOOLS.find((t) => t.name === name);
  if (!found) return { content: `Unknown tool ${JSON.stringify(name)}. Available: ${TOOL_NAMES.join(', ')}.`, isError: true };
  return found.invoke(context, input);
}

/** Thrown inside an `ai` tool so the SDK records a tool error with our message. */
class ToolOutcomeError extends Error {
  override readonly name = 'ToolOutcomeError';
}

/**
 * The tools as an `ai` SDK tool set. Each outcome is reported through `onOutcome`
 * (keyed by tool call id) so the transcript can show charts and exact error texts.
 */
export function aiToolSet(context: ToolContext, onOutcome: (toolCallId: string, outcome: ToolOutcome) => void): ToolSet {
  return Object.fromEntries(
    ANALYST_TOOLS.map((registered) => [
      registered.name,
      tool({
        description: registered.description,
        inputSchema: registered.input,
        execute: async (input: unknown, { toolCallId }) => {
          const outcome = await registered.invoke(context, input);
          onOutcome(toolCallId, outcome);
          if (outcome.isError) throw new ToolOutcomeError(outcome.content);
          return outcome.content;
        },
      }),
    ]),
  );
}
