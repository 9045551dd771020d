/**
 * The `query_data` spec: one JSON shape for every question about a period, a slice, a
 * ranking, a comparison or a lapsed-buyer set. It is validated with zod at every edge
 * (the model's tool input, the CLI, the offline grammar's output), so the engine only
 * ever executes a spec it understands — never model-written code.
 */
import { z } from 'zod';

export const MEASURES = [
  'revenue',
  'grossProfit',
  'cost',
  'marginPct',
  'orders',
  'customers',
  'units',
  'averageOrderValue',
  'revenuePerCustomer',
  'newCustomers',
  'returningCustomers',
  'newCustomerRevenue',
  'returningCustomerRevenue',
  'returns',
  'returnOrders',
  'grossRevenue',
  'revenueShare',
  'profitShare',
  'customerShare',
  'repeatCustomers',
  'oneTimeCustomers',
  'repeatRate',
  'products',
  'averagePrice',
] as const;
export type Measure = (typeof MEASURES)[number];

/** Words for each measure, as the answer states them. */
export const MEASURE_LABELS: Record<Measure, string> = {
  revenue: 'revenue',
  grossProfit: 'gross profit',
  cost: 'cost',
  marginPct: 'margin %',
  orders: 'orders',
  customers: 'customers',
  units: 'units',
  averageOrderValue: 'average order value',
  revenuePerCustomer: 'revenue per customer',
  newCustomers: 'new customers',
  returningCustomers: 'returning customers',
  newCustomerRevenue: 'revenue from new customers',
  returningCustomerRevenue: 'revenue from returning customers',
  returns: 'returns',
  returnOrders: 'orders with a return',
  grossRevenue: 'revenue before returns',
  revenueShare: 'share of revenue',
  profitShare: 'share of gross profit',
  customerShare: 'share of customers',
  repeatCustomers: 'customers with 2+ orders',
  oneTimeCustomers: 'customers with one order',
  repeatRate: 'repeat rate',
  products: 'products',
  averagePrice: 'average price',
};

/**
 * The measures `having` can set against their average: a sum or count (the mean of the rows)
 * and the margin (of the rows together). Another ratio's average could be either.
 */
export const AVERAGED: ReadonlySet<Measure> = new Set(
  MEASURES.filter(
    (m) =>
      !['averageOrderValue', 'revenuePerCustomer', 'averagePrice', 'repeatRate', 'revenueShare', 'profitShare', 'customerShare'].includes(
        m,
      ),
  ),
);

export const TIME_DIMENSIONS = ['month', 'quarter', 'year', 'week'] as const;
export type TimeDimension = (typeof TIME_DIMENSIONS)[number];

/**
 * Measures that add up over time: a period's figure is the sum of its months' (an order, a
 * return or a first purchase falls on one day), so an average per month is the period's
 * figure over its months. Distinct customers or products, and ratios, are not.
 */
export const SUMMED_OVER_TIME: ReadonlySet<Measure> = new Set<Measure>([
  'revenue',
  'grossProfit',
  'cost',
  'orders',
  'units',
  'newCustomers',
  'returns',
  'returnOrders',
  'grossRevenue',
]);

/** Measures that take each row's cost: a file without costs can't give them. */
export const COST_MEASURES: ReadonlySet<Measure> = new Set<Measure>(['grossProfit', 'cost', 'marginPct', 'profitShare']);

/** Measures that tell new customers from returning ones by each customer's first purchase in the whole file. */
export const NEWNESS_MEASURES: ReadonlySet<Measure> = new Set<Measure>([
  'newCustomers',
  'returningCustomers',
  'newCustomerRevenue',
  'returningCustomerRevenue',
]);

/**
 * A filter as the answers word it: "State = Texas", "category in Furniture, Technology",
 * "region ≠ United Kingdom" (the first line of an answer, a narrowed list, the transcript's step).
 */
