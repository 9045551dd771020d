/**
 * Tool calls made by the offline analyst, written to the transcript exactly as the
 * model analyst's would be: a `tool_use`, then its `tool_result`, then any chart.
 */
import type { z } from 'zod';
import { callTool, makeChart } from '../tools';
import type { ChartSeries } from '../tools/chart-tool';
import type { AnalystTool, ToolContext } from '../tools/tool-kit';
import type { TranscriptWriter } from '../transcript-writer';
import type { SectionRunner } from './sections';

const CHART_LEADS: Record<ChartSeries, string> = {
  monthly_revenue: 'A chart of revenue by month.',
  monthly_orders: 'A chart of orders by month.',
  segment_revenue: 'A chart of revenue by segment.',
  top_customers: 'A chart of the top customers.',
  top_products: 'A chart of the top products.',
  product_margins: 'A chart of margins by product.',
  supplier_share: 'A chart of revenue by supplier.',
  category_revenue: 'A chart of revenue by category.',
};

/** A runner that records every call through the writer. */
export function createRunner(
  writer: TranscriptWriter,
  context: ToolContext,
  signal?: AbortSignal,
): SectionRunner & { lastAbsence(): string | null; lastRefusal(): string | null } {
  const drawn = new Set<ChartSeries>();
  let absence: string | null = null;
  let refusal: string | null = null;
  const call = async <S extends z.ZodType, O>(tool: AnalystTool<S, O>, input: z.input<S>, lead: string): Promise<O | null> => {
    signal?.throwIfAborted();
    absence = null;
    refusal = null;
    const id = writer.nextId();
    await writer.toolUse(id, tool.name, input, lead);
    const outcome = await callTool(tool, input, context);
    await writer.toolResult(id, outcome);
    if (outcome.absent) absence = outcome.content;
    refusal = outcome.isError ? outcome.content : null;
    return outcome.isError ? null : (outcome.data ?? null);
  };
  return {
    currency: context.result.dataset.currency,
    call,
    lastAbsence: () => absence,
    lastRefusal: () => refusal,
    async chart(series) {
      // A chart shared by two sections (top customers) is drawn once.
      if (drawn.has(series)) return;
      drawn.add(series);
      await call(makeChart, { series }, CHART_LEADS[series]);
    },
  };
}
