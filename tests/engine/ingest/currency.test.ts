/**
 * Currency (issue 14 item 9): detected from what the file shows — signs and codes beside
 * the amounts, a currency column, a money header, prices quoted in product names — never
 * from the number style alone; overridden by the user; shown on every money figure of the
 * rendered dashboard and reports, or, when unknown, "amounts in the file's currency" once.
 */
import { describe, expect, it } from 'vitest';
import { HelpRequested, parseArgs } from '../../../scripts/analyze';
import { analyse } from '../../../worker/engine/analyze';
import { ingest } from '../../../worker/engine/ingest';
import { renderArtifacts } from '../../../worker/engine/render';
import { UNKNOWN_CURRENCY } from '../../../worker/engine/render/format';
import { datasetPath } from '../helpers/datasets';
import { createReadStream } from 'node:fs';

const bytes = (text: string): AsyncIterable<Uint8Array> =>
  (async function* () {
    yield new TextEncoder().encode(text);
  })();

async function currencyOf(csv: string, currency?: string): Promise<string | null> {
  return (await ingest(bytes(csv), { fileName: 'sales.csv', currency })).profile.currency;
}

const rows = (amounts: string[], header = 'Customer,Date,Amount', sep = ','): string =>
  [header, ...amounts.map((a, i) => [`C${i % 3}`, `2024-0${(i % 9) + 1}-1${i % 9}`, `"${a}"`].join(sep))].join('\n');

describe('currency detection', () => {
  it('reads $ beside the amounts as USD', async () => {
    expect(await currencyOf(rows(['$1,200.50', '$80.00', '$15.25']))).toBe('USD');
  });

  it('reads € after decimal-comma amounts as EUR, and the amounts in that style', async () => {
    const csv = rows(['1.200,50 €', '80,00 €', '15,25 €'], 'Kunde;Datum;Betrag', ';');
    const agg = await ingest(bytes(csv), { fileName: 'umsatz.csv' });
    expect(agg.profile.currency).toBe('EUR');
    expect(agg.totals.revenue).toBeCloseTo(1295.75, 6);
  });

  it('reads £ as GBP', async () => {
    expect(await currencyOf(rows(['£12.00', '£8.50', '£3.10']))).toBe('GBP');
  });

  it('reads a currency column of codes', async () => {
    const csv = ['Customer,Date,Amount,Currency', 'A,2024-01-02,10.00,EUR', 'B,2024-01-03,20.00,EUR', 'A,2024-02-01,5.00,eur'].join('\n');
    expect(await currencyOf(csv)).toBe('EUR');
  });

  it('reads a code written beside the amounts and one in the money header', async () => {
    expect(await currencyOf(rows(['12.00 CHF', '8.50 CHF', '3.10 CHF']))).toBe('CHF');
    expect(await currencyOf(rows(['12.00', '8.50', '3.10'], 'Customer,Date,Amount (EUR)'))).toBe('EUR');
  });

  it('leaves a decimal-comma file without a sign unknown: the number style names no currency', async () => {
    expect(await currencyOf(rows(['1.200,50', '80,00', '15,25'], 'Kunde;Datum;Betrag', ';'))).toBeNull();
  });

  it('leaves mixed currencies unknown and says why', async () => {
    const csv = ['Customer,Date,Amount,Currency', 'A,2024-01-02,10.00,EUR', 'B,2024-01-03,20.00,USD'].join('\n');
    const agg = await ingest(bytes(csv), { fileName: 'sales.csv' });
    expect(agg.profile.currency).toBeNull();
    expect(agg.profile.warnings.join(' ')).toContain('more than one currency (EUR, USD)');
  });

  it('leaves bare amounts unknown', async () => {
    expect(await currencyOf(rows(['12.00', '8.50', '3.10']))).toBeNull();
  });

  it('takes the user’s choice over what the file shows, and refuses a code that is not one', async () => {
    expect(await currencyOf(rows(['$12.00', '$8.50', '$3.10']), 'cad')).toBe('CAD');
    await expect(currencyOf(rows(['12.00']), 'XYZ1')).rejects.toThrow("'XYZ1' is not a currency code");
  });

  it('finds GBP in Online Retail, whose only £ signs are prices in product names', async () => {
    const agg = await ingest(createReadStream(datasetPath('online_retail/online_retail_sample_40k.xlsx')), {
      fileName: 'online_retail_sample_40k.xlsx',
    });
    expect(agg.profile.currency).toBe('GBP');
  }, 60_000);
});

describe('currency of the real files, as the datasets README describes them', () => {
  it.each([
    // Headers name dollars: CDNOW's "dollar_value", Iowa's "sale_dollars".
    ['cdnow/CDNOW_master.txt', 'USD'],
    ['iowa_liquor/IA_liquor_sales.csv', 'USD'],
    // Bare amounts and no currency anywhere in the file: unknown, not guessed from the country.
    ['superstore/Sample - Superstore.csv', null],
    ['wholesale_customers/Wholesale customers data.csv', null],
  ])(
    '%s → %s',
    async (relative, expected) => {
      const agg = await ingest(createReadStream(datasetPath(relative)), { fileName: relative.split('/')[1] });
      expect(agg.profile.currency).toBe(expected);
    },
    60_000,
  );
});

describe('currency on rendered figures', () => {
  const csv = rows(['£1,200.50', '£80.00', '£15.25', '£40.00', '£2.75', '£9.99']);

  it('puts the symbol on every money figure of the dashboard and the executive summary', async () => {
    const files = renderArtifacts(analyse(await ingest(bytes(csv), { fileName: 'sales.csv' })));
    const dashboard = String(files.find((f) => f.name === 'dashboard.html')?.body);
    const summary = String(files.find((f) => f.name === 'executive-summary.md')?.body);
    // Revenue 1,348.49 = 1,200.50 + 80.00 + 15.25 + 40.00 + 2.75 + 9.99, by hand.
    expect(dashboard).toContain('£1,348.49');
    expect(summary).toContain('| Revenue | £1,348.49 |');
    expect(dashboard).toContain('Amounts in GBP (£).');
    expect(dashboard).not.toContain(UNKNOWN_CURRENCY);
    // The monthly chart's axis is labelled in pounds.
    expect(String(files.find((f) => f.name === 'monthly-trend.svg')?.body)).toMatch(/>£[\d.]+K?</);
  });

  it('says "amounts in the file\'s currency" once on the dashboard and once per report when unknown', async () => {
    const files = renderArtifacts(analyse(await ingest(bytes(rows(['12.00', '8.50', '3.10'])), { fileName: 'sales.csv' })));
    const dashboard = String(files.find((f) => f.name === 'dashboard.html')?.body).replace(/&#39;/g, "'");
    expect(dashboard.split(UNKNOWN_CURRENCY).length - 1).toBe(1);
    for (const report of files.filter((f) => f.name.endsWith('.md')))
      expect(String(report.body).split(UNKNOWN_CURRENCY).length - 1, report.name).toBe(1);
    expect(dashboard).not.toMatch(/[$€£]\d/);
  });
});

describe('--currency on the CLI', () => {
  it('parses --currency into the run', () => {
    expect(parseArgs(['sales.csv', '--currency', 'EUR']).currency).toBe('EUR');
    expect(() => parseArgs(['sales.csv', '--help'])).toThrow(HelpRequested);
  });
});
