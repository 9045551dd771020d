/**
 * `get_revenue_bridge`: what changed revenue between two periods (issue 16 part 2) — new,
 * earlier and lost customers, and price, volume and mix for the customer × product pairs bought
 * in both. Without periods it reads the stored default bridge; with two periods it scans
 * the row snapshot (the same engine code).
 */
import { z } from 'zod';
import { chosenBridgePeriods } from '../../engine/analyses/bridge-periods';
import { bridgeOf } from '../../engine/analyses/pvm-bridge';
import type { Bridge } from '../../engine/contract';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { sameDays, type SameDays } from '../../engine/query/like-for-like';
import { QueryRefusal } from '../../engine/query/resolve';
import { DataAbsentError } from './data-absent';
import { dataString, defineTool, money, ToolInputError } from './tool-kit';

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
const RANGE = z.object({ from: DAY, to: DAY, label: z.string().max(40).optional() });

export const getRevenueBridge = defineTool({
  name: 'get_revenue_bridge',
  description:
    'What changed revenue between two periods: new customers, customers who bought before but not in the earlier period, lost customers, and for customer × product pairs bought in both periods the price, volume and mix effects (customer-level up/down when the file has no quantity). The steps add up to the change exactly. ' +
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
    const [earlier, later] = input.base.from <= input.compared.from ? [input.base, input.compared] : [input.compared, input.base];
    const days = comparedDays(context.snapshot.meta, later, earlier);
    // Cut periods are named by their days: "2025" would no longer be what was counted.
    const [base, compared] = days.cut ? [days.b, days.a] : [earlier, later];
    const output = bridgeOutput(await bridgeOf(context.snapshot, chosenBridgePeriods(base, compared)));
    return days.cut ? { ...output, notes: [...output.notes, days.cut] } : output;
  },
});

/**
 * The two periods over the same days, as the query compares them (`sameDays`): a period
 * running past the file's last day is counted to it and the other over the same days; a
 * period the rows don't reach, or still cover for under 90% of its days, is refused.
 * "How did revenue change from 2010 to 2011?" on Online Retail read +1,101.5%, £3.9M of it
 * "new customers": 2010's rows are one December.
 */
function comparedDays(meta: SnapshotMeta, later: { from: string; to: string }, earlier: { from: string; to: string }): SameDays {
  let days: SameDays;
  try {
    days = sameDays(meta, later, earlier);
  } catch (error) {
    if (error instanceof QueryRefusal) throw new DataAbsentError(error.message);
    throw error;
  }
  if (days.unequal)
    throw new DataAbsentError(
      `I can't bridge ${days.b.from} … ${days.b.to} to ${days.a.from} … ${days.a.to}: ${days.unequal}. Compare two periods the rows cover whole.`,
    );
  return days;
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
    largestBoughtBefore: (bridge.topReturning ?? []).map((c) => ({ customer: dataString(c.name), revenue: c.revenue })),
    largestLost: bridge.topLost.map((c) => ({ customer: dataString(c.name), revenue: c.revenue })),
  };
}
