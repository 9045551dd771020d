/**
 * The offline analyst's trend finding: the months compared (full months only, and only
 * when there are two), the partial first or last month named, and the change.
 */
import { formatMoney, formatPct, joinNames, plural } from '../format';
import { getTrend } from '../tools';
import { unavailable, type Section } from './sections';

export const trendSection: Section = {
  question: 'How is revenue trending?',
  step: 'Follow the monthly trend',
  charts: ['monthly_revenue'],
  async run(runner) {
    const t = await runner.call(getTrend, {}, 'Finally, revenue month by month.');
    if (!t) return unavailable('trend', this.question, runner);
    const money = (v: number) => formatMoney(v, runner.currency);
    const change = t.firstToLastChangePct;
    const growth = t.yoyGrowthPct === null ? '' : `; year on year ${formatPct(t.yoyGrowthPct)} (last 12 full months)`;
    const full = t.partialMonths.length === 0 ? '' : 'full ';
    const partial =
      t.partialMonths.length === 0
        ? []
        : [
            `${joinNames(t.partialMonths)} ${t.partialMonths.length === 1 ? 'is a partial month' : 'are partial months'} (the data starts or ends mid-month), so best, weakest and change use full months only.`,
          ];
    return {
      section: 'trend',
      question: this.question,
      // The range's revenue is the overview's total; summing rounded months here would quote a second figure for it.
      headline: `**Trend**: ${t.range.from} to ${t.range.to}${
        t.best && t.worst
          ? `; best ${full}month ${t.best.month} (${money(t.best.revenue)}), weakest ${full}month ${t.worst.month} (${money(t.worst.revenue)})`
          : `; fewer than two ${full}months, so no month is compared`
      }${growth}.`,
      details: [
        ...partial,
        averageLine(t, money),
        ...(change === null ? [] : [`From the first to the last ${full}month revenue changed ${formatPct(change)}.`]),
      ],
      action:
        change !== null && change < -10
          ? `Find out why revenue fell ${formatPct(Math.abs(change))} since ${t.range.from}, starting with ${t.hasProducts ? 'the declining products and lapsed customers' : 'the lapsed customers (the file names no products)'}.`
          : seasonalAction(t.monthly, t.partialMonths, money),
    };
  },
};

/** The average month, of full months when some are partial; none of a file without a full month (Iowa's one day). */
function averageLine(t: NonNullable<Awaited<ReturnType<typeof getTrend.run>>>, money: (v: number) => string): string {
  const orders = `${plural(t.total.orders, 'order')} in total.`;
  if (t.fullMonths === undefined) return `Average month: ${money(t.total.averageMonthlyRevenue)}; ${orders}`;
  if (t.averageFullMonthRevenue === null || t.averageFullMonthRevenue === undefined) return `No full month to average; ${orders}`;
  return `Average full month: ${money(t.averageFullMonthRevenue)} (${plural(t.fullMonths, 'full month')}); ${orders}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A month to plan for, when it was the weakest of both of the last two whole calendar years
 * shown; otherwise none. "Plan stock and promotions around the weakest month (2018-02)"
 * named Superstore's first February, four years before its analysis date.
 */
function seasonalAction(
  monthly: readonly { month: string; revenue: number }[],
  partialMonths: readonly string[],
  money: (value: number) => string,
): string | null {
  const byYear = new Map<string, { month: string; revenue: number }[]>();
  for (const point of monthly) {
    if (partialMonths.includes(point.month)) continue;
    const year = point.month.slice(0, 4);
    if (!byYear.has(year)) byYear.set(year, []);
    byYear.get(year)?.push(point);
  }
  const whole = [...byYear].filter(([, points]) => points.length === 12).slice(-2);
  if (whole.length < 2) return null;
  const weakest = whole.map(([year, points]) => ({ year, ...points.reduce((low, p) => (p.revenue < low.revenue ? p : low)) }));
  const [a, b] = weakest;
  if (a.month.slice(5) !== b.month.slice(5)) return null;
  const name = MONTH_NAMES[Number(a.month.slice(5)) - 1];
  return `Plan stock and promotions for ${name}: it was the weakest month of both ${a.year} (${money(a.revenue)}) and ${b.year} (${money(b.revenue)}).`;
}
