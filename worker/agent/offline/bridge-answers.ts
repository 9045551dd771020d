/**
 * Offline chat answers about the revenue bridge. The answer first states the periods it
 * compares, then the steps from `get_revenue_bridge`, which add up to the change.
 */
import { getRevenueBridge } from '../tools/bridge-tool';
import { formatMoney, formatPct } from '../format';
import { NOT_AVAILABLE } from './answers';
import type { BridgeIntent } from './bridge-intents';
import type { SectionRunner } from './sections';

/** The answer to a bridge question. */
export async function answerBridge(intent: BridgeIntent, runner: SectionRunner): Promise<string> {
  if (intent.single)
    return 'A revenue bridge compares two periods: name both, for example "bridge Q1 2026 vs Q1 2025", or one year, quarter or month to set against the same one a year earlier, or ask "what changed revenue?" for the default (the last 12 complete months against the 12 before).';
  const input = intent.periods ? { base: intent.periods.a, compared: intent.periods.b } : {};
  const b = await runner.call(getRevenueBridge, input, 'Splitting the revenue change into its parts.');
  if (!b) return runner.lastAbsence?.() ?? NOT_AVAILABLE;
  const money = (v: number) => formatMoney(v, runner.currency);
  const change = b.changePct === null ? '' : ` (${b.changePct >= 0 ? '+' : ''}${formatPct(b.changePct)})`;
  const after = [
    ...b.notes,
    ...(b.largestLost.length
      ? [`Largest lost customers: ${b.largestLost.map((c) => `${c.customer} (${money(c.revenue)})`).join(', ')}.`]
      : []),
  ];
  return [
    `I understood: **revenue bridge, ${periodWords(b.base)} to ${periodWords(b.compared)}**${intent.periods ? (intent.yearBefore ? ` — the period named${intent.toLastDay ? ', to the last day of the file,' : ''} against the same days a year earlier` : '') : ` — ${b.periodsReason}`}.`,
    '',
    `${premiseDenied(intent, b.change)}Revenue went from ${money(b.base.revenue)} to ${money(b.compared.revenue)}, a change of ${money(b.change)}${change}:`,
    ...b.steps.map((s) => `- ${s.step}: ${money(s.value)}`),
    // A line right after a list item is part of it in markdown: Chromium showed the notes inside "Lost customers".
    ...(after.length ? ['', ...after] : []),
  ].join('\n');
}

/**
 * "Why did revenue drop in November 2021?" was answered with a rise of 49.2% and no word that
 * it rose: a change the other way than the question says is said first.
 */
function premiseDenied(intent: BridgeIntent, change: number): string {
  if (intent.premise === 'down' && change > 0) return 'Revenue did not fall: it rose. ';
  if (intent.premise === 'up' && change < 0) return 'Revenue did not grow: it fell. ';
  return '';
}

/** "2021 (2021-01-01 … 2021-12-31)"; a range without a name of its own once, not twice. */
function periodWords(p: { label: string; from: string; to: string }): string {
  const range = `${p.from} … ${p.to}`;
  return p.label === range ? range : `${p.label} (${range})`;
}