export function filterWords(label: string, values: readonly string[], exclude = false, match?: string): string {
  if (match === 'startsWith')
    return `${label} name ${exclude ? 'not starting' : 'starting'} with ${values.map((v) => `“${v}”`).join(' or ')}`;
  const op = exclude ? (values.length > 1 ? 'not in' : '≠') : values.length > 1 ? 'in' : '=';
  return `${label} ${op} ${values.join(', ')}`;
}

/** What `buyersOf` takes none of: a second period, another list of customers, an average per unit, a change by unit. */
export const NOT_WITH_BUYERS_OF = [
  'compareTo',
  'notBoughtIn',
  'alsoBoughtIn',
  'neverBought',
  'boughtAll',
  'boughtEvery',
  'per',
  'changeFrom',
] as const;

/** Rows a result shows at most; more are summarised as "showing 50 of 12,345". */
export const MAX_ROWS = 50;
/** The largest top N a ranking takes: "the top 10,000 customers" is a share a question asks for. */
export const MAX_RANKED = 100_000;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'is not a calendar date',
  );

const range = z
  .object({ from: isoDate, to: isoDate })
  .strict()
  .refine((r) => r.from <= r.to, { message: '`from` must not be after `to`' });

export const QueryFilterSchema = z
  .object({
    /** `customer`, `product`, `category`, `supplier`, `region`, `salesRep`, or another categorical column's header. */
    dimension: z.string().min(1).max(100),
    /** One value (equality) or several (set membership). */
    values: z.array(z.string().min(1).max(200)).min(1).max(50),
    /**
     * `fuzzy` (default) also accepts typos and case differences, when one dictionary entry clearly
     * matches; `startsWith` keeps every entry whose name begins with the words given, a brand's or a
     * chain's ("Hy-Vee" for each "Hy-Vee #3 / Dubuque"), whole words, case and apostrophes aside.
     */
    match: z.enum(['exact', 'fuzzy', 'startsWith']).default('fuzzy'),
    /** Leave these values out instead ("excluding the UK"); rows without a value then count. */
    exclude: z.boolean().optional(),
  })
  .strict();

