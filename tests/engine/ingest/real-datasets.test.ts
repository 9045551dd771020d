/**
 * The real public files in ../shared/datasets (read in place, never copied), with the
 * reference values from its README.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../../worker/engine/ingest';
import { totalsOf } from '../../../worker/engine/analyses/overview';
import { cents, DATASETS, fileStream } from './helpers';

describe('Online Retail: the 305 by-day CSVs concatenated into one stream', async () => {
  const dir = `${DATASETS}/online_retail/by-day`;
  async function* days(): AsyncGenerator<Uint8Array> {
    for (const name of readdirSync(dir).sort()) yield readFileSync(`${dir}/${name}`);
  }
  const agg = await ingest(days(), { fileName: 'online-retail.csv' });
  const totals = totalsOf(agg);

  it('reads all 541,909 rows and skips the 304 repeated headers', () => {
    expect(agg.profile.rowsRead).toBe(541909);
    expect(agg.profile.rowsUsed).toBe(541909);
    expect(agg.profile.warnings[0]).toBe('Skipped 304 repeated header lines.');
  });

  it('matches UCI: revenue 9,747,747.93, 4,372 customers, 4,070 products', () => {
    expect(totals.revenue).toBe(9747747.93);
    expect(totals.customers).toBe(4372);
    expect(totals.products).toBe(4070);
  });

  // 20,726 invoices hold a purchase line; 762 of them only stock movements (lines of no money
  // and no customer: write-offs, recounts), which are no orders (DuckDB over the 305 files).
  it('counts 25,900 invoices as UCI does, of which 19,964 are orders (no credit notes, return-only or stock-only invoices)', () => {
    expect(agg.totals.distinctOrderIds).toBe(25900);
    expect(totals.orders).toBe(19964);
  });

  it('keeps the 135,080 rows without a CustomerID in total revenue and says so, in pounds', () => {
    expect(totals.revenueWithoutCustomer).toBe(1447682.12);
    expect(agg.profile.warnings).toContain(
      'Rows without a customer id: 135,080 (£1,447,682.12 of revenue). They count toward total, monthly and product revenue but not toward customer analyses.',
    );
  });

  it('is in pounds: the file shows £ only in product names ("Dotcomgiftshop Gift Voucher £40.00")', () => {
    expect(agg.profile.currency).toBe('GBP');
  });

  it('spans December 2010 to December 2011, month by month', () => {
    expect(agg.profile.period).toEqual({ from: '2010-12-01', to: '2011-12-09' });
    expect(agg.months.months.length).toBe(13);
  });
});

describe('Superstore CSV (m/d/yyyy dates, quoted commas)', async () => {
  const agg = await ingest(fileStream(`${DATASETS}/superstore/Sample - Superstore.csv`), { fileName: 'Sample - Superstore.csv' });
  const totals = totalsOf(agg);

  it('has Sales 2,297,200.86 and Profit 286,397.02 (cost = sales − profit)', () => {
    expect(totals.revenue).toBe(2297200.86);
    expect(totals.grossMargin).toBe(286397.02);
    expect(agg.profile.roles).toMatchObject({
      amount: 'Sales',
      profit: 'Profit',
      date: 'Order Date',
      orderId: 'Order ID',
      region: 'Region',
    });
  });

  it('has 5,009 orders, 793 customers and 1,862 products, 2018-01-03 … 2021-12-30', () => {
    expect([totals.orders, totals.customers, totals.products]).toEqual([5009, 793, 1862]);
    expect(agg.profile.period).toEqual({ from: '2018-01-03', to: '2021-12-30' });
  });
});

describe('Iowa liquor sales (a wholesaler: stores are customers, vendors are suppliers)', async () => {
  const agg = await ingest(fileStream(`${DATASETS}/iowa_liquor/IA_liquor_sales.csv`), { fileName: 'IA_liquor_sales.csv' });
  const totals = totalsOf(agg);

  it('maps store, vendor, bottle cost and sale dollars', () => {
    expect(agg.profile.roles).toMatchObject({
      customerId: 'store_number',
      customerName: 'store_name',
      supplier: 'vendor_name',
      unitCost: 'state_bottle_cost',
      quantity: 'bottles_sold',
      amount: 'sale_dollars',
    });
  });

  it('has 224 stores, 54 vendors and a margin of 347,579.47 on 1,039,951.09', () => {
    expect(totals.customers).toBe(224);
    expect(totals.suppliers).toBe(54);
    expect(totals.revenue).toBe(1039951.09);
    expect(totals.grossMargin).toBe(347579.47);
  });

  it('gives Diageo Americas 22% of sales', () => {
    const diageo = agg.suppliers.names.indexOf('Diageo Americas');
    expect(Math.round((agg.suppliers.revenue[diageo] / agg.totals.revenue) * 100)).toBe(22);
  });

  it('rejects the 7 rows without sale dollars or prices, with examples', () => {
    expect(agg.profile.rejectReasons.map((r) => [r.reason, r.count, r.examples.length])).toEqual([['No amount', 7, 3]]);
  });

  it('warns that one day supports neither trends nor churn', () => {
    expect(agg.profile.warnings).toContain('Every row is dated 2012-01-31: one day is too short for trends or churn.');
  });
});

describe('CDNOW master (whitespace-separated fixed width)', async () => {
  const agg = await ingest(fileStream(`${DATASETS}/cdnow/CDNOW_master.txt`), { fileName: 'CDNOW_master.txt' });

  it('has 69,659 purchases by 23,570 customers, $2,500,315.63, 1997-01-01 … 1998-06-30', () => {
    expect(agg.profile.rowsUsed).toBe(69659);
    expect(agg.customers.count).toBe(23570);
    expect(cents(agg.totals.revenue)).toBe(2500315.63);
    expect(agg.profile.period).toEqual({ from: '1997-01-01', to: '1998-06-30' });
    expect(agg.customers.ids[0]).toBe('00001');
  });
});

describe('Wholesale customers (customer-level, no dates)', async () => {
  const agg = await ingest(fileStream(`${DATASETS}/wholesale_customers/Wholesale customers data.csv`), {
    fileName: 'Wholesale customers data.csv',
  });

  it('reads each row as a customer whose revenue is the sum of the spend columns', () => {
    expect(agg.profile.grain).toBe('customers');
    expect(agg.customers.count).toBe(440);
    expect(agg.customers.revenue[0]).toBe(12669 + 9656 + 7561 + 214 + 2674 + 1338);
    expect(agg.products.ids).toEqual(['Fresh', 'Milk', 'Grocery', 'Frozen', 'Detergents_Paper', 'Delicassen']);
    expect(agg.hasDates).toBe(false);
    expect(agg.firstDay).toBe(-1);
  });

  it('explains what can and cannot be analysed', () => {
    expect(agg.profile.warnings[0]).toBe(
      "Each row is one customer's total spend by category (Fresh, Milk, Grocery, Frozen, Detergents_Paper, Delicassen), not individual transactions. " +
        'Customer concentration, spend-based segments and the category mix can be analysed; there are no dates, orders, products or costs, so trends, recency, churn, margins and invoice cross-sell cannot.',
    );
  });
});
