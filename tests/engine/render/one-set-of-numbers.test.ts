/**
 * Issue 14 item 6, "one set of numbers everywhere": every figure the dashboard, the
 * executive summary and the offline analyst's summary show is a value stored in
 * `analysis.json` (or the count of a stored list), written by the stated rounding rule —
 * money to the cent, percentages and shares to one decimal, counts whole. Ranked lists
 * (loss-making products, the call list) come out in the stored order on every surface, and
 * where the RFM "At Risk" segment and the churn model's counts both appear, the text says
 * what each one is. Run over Superstore, the generated B2B file and the Online Retail 40k sample.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import { narrateOffline } from '../../../worker/agent/offline/offline-analyst';
import { analyse } from '../../../worker/engine/analyze';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { ingest } from '../../../worker/engine/ingest';
import { renderArtifacts } from '../../../worker/engine/render';
import { ROUNDING_RULE } from '../../../worker/engine/render/format';
import { TWO_MEASURES_NOTE } from '../../../worker/engine/render/measure-notes';
import { lastText, memoryArtifacts, memoryTranscript } from '../../agent/helpers';
import { datasetPath } from '../helpers/datasets';
import { scratchDir } from '../helpers/scratch';

interface Surfaces {
  result: AnalysisResult;
  dashboard: string;
  summary: string;
  transcript: string;
}

async function surfacesOf(path: string, fileName: string, asOf?: string): Promise<Surfaces> {
  const result = analyse(await ingest(createReadStream(path), { fileName }), { asOf });
  // Through JSON, as every surface reads it from the stored analysis.json.
  const stored = JSON.parse(JSON.stringify(result)) as AnalysisResult;
  const files = renderArtifacts(stored);
  const body = (name: string): string => String(files.find((f) => f.name === name)?.body);
  const transcript = memoryTranscript();
  await narrateOffline({ result: stored, transcript, artifacts: memoryArtifacts(), focus: 'comprehensive', question: null });
  return {
    result: stored,
    dashboard: body('dashboard.html'),
    summary: body('executive-summary.md'),
    transcript: lastText(transcript.messages),
  };
}

/** The dashboard's visible text: no style, no charts (their ticks are scale marks, not figures), no tags. */
function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** Markdown escapes removed, so `\(12.5%\)` reads as `(12.5%)`. */
function plainMarkdown(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1').replace(/&amp;/g, '&');
}

function leaves(value: unknown, visit: (key: string, leaf: unknown, parent: unknown) => void, key = ''): void {
  if (Array.isArray(value))
    value.forEach((item) => {
      // Strings and numbers held in a list (warnings, flags) are leaves too.
      if (item === null || typeof item !== 'object') visit(key, item, value);
      leaves(item, visit, key);
    });
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      visit(k, v, value);
      leaves(v, visit, k);
    }
}

/**
 * Every way a stored value may be written under the rounding rule: amounts to the cent,
 * percentages to one decimal (a value already in percent, or a share × 100), and whole
 * numbers only for stored counts — integer values, HHI (shown whole), the length of a
 * stored list and the number of its entries of one kind (risk class, flag kind).
 */
/** Stored whole numbers a surface may show as they are (an amount or a rate never is shown whole). */
const COUNT_KEYS = new Set([
  'customers',
  'orders',
  'products',
  'suppliers',
  'rowsUsed',
  'rowsRead',
  'customersFor80Pct',
  'customersExposed',
  'daysSinceLastOrder',
  'hhi',
  // The churn backtest's counts.
  'nonBuyers',
  'flagged',
  'flaggedWithoutPurchase',
  'holdoutDays',
  'actualRepeatPurchases',
  // The sales-rep scorecards' counts.
  'reps',
  'customersServed',
  'bookCustomers',
  'newCustomers',
  'lostCustomers',
  'crossSellOpportunities',
]);

