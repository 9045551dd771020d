/**
 * Markdown reports for the catalogue questions: products (margins, ABC, trends), supplier
 * dependency (cross-sell is in cross-sell-report.ts). Thresholds are stated; actions name
 * products and customers.
 */
import { isChargeLine } from '../analyses/charge-lines';
import type { AnalysisResult, Products } from '../contract';
import {
  BELOW_CATEGORY_POINTS,
  DECLINE_FALSE_DISCOVERY_RATE,
  DECLINE_MATERIALITY_SHARE,
  FAST_DECLINE_PCT,
  MIN_ORDERS_FOR_SMALLER_ORDERS,
} from '../analyses/products';
import { DOMINANT_SUPPLIER_SHARE } from '../analyses/suppliers';
import { belowCostActions } from './below-cost-actions';
import { count, fixed, money, pct, share } from './format';
import { blocks, bullets, md, nameList, table } from './markdown';

export function productsReport(result: AnalysisResult): string {
  const p = result.products;
  if (!p || !p.available) return blocks('# Products', md(p?.note ?? 'The file has no product column.'));
  const currency = result.dataset.currency;
  const header = ['Product', 'Category', 'Revenue', 'Margin', 'Margin %', 'Quantity', 'Customers', 'ABC', 'Trend (6 vs 6 months)'];
  const row = (item: (typeof p.items)[number]): string[] => [
    item.name,
    item.category ?? '',
    money(item.revenue, currency),
    item.margin === null ? 'n/a' : money(item.margin, currency),
    pct(item.marginPct),
    fixed(item.quantity, 0),
    count(item.customers),
    item.abc,
    pct(item.trendPct, 0),
  ];
  const align: ('l' | 'r')[] = ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'l', 'r'];
  const ofKind = (kind: string) => p.flags.filter((flag) => flag.kind === kind);
  const flagTable = (kind: string, title: string): string | null => {
    const flags = ofKind(kind);
    if (flags.length === 0) return null;
    return `## ${title} (${count(flags.length)})\n\n${table(
      ['Product', 'Detail'],
      flags.slice(0, 25).map((flag) => [flag.name, flag.detail]),
    )}`;
  };
  const abc = (['A', 'B', 'C'] as const).map((tier) => {
    const items = p.items.filter((item) => item.abc === tier);
    return [
      tier,
      count(items.length),
      money(
        items.reduce((sum, item) => sum + item.revenue, 0),
        currency,
      ),
    ];
  });
  const actions: string[] = [];
  actions.push(...belowCostActions(p.flags, md, 10));
  const below = ofKind('below-category-margin');
  if (below.length)
    actions.push(
      `Review discounts and purchase prices on products far below their category's margin: ${nameList(
        below.map((flag) => md(flag.name)),
        10,
      )}.`,
    );
  const declining = ofKind('fast-decliner');
  if (declining.length)
    actions.push(
      `Find out why these products are falling fast: ${nameList(
        declining.map((flag) => md(flag.name)),
        10,
      )}.`,
    );
  const tierA = p.items.filter((item) => item.abc === 'A');
  // A file of customers' spend by category (the UCI wholesale file's Fresh, Milk, Grocery …)
  // has no products to stock or delist: it told the wholesaler to delist Delicassen.
  if (result.dataset.grain === 'customers')
    actions.push(
      `These are spend categories, not products, so there is no range to stock or delist: ${nameList(tierA.map((item) => md(item.name)))} ${tierA.length === 1 ? 'brings' : 'bring'} ${share(tierA.reduce((sum, item) => sum + item.revenue, 0) / result.totals.revenue)} of revenue.`,
    );
  else {
    // Online Retail's A class holds DOTCOM POSTAGE and POSTAGE: charges, with no stock to run out of.
    const charges = tierA.filter((item) => isChargeLine(item.name));
    const stocked = tierA.length - charges.length;
    actions.push(
      `Never run out of the ${count(stocked)} A-class ${stocked === 1 ? 'product' : 'products'} (80% of revenue${
        charges.length
          ? ` with ${nameList(charges.map((item) => md(item.name)))}, ${charges.length === 1 ? 'a charge' : 'charges'}, not stock`
          : ''
      }); review the C-class tail for delisting.`,
    );
  }
  return blocks(
    '# Products',
    p.note ? md(p.note) : null,
    `Flags: negative margin (revenue below cost); margin more than ${BELOW_CATEGORY_POINTS} percentage points below the product's category (categories with 3+ products); ` +
      `fast decliner (revenue down ${Math.abs(FAST_DECLINE_PCT)}% or more in the last 6 full months${windowsOf(p)} vs the 6 before, with at least ${share(DECLINE_MATERIALITY_SHARE)} of the earlier window's revenue, ` +
      `and orders that fell by more than chance explains, at a ${share(DECLINE_FALSE_DISCOVERY_RATE, 0)} false discovery rate, or held at ${MIN_ORDERS_FOR_SMALLER_ORDERS}+ a window while each order got smaller). ABC: A until 80% of revenue, B until 95%.`,
    '## Top 20 products by revenue',
    table(header, p.items.slice(0, 20).map(row), align),
    flagTable('negative-margin', 'Sold below cost'),
    flagTable('below-category-margin', 'Far below category margin'),
    flagTable('fast-decliner', 'Fast decliners'),
    '## ABC classes',
    table(['Class', 'Products', 'Revenue'], abc, ['l', 'r', 'r']),
    '## Actions',
    bullets(actions),
  );
}

