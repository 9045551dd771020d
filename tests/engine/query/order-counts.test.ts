/**
 * Customers by how many orders they placed, on hand-checked rows: `repeatCustomers` bought
 * in two or more distinct orders within the result row and its period, `oneTimeCustomers`
 * in exactly one. Returns are no orders; several lines of one order are one order; without
 * order ids an order is a customer's purchase day, as for the `orders` measure.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

// Acme: orders 1 and 3 (2 orders). Bolt: order 2 on two lines (1 order). Cora: order 4 and
// the credit note C5 (1 order). Dune: orders 6 (UK) and 7 (DE), 2 orders, one per country.
const SALES = `Invoice,Date,Customer,Country,Amount
1,2024-01-05,Acme,UK,100
2,2024-01-06,Bolt,UK,50
2,2024-01-06,Bolt,UK,25
3,2024-02-07,Acme,UK,30
4,2024-02-08,Cora,DE,40
C5,2024-02-09,Cora,DE,-10
6,2024-03-01,Dune,UK,20
7,2024-03-02,Dune,DE,20
`;

describe('customers by how many orders they placed', () => {
  it('counts Acme and Dune with 2+ orders, Bolt and Cora with one', async () => {
    const result = await queryCsv(SALES, { measures: ['repeatCustomers', 'oneTimeCustomers', 'customers'] });
    expect(result.columns.map((c) => c.label)).toEqual(['customers with 2+ orders', 'customers with one order', 'customers']);
    expect(result.rows).toEqual([[2, 2, 4]]);
  });

  it('counts orders within each result row: Dune has one order in each country', async () => {
    const result = await queryCsv(SALES, { measures: ['repeatCustomers', 'oneTimeCustomers'], groupBy: ['region'] });
    expect(result.rows).toEqual([
      ['UK', 1, 2],
      ['DE', 0, 2],
    ]);
  });

  it('counts orders within the period: in February Acme, Cora have one each', async () => {
    const result = await queryCsv(SALES, {
      measures: ['repeatCustomers', 'oneTimeCustomers'],
      period: { from: '2024-02-01', to: '2024-02-29' },
    });
    expect(result.rows).toEqual([[0, 2]]);
  });

  it('gives the repeat rate of the customers with an order: 2 of 4 overall, 1 of 3 in the UK, none in a month without orders', async () => {
    const all = await queryCsv(SALES, { measures: ['repeatRate'] });
    expect(all.columns).toEqual([{ label: 'repeat rate', kind: 'percent' }]);
    expect(all.rows).toEqual([[50]]);
    const byCountry = await queryCsv(SALES, { measures: ['repeatRate'], groupBy: ['region'] });
    expect(byCountry.rows[0][0]).toBe('UK');
    expect(byCountry.rows[0][1]).toBeCloseTo(100 / 3, 10);
    expect(byCountry.rows[1]).toEqual(['DE', 0]);
    // Cora's credit note alone: no one bought that day, so no rate (not 0%), and no customer.
    const creditOnly = await queryCsv(SALES, { measures: ['repeatRate', 'customers'], period: { from: '2024-02-09', to: '2024-02-09' } });
    expect(creditOnly.rows).toEqual([[null, 0]]);
  });

  it('counts the customers who bought, and says how many had only returns', async () => {
    // February: Acme and Cora bought; Cora's credit note adds no customer. 9 February: Cora's credit note alone.
    const february = await queryCsv(SALES, { measures: ['customers'], period: { from: '2024-02-01', to: '2024-02-29' } });
    expect(february.rows).toEqual([[2]]);
    expect(february.note).toBeNull();
    const creditOnly = await queryCsv(SALES, {
      measures: ['customers', 'revenuePerCustomer'],
      period: { from: '2024-02-09', to: '2024-02-09' },
    });
    expect(creditOnly.rows).toEqual([[0, null]]);
    expect(creditOnly.note).toBe(
      'Customers are those who bought: 1 more customer has only returns in these rows and is not counted; their returns stay in the revenue.',
    );
    // By country: DE's customers are Cora and Dune, both buyers; its revenue 40 − 10 + 20 over them is 25.
    const byCountry = await queryCsv(SALES, { measures: ['customers', 'revenuePerCustomer'], groupBy: ['region'] });
    expect(byCountry.rows).toEqual([
      ['UK', 3, 75],
      ['DE', 2, 25],
    ]);
  });

  it('counts the distinct products bought, returns left out: P1 and P2 over all; Cora bought one', async () => {
    const withProducts = SALES.replace('Invoice,Date,Customer,Country,Amount', 'Invoice,Date,Customer,Country,Amount,Product')
      .split('\n')
      .map((line, i) => (i === 0 || !line ? line : `${line},${line.startsWith('C5') ? 'P3' : i % 2 === 0 ? 'P2' : 'P1'}`))
      .join('\n');
    // Lines 1–8 get P1, P2, P1, P2, P1, P3 (Cora's credit note), P1, P2.
    const all = await queryCsv(withProducts, { measures: ['products'] });
    expect(all.rows).toEqual([[2]]);
    const cora = await queryCsv(withProducts, { measures: ['products'], filters: [{ dimension: 'customer', values: ['Cora'] }] });
    expect(cora.rows).toEqual([[1]]);
  });

  it('without order ids, counts purchase days: Bolt’s two lines of 2024-01-06 are one', async () => {
    const noIds = SALES.split('\n')
      .map((line) => line.slice(line.indexOf(',') + 1))
      .join('\n');
    const result = await queryCsv(noIds, { measures: ['repeatCustomers', 'oneTimeCustomers'] });
    // Cora's credit note, without its id, is a negative line: still no purchase.
    expect(result.rows).toEqual([[2, 2]]);
  });

  it('without order ids, refuses who comes back over one day of rows (each customer has one purchase day there)', async () => {
    const noIds = SALES.split('\n')
      .map((line) => line.slice(line.indexOf(',') + 1))
      .join('\n');
    const reason = 'The rows counted cover one day, 2024-01-06, and the file has no order ids';
    for (const measure of ['repeatRate', 'repeatCustomers', 'oneTimeCustomers'] as const)
      await expect(queryCsv(noIds, { measures: [measure], period: { from: '2024-01-06', to: '2024-01-06' } })).rejects.toThrow(reason);
    // A file of one day, with no period asked.
    const oneDay = 'Date,Customer,Amount\n2024-01-06,Acme,10\n2024-01-06,Bolt,20\n';
    await expect(queryCsv(oneDay, { measures: ['repeatRate'] })).rejects.toThrow(reason);
    // With order ids, two invoices on one day are two orders.
    const twoInvoices = 'Invoice,Date,Customer,Amount\n1,2024-01-06,Acme,10\n2,2024-01-06,Acme,20\n';
    expect((await queryCsv(twoInvoices, { measures: ['repeatRate'] })).rows).toEqual([[100]]);
  });

  it('without order ids or dates, refuses every measure that counts orders (each customer was one order)', async () => {
    const neither = 'Customer,Country,Amount\nAcme,UK,100\nAcme,UK,30\nBolt,DE,50\n';
    for (const measure of ['orders', 'averageOrderValue', 'repeatCustomers', 'oneTimeCustomers'] as const) {
      await expect(queryCsv(neither, { measures: [measure] })).rejects.toThrow(
        "This file has no order id or date column, so its orders can't be counted.",
      );
    }
    expect((await queryCsv(neither, { measures: ['revenue', 'customers'] })).rows).toEqual([[180, 2]]);
  });
});