function allowedFigures(result: AnalysisResult): Set<string> {
  const allowed = new Set<string>();
  const add = (v: number, d: number): void => {
    allowed.add((Math.round(Math.abs(v) * 10 ** d) / 10 ** d).toFixed(d));
  };
  leaves(result, (key, leaf) => {
    if (typeof leaf === 'number') {
      add(leaf, 2);
      add(leaf, 1);
      add(leaf * 100, 1);
      if (COUNT_KEYS.has(key)) add(leaf, 0);
    } else if (Array.isArray(leaf)) {
      add(leaf.length, 0);
      const kinds = new Map<string, number>();
      for (const item of leaf as unknown[])
        if (item && typeof item === 'object')
          for (const [k, v] of Object.entries(item)) if (typeof v === 'string') kinds.set(`${k}=${v}`, (kinds.get(`${k}=${v}`) ?? 0) + 1);
      for (const n of kinds.values()) add(n, 0);
    }
  });
  return allowed;
}

/** Text quoted from analysis.json (names, stored sentences) and fixed method text, removed before reading figures. */
function withoutQuotedText(text: string, result: AnalysisResult): string {
  const quoted = new Set<string>([ROUNDING_RULE, TWO_MEASURES_NOTE]);
  leaves(result, (_key, leaf) => {
    if (typeof leaf === 'string' && /\d/.test(leaf)) {
      quoted.add(leaf);
      // The analyst cuts names to 60 characters (tool-kit dataString).
      if (leaf.length > 60) quoted.add(`${leaf.slice(0, 59)}…`);
    }
  });
  let out = text;
  // Whole tokens only: a numeric customer id ("17850") is a name, but not inside "117,850.00".
  for (const q of [...quoted].sort((a, b) => b.length - a.length))
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}.,])${escapeRegExp(q)}(?![\\p{L}\\p{N}]|[.,]\\d)`, 'gu'), ' ');
  return (
    out
      // Dates and months are labels, not figures.
      .replace(/\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?/g, ' ')
      .replace(/\d{4}-\d{2}/g, ' ')
      // So are years ("Which customers spent less in 2021 than in 2020?", the NRR windows'):
      // amounts and counts from 1,000 up are written with a thousands separator.
      .replace(/(?<![\d,.])(?:19|20)\d\d(?![\d,.]*\d)/g, ' ')
      // Method constants stated in the text: thresholds and named guidelines.
      .replace(/2023 U\.S\. Merger Guidelines/g, ' ')
      .replace(/make 80% of (revenue|it)/g, ' ')
      .replace(/\b(top|Top) (10|20%)/g, ' ')
      .replace(/last-12-month|last 12 months|last 90 days/g, ' ')
      .replace(/above 30%/g, ' ')
      // A truncated list's remainder ("A, B and 294 more") counts names, it quotes no figure.
      .replace(/and \d[\d,]* more/g, ' ')
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each figure as written (sign and currency dropped) with its decimals, e.g. "2,297,200.86" → "2297200.86". */
function figuresIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/g)].map((m) => `${m[1].replace(/,/g, '')}${m[2] ?? ''}`);
}

function strayFigures(text: string, result: AnalysisResult): string[] {
  const allowed = allowedFigures(result);
  return figuresIn(withoutQuotedText(text, result)).filter((figure) => !allowed.has(figure));
}

const negativeNames = (r: AnalysisResult): string[] =>
  (r.products?.flags ?? []).filter((f) => f.kind === 'negative-margin').map((f) => f.name);
/**
 * The loss-making products in stored order, as two lists: those that make no money on most of
 * what they sell, and those that sold less than half below cost and made money on the rest (each
 * its own action).
 */
const negativeGroups = (r: AnalysisResult): string[][] => {
  const negative = (r.products?.flags ?? []).filter((f) => f.kind === 'negative-margin');
  const discounted = (f: (typeof negative)[number]) => (f.belowCost?.otherMargin ?? 0) > 0.005 && (f.belowCost?.share ?? 1) < 0.5;
  return [negative.filter((f) => !discounted(f)), negative.filter(discounted)].map((group) => group.map((f) => f.name));
};
const callNames = (r: AnalysisResult): string[] => {
  const byId = new Map((r.churn?.customers ?? []).map((c) => [c.id, c.name]));
  return (r.churn?.callList?.customerIds ?? []).map((id) => byId.get(id) ?? '?');
};

/** Where each listed name first appears in the text (-1 when absent). */
const positions = (text: string, names: string[]): number[] => names.map((n) => text.indexOf(n));
const ascending = (xs: number[]): boolean => xs.every((x, i) => x >= 0 && (i === 0 || x > xs[i - 1]));

function generated(): string {
  const path = join(scratchDir('tally-numbers-'), 'b2b.csv');
  generateB2bCsv(20_000, path);
  return path;
}

describe.each([
  ['Superstore', () => datasetPath('superstore/Sample - Superstore.csv'), 'Sample - Superstore.csv', undefined],
  ['the generated B2B file', generated, 'b2b.csv', undefined],
  // Online Retail (GBP): customers at risk, so a call list with its revenue at risk to quote.
  [
    'the Online Retail 40k sample',
    () => datasetPath('online_retail/online_retail_sample_40k.xlsx'),
    'online_retail_sample_40k.xlsx',
    undefined,
  ],
])('one set of numbers on %s', (_label, pathOf, fileName, asOf) => {
  let s: Surfaces;
  beforeAll(async () => {
    s = await surfacesOf(pathOf(), fileName, asOf);
  }, 120_000);

  it('every figure on the dashboard is a stored value under the rounding rule', () => {
    expect(strayFigures(visibleText(s.dashboard), s.result)).toEqual([]);
  });

  it('every figure in the executive summary is a stored value under the rounding rule', () => {
    expect(strayFigures(plainMarkdown(s.summary), s.result)).toEqual([]);
  });

  it("every figure in the analyst's summary and top actions is a stored value under the rounding rule", () => {
    const summary = s.transcript.slice(0, s.transcript.indexOf('## Findings'));
    expect(summary).toContain('### Top actions');
    expect(strayFigures(summary, s.result)).toEqual([]);
  });

  it('lists the loss-making products in the stored order (largest loss first) on every surface, within each of their two actions', () => {
    const names = negativeNames(s.result);
    if (names.length === 0) return expect(s.transcript).not.toContain('sold below cost');
    const dashboardActions = visibleText(s.dashboard).slice(visibleText(s.dashboard).indexOf('Do this first'));
    const summaryActions = plainMarkdown(s.summary).slice(plainMarkdown(s.summary).indexOf('## Do this first'));
    for (const group of negativeGroups(s.result)) {
      expect(ascending(positions(dashboardActions, group.slice(0, 5)))).toBe(true);
      expect(ascending(positions(summaryActions, group.slice(0, 5)))).toBe(true);
    }
    // The analyst's action names the three largest losses, each in the action its sales call for.
    const topActions = s.transcript.slice(s.transcript.indexOf('### Top actions'), s.transcript.indexOf('## Findings'));
    for (const group of negativeGroups(s.result)) {
      expect(
        ascending(
          positions(
            topActions,
            group.filter((name) => names.slice(0, 3).includes(name)),
          ),
        ),
      ).toBe(true);
    }
  });

  it('names the call list in the stored order, with its stored revenue at risk', () => {
    const names = callNames(s.result);
    const churn = s.result.churn;
    if (!churn?.callList || names.length === 0) return expect(plainMarkdown(s.summary)).not.toContain('Call these');
    const summary = plainMarkdown(s.summary);
    expect(summary).toContain(`Call these ${names.length} customers first`);
    expect(ascending(positions(summary.slice(summary.indexOf('Call these')), names))).toBe(true);
    const headline = s.transcript.slice(s.transcript.indexOf('of revenue is at risk'));
    expect(ascending(positions(headline, names.slice(0, Math.min(5, names.length))))).toBe(true);
  });

  it('says what RFM "At Risk" and the churn model each measure wherever both appear', () => {
    for (const text of [visibleText(s.dashboard), plainMarkdown(s.summary), s.transcript]) {
      const both = /At Risk/.test(text) && /at high risk|high risk|lost/.test(text);
      expect(both).toBe(true);
      expect(text.replace(/\s+/g, ' ')).toContain(TWO_MEASURES_NOTE);
    }
  });

  it('states the rounding rule and the currency once on the dashboard and in each report', () => {
    expect(visibleText(s.dashboard)).toContain(ROUNDING_RULE);
    expect(plainMarkdown(s.summary)).toContain(ROUNDING_RULE);
    expect(s.transcript).toContain(ROUNDING_RULE);
  });
});