export const QuerySpecSchema = z
  .object({
    measures: z.array(z.enum(MEASURES)).min(1).max(4),
    /** Up to two dimensions: a categorical one and/or month, quarter, year or week. */
    groupBy: z.array(z.string().min(1).max(100)).max(2).default([]),
    filters: z.array(QueryFilterSchema).max(8).default([]),
    /** Inclusive date range of the rows counted (period A when comparing). */
    period: range.optional(),
    /** Period B: each measure is shown for both periods with the absolute and % change. */
    compareTo: range.optional(),
    /** "Bought in `period` but not in `notBoughtIn`": the customers who stopped buying. */
    notBoughtIn: range.optional(),
    /** "Bought in `period` and also in `alsoBoughtIn`": the customers kept from one period to another. */
    alsoBoughtIn: range.optional(),
    /**
     * "Bought Hydraulics but never Bearings": the customers of the rows `filters` keep who bought
     * none of these values (in `period` when given, else in the whole file); the other filters
     * apply to both.
     */
    neverBought: QueryFilterSchema.optional(),
    /**
     * "Bought both Chairs and Tables": the customers who bought every one of these 2 to 4
     * values of one column in the rows `filters` keep (in `period` when given, else in the
     * whole file), each with their revenue of each value.
     */
    boughtAll: QueryFilterSchema.optional(),
    /**
     * "Customers who bought in every year": the customers with a purchase (in the rows the
     * filters keep) in each whole year, quarter, month or week of `period`, else of the file.
     */
    boughtEvery: z.enum(TIME_DIMENSIONS).optional(),
    /**
     * "Revenue of the customers who bought Tables": only the rows of the customers who bought
     * any of these values (a line that is no return, in `period` when given, else in the whole
     * file), all they bought that the other filters keep ("what Chairs buyers spend on Tables").
     */
    buyersOf: QueryFilterSchema.optional(),
    sort: z
      .object({
        by: z.enum(MEASURES),
        direction: z.enum(['desc', 'asc']).default('desc'),
        /**
         * With `compareTo` or `changeFrom`: sort by the value (default), by its change ("grew the
         * most"), or by that change as a % of the earlier figure, above 0 ("grew fastest").
         */
        on: z.enum(['value', 'change', 'percentChange']).default('value'),
      })
      .strict()
      .optional(),
    /**
     * Keeps only the result rows whose figure passes a comparison, such as gross profit < 0
     * for "which products lose money" or revenue > 1000 for "customers who spent more than 1000".
     */
    having: z
      .object({
        measure: z.enum(MEASURES),
        /** `between` keeps the figures from `value` to `upTo`, both included ("spent between 5k and 10k"). */
        op: z.enum(['>', '>=', '<', '<=', '=', 'between']),
        /** The bound; left out with `than`. */
        value: z.number().finite().optional(),
        upTo: z.number().finite().optional(),
        /**
         * The bound is the average of the rows listed ("customers who spend above average"):
         * the mean of their figure, or for the margin their gross profit over their revenue
         * together. Not with `between`, `on` a change, or another ratio.
         */
        than: z.literal('average').optional(),
        /**
         * With `compareTo`: the change from period B ("customers who spent less than last year":
         * change < 0), or that change as a percentage of B's figure ("doubled": ≥ 100), as the
         * table's % change column shows it, of a B above 0 only (from net returns, nothing doubles).
         */
        on: z.enum(['value', 'change', 'percentChange']).optional(),
      })
      .strict()
      .refine((h) => (h.value === undefined) !== (h.than === undefined), {
        message: '`having` takes a `value`, or `than: "average"` instead of one',
        path: ['value'],
      })
      .transform((h) => ({ ...h, value: h.value ?? 0 }))
      .optional(),
    /**
     * "Average revenue per month": each measure over the period (the file's dates without
     * one) divided by the months, quarters, years or weeks it spans, empty ones counting 0.
     */
    per: z.enum(TIME_DIMENSIONS).optional(),
    /**
     * "Average orders per customer", "how many customers does a rep have on average": each
     * measure of every value of this column (one with a purchase in the rows kept), added up
     * and divided by how many such values there are; by `groupBy`, each row's own.
     */
    averageOver: z.string().min(1).max(100).optional(),
    /**
     * With one time unit in `groupBy`: each row's change from the unit before ("quarter over
     * quarter", "which months grew?") or from the same unit a year before, as two more
     * columns per measure. `sort` and `having` may then be `on` the change.
     */
    changeFrom: z.enum(['previous', 'yearBefore']).optional(),
    /**
     * With a share: the filters, named by their `dimension`, whose rows are the whole the share
     * is of ("Acme's share of Germany's revenue": the region's filter), or a column of `groupBy`
     * each of whose values is a whole ("Technology's share of each region's revenue": region).
     * Without it a share is of every row of the period, whatever the filters (of each unit's,
     * grouped by a time unit with a filter or a second column).
     */
    shareWithin: z.array(z.string().min(1).max(100)).min(1).max(4).optional(),
    /**
     * Top/bottom N. At most 50 rows are shown; a larger N ("the top 100 customers") is
     * ranked whole, and what its rows hold together is given with the 50 shown.
     */
    limit: z.number().int().min(1).max(MAX_RANKED).default(MAX_ROWS),
  })
  .strict()
  .superRefine((spec, ctx) => {
    if (spec.notBoughtIn && !spec.period)
      ctx.addIssue({ code: 'custom', path: ['period'], message: '`notBoughtIn` needs `period`: the range in which they did buy' });
    if (spec.compareTo && !spec.period)
      ctx.addIssue({ code: 'custom', path: ['period'], message: '`compareTo` needs `period`: the range it is compared with' });
    if (spec.shareWithin && !spec.measures.some((m) => m === 'revenueShare' || m === 'profitShare' || m === 'customerShare'))
      ctx.addIssue({
        code: 'custom',
        path: ['shareWithin'],
        message: '`shareWithin` sets the whole of a share: ask for revenueShare, profitShare or customerShare',
      });
    for (const within of spec.shareWithin ?? [])
      if (!spec.filters.some((f) => f.dimension === within) && !spec.groupBy.includes(within))
        ctx.addIssue({
          code: 'custom',
          path: ['shareWithin'],
          message: `\`shareWithin\` names the dimension of one of \`filters\` or of \`groupBy\`: none is on ${within}`,
        });
    // "Revenue by quarter, 2024 against 2023" set 2024's quarters beside 2023's, each empty in the other period.
    if (
      spec.compareTo &&
      !spec.changeFrom &&
      spec.groupBy.some((g) => (TIME_DIMENSIONS as readonly string[]).includes(g.trim().toLowerCase()))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['compareTo'],
        message:
          '`compareTo` sets two periods side by side per row, and a time unit in `groupBy` falls in one of them only: use `changeFrom: "yearBefore"` (each unit against the same unit a year before) or `"previous"` instead',
      });
    // The rows listed are one column's values: "products bought in 2023 but not in 2024"; a second
    // grouping or a time unit has no list of its own, and was dropped without a word.
    if (
      (spec.notBoughtIn || spec.alsoBoughtIn) &&
      (spec.groupBy.length > 1 || spec.groupBy.some((g) => (TIME_DIMENSIONS as readonly string[]).includes(g.trim().toLowerCase())))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['groupBy'],
        message:
          '`notBoughtIn` and `alsoBoughtIn` list the customers, or the values of the one column in `groupBy` ("products bought in 2023 but not in 2024"): not a time unit or two columns',
      });
    if ((spec.neverBought || spec.boughtAll) && spec.groupBy.some((g) => !/^customers?$/i.test(g.trim())))
      ctx.addIssue({
        code: 'custom',
        path: ['groupBy'],
        message: '`neverBought` and `boughtAll` list customers: leave out `groupBy`',
      });
    if (spec.compareTo && spec.notBoughtIn)
      ctx.addIssue({ code: 'custom', path: ['compareTo'], message: 'use either `compareTo` or `notBoughtIn`, not both' });
    if (spec.neverBought && (spec.compareTo || spec.notBoughtIn || spec.alsoBoughtIn || spec.having || spec.per || spec.changeFrom))
      ctx.addIssue({
        code: 'custom',
        path: ['neverBought'],
        message:
          '`neverBought` lists the customers of the rows kept who never bought those values: leave out `compareTo`, `notBoughtIn`, `alsoBoughtIn`, `having`, `per` and `changeFrom`',
      });
    if (spec.neverBought?.exclude)
      ctx.addIssue({
        code: 'custom',
        path: ['neverBought', 'exclude'],
        message: '`neverBought` names the values not bought: leave out `exclude`',
      });
    if (
      spec.boughtAll &&
      (spec.compareTo || spec.notBoughtIn || spec.alsoBoughtIn || spec.neverBought || spec.having || spec.per || spec.changeFrom)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['boughtAll'],
        message:
          '`boughtAll` lists the customers who bought every one of those values: leave out `compareTo`, `notBoughtIn`, `alsoBoughtIn`, `neverBought`, `having`, `per` and `changeFrom`',
      });
    if (
      spec.boughtEvery &&
      (spec.compareTo ||
        spec.notBoughtIn ||
        spec.alsoBoughtIn ||
        spec.neverBought ||
        spec.boughtAll ||
        spec.having ||
        spec.per ||
        spec.changeFrom ||
        spec.groupBy.some((g) => !/^customers?$/i.test(g.trim())))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['boughtEvery'],
        message:
          '`boughtEvery` lists the customers who bought in each unit of the period: leave out `groupBy`, `compareTo`, `notBoughtIn`, `alsoBoughtIn`, `neverBought`, `boughtAll`, `having`, `per` and `changeFrom`',
      });
    if (spec.buyersOf && (NOT_WITH_BUYERS_OF.some((field) => spec[field]) || spec.buyersOf.exclude))
      ctx.addIssue({
        code: 'custom',
        path: ['buyersOf'],
        message:
          '`buyersOf` keeps the rows of the customers who bought those values in one period: leave out `exclude` on it, `compareTo`, `notBoughtIn`, `alsoBoughtIn`, `neverBought`, `boughtAll`, `boughtEvery`, `per` and `changeFrom`',
      });
    if (spec.boughtAll && (spec.boughtAll.values.length < 2 || spec.boughtAll.values.length > 4))
      ctx.addIssue({
        code: 'custom',
        path: ['boughtAll', 'values'],
        message: '`boughtAll` names 2 to 4 values, each bought by every customer listed',
      });
    if (spec.boughtAll && (spec.boughtAll.exclude || spec.boughtAll.match === 'startsWith'))
      ctx.addIssue({
        code: 'custom',
        path: ['boughtAll'],
        message: '`boughtAll` names the values every customer listed bought: leave out `exclude` and `startsWith`',
      });
    if (spec.alsoBoughtIn && !spec.period)
      ctx.addIssue({ code: 'custom', path: ['period'], message: '`alsoBoughtIn` needs `period`: the other range in which they bought' });
    if (spec.alsoBoughtIn && (spec.compareTo || spec.notBoughtIn || spec.having || spec.per || spec.changeFrom))
      ctx.addIssue({
        code: 'custom',
        path: ['alsoBoughtIn'],
        message:
          '`alsoBoughtIn` lists the customers of both periods: leave out `compareTo`, `notBoughtIn`, `having`, `per` and `changeFrom`',
      });
    if (spec.having && (spec.having.op === 'between') !== (spec.having.upTo !== undefined))
      ctx.addIssue({ code: 'custom', path: ['having', 'upTo'], message: '`upTo` goes with `op: "between"`, and `between` needs it' });
    if (spec.having?.upTo !== undefined && spec.having.upTo < spec.having.value)
      ctx.addIssue({ code: 'custom', path: ['having', 'upTo'], message: '`upTo` must be at least `value`' });
    if (
      spec.having?.than &&
      (spec.having.op === 'between' || (spec.having.on ?? 'value') !== 'value' || !AVERAGED.has(spec.having.measure))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['having', 'than'],
        message: '`than: "average"` compares one period\'s figure, not a change or a range, and of the ratios only the margin',
      });
    if (spec.having && !spec.measures.includes(spec.having.measure))
      ctx.addIssue({ code: 'custom', path: ['having', 'measure'], message: 'the `having` measure must be one of `measures`' });
    const onChange = spec.having?.on === 'change' || spec.having?.on === 'percentChange';
    const timeUnits = spec.groupBy.filter((g) => (TIME_DIMENSIONS as readonly string[]).includes(g)).length;
    if (spec.changeFrom && timeUnits !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['changeFrom'],
        message: '`changeFrom` needs one time unit (month, quarter, year or week) in `groupBy`',
      });
    if (spec.changeFrom && (spec.compareTo || spec.notBoughtIn || spec.per))
      ctx.addIssue({
        code: 'custom',
        path: ['changeFrom'],
        message: '`changeFrom` sets each unit against an earlier one of its own grouping: leave out `compareTo`, `notBoughtIn` and `per`',
      });
    if (
      spec.changeFrom &&
      (spec.measures.includes('revenueShare') || spec.measures.includes('profitShare') || spec.measures.includes('customerShare'))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['changeFrom'],
        message:
          "`changeFrom` does not take revenueShare, profitShare or customerShare: a share is of its own period's whole, so two units' shares are of different wholes",
      });
    if (spec.having && (spec.notBoughtIn || (spec.compareTo && !onChange)))
      ctx.addIssue({
        code: 'custom',
        path: ['having'],
        message:
          '`having` applies to one period, without `compareTo` or `notBoughtIn`, or with `compareTo` on the change (`on: "change"` or `"percentChange"`)',
      });
    if (onChange && !spec.compareTo && !spec.changeFrom)
      ctx.addIssue({ code: 'custom', path: ['having', 'on'], message: '`having` on the change needs `compareTo` or `changeFrom`' });
    if (spec.sort && !spec.measures.includes(spec.sort.by))
      ctx.addIssue({ code: 'custom', path: ['sort', 'by'], message: 'the sort measure must be one of `measures`' });
    if (spec.per && spec.groupBy.some((g) => (TIME_DIMENSIONS as readonly string[]).includes(g)))
      ctx.addIssue({ code: 'custom', path: ['per'], message: '`per` averages over the period: leave the time unit out of `groupBy`' });
    if (spec.per && spec.notBoughtIn) ctx.addIssue({ code: 'custom', path: ['per'], message: '`per` does not apply to `notBoughtIn`' });
    const unsummed = spec.per ? spec.measures.filter((m) => !SUMMED_OVER_TIME.has(m)) : [];
    if (unsummed.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['per'],
        message: `\`per\` averages ${[...SUMMED_OVER_TIME].join(', ')}; ${unsummed.join(', ')} ${unsummed.length > 1 ? 'are' : 'is'} not a sum over time (group by the time unit instead)`,
      });
    if (spec.averageOver) checkAverageOver(spec, ctx);
    if (spec.sort && spec.sort.on !== 'value' && !spec.compareTo && !spec.changeFrom)
      ctx.addIssue({ code: 'custom', path: ['sort', 'on'], message: 'sorting by change needs `compareTo` or `changeFrom`' });
  });