/** " (2024-07-01 … 2024-12-31 against 2024-01-01 … 2024-06-30)", or nothing without trends. */
function windowsOf(p: Products): string {
  const w = p.trendPeriods;
  return w ? ` (${w.recent.from} … ${w.recent.to} against ${w.prior.from} … ${w.prior.to})` : '';
}

export function suppliersReport(result: AnalysisResult): string {
  const s = result.suppliers;
  if (!s || !s.available) return blocks('# Supplier dependency', md(s?.note ?? 'The file has no supplier column.'));
  const currency = result.dataset.currency;
  const dominant = s.items.filter((item) => item.share > DOMINANT_SUPPLIER_SHARE);
  const actions: string[] = dominant.length
    ? [
        `Qualify a second source for ${nameList(dominant.map((item) => md(item.name)))}: each is behind more than ${share(DOMINANT_SUPPLIER_SHARE, 0)} of revenue.`,
      ]
    : [`No supplier is behind more than ${share(DOMINANT_SUPPLIER_SHARE, 0)} of revenue.`];
  // Where every product comes from one supplier the file can't tell one with a second source
  // from one without: Iowa's and the generated file's "100.0% … list alternates" said nothing
  // that any such file would not.
  if (s.singleSupplierRevenueShare === 1) {
    actions.push('Every product sold comes from one supplier in this file, so it can’t show which products have a second source.');
  } else if (s.singleSupplierRevenueShare !== null && s.singleSupplierRevenueShare > 0.5) {
    actions.push(
      `${share(s.singleSupplierRevenueShare)} of revenue comes from products with a single supplier; list alternates for the A-class ones.`,
    );
  }
  return blocks(
    '# Supplier dependency',
    table(
      ['Measure', 'Value'],
      [
        ['Suppliers', count(s.items.length)],
        ['Top supplier share', share(s.topShare)],
        ['Top 3 share', share(s.top3Share)],
        ['HHI (0–10,000)', s.hhi === null ? 'n/a' : count(s.hhi)],
        ['Level (2023 U.S. Merger Guidelines)', s.level ?? 'n/a'],
        ['Revenue from single-supplier products', share(s.singleSupplierRevenueShare)],
      ],
      ['l', 'r'],
    ),
    s.flags.length ? `## Flags\n\n${bullets(s.flags.map(md))}` : null,
    '## Suppliers by revenue',
    table(
      ['Supplier', 'Revenue', 'Share', 'Cost share', 'Products', 'Customers exposed'],
      s.items
        .slice(0, 30)
        .map((item) => [
          item.name,
          money(item.revenue, currency),
          share(item.share),
          share(item.costShare),
          count(item.products),
          count(item.customersExposed),
        ]),
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
    '## Actions',
    bullets(actions),
  );
}
