/**
 * Chat answers about revenue over time: a period's total, and the monthly trend. Partial
 * first or last months are named and never compared with full ones.
 */
import { formatMoney, formatPct, joinNames, plural } from '../format';
import { getTrend } from '../tools';
import { NOT_AVAILABLE } from './answers';
import type { Intent } from './intents';
import type { SectionRunner } from './sections';

export async function periodTotalAnswer(intent: Extract<Intent, { kind: 'period_total' }>, runner: SectionRunner): Promise<string> {
  const money = (v: number) => formatMoney(v, runner.currency);
  const t = await runner.call(getTrend, { from: intent.period.from, to: intent.period.to }, `Adding up ${intent.period.label}.`);
  if (!t) return NOT_AVAILABLE;
  const partial =
    t.range.from !== intent.period.from || t.range.to !== intent.period.to
      ? ` The data covers ${t.dataCovers.from} to ${t.dataCovers.to}.`
      : '';
  const single = t.range.months === 1;
  const range = single ? '' : ` (${t.range.from} to ${t.range.to})`;
  const full = t.partialMonths.length > 0 ? 'full ' : '';
  const best = single || !t.best ? '' : ` Best ${full}month: ${t.best.month} (${money(t.best.revenue)}).`;
  return `Revenue in ${intent.period.label}${range}: ${money(t.total.revenue)} from ${plural(t.total.orders, 'order')}.${best}${partial}`;
}

/**
 * The monthly trend, with the year-on-year growth of the last 12 full months when the file
 * has 24 of them; asked for it (`yearOnYear`) without them, the answer says so.
 */
export async function trendAnswer(runner: SectionRunner, yearOnYear = false): Promise<string> {
  const money = (v: number) => formatMoney(v, runner.currency);
  const t = await runner.call(getTrend, {}, 'Reading the monthly trend.');
  if (!t) return NOT_AVAILABLE;
  const full = t.partialMonths.length > 0 ? 'full ' : '';
  const change =
    t.firstToLastChangePct === null ? '' : ` From the first to the last ${full}month revenue changed ${formatPct(t.firstToLastChangePct)}.`;
  const extremes =
    t.best && t.worst
      ? `: best ${full}month ${t.best.month} at ${money(t.best.revenue)}, weakest ${t.worst.month} at ${money(t.worst.revenue)}`
      : '';
  const partial =
    t.partialMonths.length === 0
      ? ''
      : ` ${joinNames(t.partialMonths)} ${t.partialMonths.length === 1 ? 'is a partial month' : 'are partial months'}, so ${t.partialMonths.length === 1 ? 'it is' : 'they are'} not compared.`;
  const growth =
    t.yoyGrowthPct !== null
      ? ` Year on year, the last 12 full months against the 12 before: ${formatPct(t.yoyGrowthPct)}.`
      : yearOnYear
        ? ' Year-on-year growth needs 24 full months, and the file has fewer.'
        : '';
  return [
    `Monthly revenue from ${t.range.from} to ${t.range.to} (total ${money(t.total.revenue)})${extremes}.${change}${growth}${partial}`,
    ...t.monthly.slice(-12).map((m) => `- ${m.month}: ${money(m.revenue)} (${plural(m.orders, 'order')})`),
  ].join('\n');
}