/**
 * The measures `averageOver` takes: a sum or a count of each value's own rows. A ratio's
 * average (of margins, of order values) could be of the values or of their rows together.
 */
export const AVERAGED_OVER: ReadonlySet<Measure> = new Set<Measure>([
  'revenue',
  'grossProfit',
  'cost',
  'orders',
  'customers',
  'units',
  'returns',
  'returnOrders',
  'grossRevenue',
  'products',
]);

/** What `averageOver` does not go with, beside a measure it can't average. */
function checkAverageOver(spec: QuerySpec, ctx: z.RefinementCtx): void {
  const over = (spec.averageOver ?? '').trim().toLowerCase();
  const unaveraged = spec.measures.filter((m) => !AVERAGED_OVER.has(m));
  if (unaveraged.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['averageOver'],
      message: `\`averageOver\` averages ${[...AVERAGED_OVER].join(', ')}; not ${unaveraged.join(', ')}`,
    });
  const apart = (
    ['per', 'changeFrom', 'having', 'notBoughtIn', 'alsoBoughtIn', 'neverBought', 'boughtAll', 'boughtEvery', 'shareWithin'] as const
  ).filter((field) => spec[field] !== undefined);
  if (apart.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['averageOver'],
      message: `\`averageOver\` gives each value's figure averaged: leave out ${apart.map((f) => `\`${f}\``).join(', ')}`,
    });
  if (spec.groupBy.length > 1)
    ctx.addIssue({ code: 'custom', path: ['groupBy'], message: '`averageOver` takes one column or time unit in `groupBy` at most' });
  if ((TIME_DIMENSIONS as readonly string[]).includes(over))
    ctx.addIssue({ code: 'custom', path: ['averageOver'], message: '`averageOver` is a column: for an average per month, use `per`' });
  if (spec.groupBy.some((g) => g.trim().toLowerCase() === over))
    ctx.addIssue({ code: 'custom', path: ['averageOver'], message: '`averageOver` is not also in `groupBy`' });
}

export type QuerySpec = z.infer<typeof QuerySpecSchema>;
export type QuerySpecInput = z.input<typeof QuerySpecSchema>;

/** Parses a spec, or returns a readable reason (for the model's `is_error` and the CLI). */
export function parseQuerySpec(input: unknown): { ok: true; spec: QuerySpec } | { ok: false; reason: string } {
  const parsed = QuerySpecSchema.safeParse(input);
  if (parsed.success) return { ok: true, spec: parsed.data };
  const reasons = parsed.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'spec'}: ${issue.message}`);
  return { ok: false, reason: `The query spec is not valid — ${reasons.join('; ')}.` };
}
