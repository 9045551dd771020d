/**
 * `get_revenue_bridge`: what changed revenue between two periods (issue 16 part 2) — new
 * and lost customers, and price, volume and mix for the customer × product pairs bought
 * in both. Without periods it reads the stored default bridge; with two periods it scans
 * the row snapshot (the same engine code).
 */
import { z } from 'zod';
import { chosenBridgePeriods } from '../../engine/analyses/bridge-periods';
import { bridgeOf } from '../../engine/analyses/pvm-bridge';
import type { Bridge } from '../../engine/contract';
import { periodCoverage } from '../../engine/query/coverage';
import { QueryRefusal } from '../../engine/query/resolve';
import { DataAbsentError } from './data-absent';
import { dataString, defineTool, money, ToolInputError } from './tool-kit';

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
const RANGE = z.object({ from: DAY, to: DAY, label: z.string().max(40).optional() });

export const getRevenueBridge = defineTool({
  name: 'get_revenue_bridge',
  description:
    'What changed revenue between two periods: new customers, lost customers, and for customer × product pairs bought in both periods the price, volume and mix effects (customer-level up/down when the file has no quantity). The steps add up to the change exactly. ' +
    'Without periods: the default (last 12 complete months against the 12 before, or the last complete quarter against the same quarter a year earlier). base / compared: {from, to} as YYYY-MM-DD, e.g. Q1 2025 and Q1 2026.',
  input: z.object({ base: RANGE.optional(), compared: RANGE.optional() }),
  async run(context, input) {
    if (!input.base !== !input.compared)
      throw new ToolInputError('Give both periods (base and compared), or neither for the default bridge.');
    if (!input.base || !input.compared) return bridgeOutput(context.result.bridge);
    if (input.base.from > input.base.to || input.compared.from > input.compared.to)
      throw new ToolInputError('A period starts after it ends.');
    if (!context.snapshot)
      throw new DataAbsentError('The cleaned rows of this analysis are not stored, so a bridge between other periods cannot be computed.');
    const coverage = coverageOf(context.snapshot.meta, input.base, input.compared);
    const output = bridgeOutput(await bridgeOf(context.snapshot, chosenBridgePeriods(input.base, input.compared)));
    return coverage ? { ...output, notes: [...output.notes, coverage] } : output;
  },
});

/**
 * What part of the two periods the rows cover, as the query says it: a period they don't
 * reach is refused (a bridge from nothing reads as all new customers), one they cover in
 * part gets a note. "How did revenue change from 2010 to 2011?" on Online Retail read
 * +1,101.5% with nothing to say that 2010's rows are one December.
 */
function coverageOf(
  meta: Parameters<typeof periodCoverage>[0],
  base: { from: string; to: string },
  compared: { from: string; to: string },
) {
  try {
    return periodCoverage(meta, [base, compared]);
  } catch (error) {
    if (error instanceof QueryRefusal) throw new DataAbsentError(error.message);
    throw error;
  }
}

function bridgeOutput(bridge: Bridge | null | undefined) {
  if (!bridge)
    throw new DataAbsentError('This analysis has no revenue bridge (it was computed before the bridge existed, or without its rows).');
  if (!bridge.available) throw new DataAbsentError(bridge.note);
  return {
    level: bridge.level,
    periodsReason: bridge.periodsReason,
    base: { ...bridge.base, revenue: money(bridge.base.revenue) },
    compared: { ...bridge.compared, revenue: money(bridge.compared.revenue) },
    change: money(bridge.change),
    changePct: bridge.base.revenue > 0 ? Math.round((bridge.change / bridge.base.revenue) * 1000) / 10 : null,
    steps: bridge.steps.map((s) => ({ step: s.label, value: money(s.value) })),
    comparablePairs: bridge.comparablePairs,
    notes: bridge.notes,
    largestNew: bridge.topNew.map((c) => ({ customer: dataString(c.name), revenue: c.revenue })),
    largestLost: bridge.topLost.map((c) => ({ customer: dataString(c.name), revenue: c.revenue })),
  };
}
