/**
 * Postage is no product to keep in stock: on Online Retail the write-up's leading product
 * was DOTCOM POSTAGE (£206,245.48) and its action "Protect availability of DOTCOM
 * POSTAGE". Hand-checked rows: POSTAGE 500, Widget 300, Gadget 200; no costs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../worker/engine/contract';
import { analyse } from '../../worker/engine/analyze';
import { findingsOf } from '../../worker/engine/render/findings';
import { ingestCsv } from '../engine/query/snapshot-of';
import { narrateOffline } from './helpers';

const SALES = `Invoice,Date,Customer,Product,Amount
1,2024-01-05,Acme,POSTAGE,250
1,2024-01-05,Acme,Widget,300
2,2024-02-06,Bolt,POSTAGE,250
2,2024-02-06,Bolt,Gadget,200
`;
let result: AnalysisResult;

beforeAll(async () => {
  result = analyse((await ingestCsv(SALES)).aggregates);
});

describe('a charge line in the product ranking', () => {
  it('keeps its revenue and its place in the ranking', () => {
    expect(result.products?.items.map((p) => [p.name, p.revenue])).toEqual([
      ['POSTAGE', 500],
      ['Widget', 300],
      ['Gadget', 200],
    ]);
  });

  it('is not the leading product of the write-up, and is marked in its list', async () => {
    const { report } = await narrateOffline(result);
    expect(report).toContain('- **Products**: Widget leads with 300.00.');
    expect(report).toContain('Protect availability of Widget.');
    expect(report).not.toContain('Protect availability of POSTAGE');
    expect(report).toContain('- POSTAGE (a charge line, not merchandise): 500.00, 2 customers, class A');
  });

  it('is not the top product of the findings', () => {
    const products = findingsOf(result).find((f) => f.report === 'products.md');
    expect(products?.headline).toBe('Top product Widget (300.00); margins need cost data the file does not have.');
  });
});
