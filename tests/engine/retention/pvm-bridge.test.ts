/**
 * The price/volume/mix bridge on hand-computed files (every expected figure worked out in
 * the comments), the default periods, and the cent-exact rounding.
 */
import { describe, expect, it } from 'vitest';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { chosenBridgePeriods, defaultBridgePeriods } from '../../../worker/engine/analyses/bridge-periods';
import { bridgeOf, centsAddingUp } from '../../../worker/engine/analyses/pvm-bridge';
import type { Bridge } from '../../../worker/engine/contract';
import { memorySnapshot } from '../../../worker/engine/snapshot/memory';
import { ingestBytes } from '../ingest/helpers';

const Q1_2024 = { from: '2024-01-01', to: '2024-03-31', label: 'Q1 2024' };
const Q1_2025 = { from: '2025-01-01', to: '2025-03-31', label: 'Q1 2025' };

async function bridgeOfCsv(csv: string, fileName = 'bridge.csv'): Promise<Extract<Bridge, { available: true }>> {
  const memory = memorySnapshot();
  await ingestBytes(csv, { fileName, snapshot: memory.consumer });
  const bridge = await bridgeOf(memory.snapshot(), chosenBridgePeriods(Q1_2025, Q1_2024));
  if (!bridge.available) throw new Error(bridge.note);
  return bridge;
}

function stepValues(bridge: Extract<Bridge, { available: true }>): Record<string, number> {
  return Object.fromEntries(bridge.steps.map((s) => [s.key, s.value]));
}

/** Base Q1 2024: 215. Compared Q1 2025: 232. Change 17. */
const LINES = [
  // Base: A P1 10 × 5, A P2 5 × 20, A P5 1 × 10; B P1 4 × 5, B P3 2 × 10; L (lost) P1 3 × 5.
  ['1', '2024-01-10', 'A', 'P1', 10, 5],
  ['1', '2024-01-10', 'A', 'P2', 5, 20],
  ['2', '2024-02-10', 'A', 'P5', 1, 10],
  ['3', '2024-02-11', 'B', 'P1', 4, 5],
  ['3', '2024-02-11', 'B', 'P3', 2, 10],
  ['4', '2024-03-01', 'L', 'P1', 3, 5],
  // Outside both periods: ignored.
  ['5', '2024-06-01', 'A', 'P1', 100, 5],
  // Compared: A P1 12 × 6, A P2 3 × 20, A P5 returned (−1 × 10); B P1 8 × 5, B P4 1 × 30 (new); N (new) P2 2 × 20.
  ['6', '2025-01-10', 'A', 'P1', 12, 6],
  ['6', '2025-01-10', 'A', 'P2', 3, 20],
  ['C7', '2025-01-20', 'A', 'P5', -1, 10],
  ['8', '2025-02-10', 'B', 'P1', 8, 5],
  ['8', '2025-02-10', 'B', 'P4', 1, 30],
  ['9', '2025-03-30', 'N', 'P2', 2, 20],
] as const;

describe('the price/volume/mix bridge, by hand', async () => {
  const header = 'Invoice,Date,Customer,Product,Quantity,Price';
  const bridge = await bridgeOfCsv([header, ...LINES.map((l) => l.join(','))].join('\n') + '\n');

  it('orders the periods, earlier as the base, and totals both', () => {
    expect(bridge.level).toBe('price-volume-mix');
    expect([bridge.base.label, bridge.base.revenue, bridge.base.customers]).toEqual(['Q1 2024', 215, 3]);
    expect([bridge.compared.label, bridge.compared.revenue, bridge.compared.customers]).toEqual(['Q1 2025', 232, 3]);
    expect(bridge.change).toBe(17);
  });

  it('splits the change into new and lost customers, products and price, volume, mix', () => {
    // Comparable pairs (A P1, A P2, B P1): R0 170, Q0 19, R1 172, Q1 23, Σq1·p0 = 60 + 60 + 40 = 160.
    // Volume (23 − 19) × 170/19 = 35.789…; mix 160 − 23 × 170/19 = −45.789…; price 172 − 160 = 12.
    // Rounded to cents with Hamilton's method: volume 35.79, mix −45.79 (they sum to −10.00).
    expect(stepValues(bridge)).toEqual({
      newCustomers: 40,
      price: 12,
      volume: 35.79,
      mix: -45.79,
      newProducts: 30,
      lostProducts: -20,
      other: -20, // A P5: 10 before, only a return (−10) now: no price to compare
      lostCustomers: -15,
    });
    expect(bridge.comparablePairs).toBe(3);
  });

  it('adds up to the change to the cent', () => {
    const sum = bridge.steps.reduce((s, step) => s + Math.round(step.value * 100), 0);
    expect(sum).toBe(Math.round(bridge.change * 100));
    expect(Math.round((bridge.base.revenue + bridge.change) * 100)).toBe(Math.round(bridge.compared.revenue * 100));
  });

  it('names the new and lost customers', () => {
    expect(bridge.topNew).toEqual([{ id: 'N', name: 'N', revenue: 40 }]);
    expect(bridge.topLost).toEqual([{ id: 'L', name: 'L', revenue: 15 }]);
  });
});

describe('the customer-level bridge, when there is no quantity', async () => {
  // Same lines as amounts. A: 160 → 122 (down 38); B: 40 → 70 (up 30); N new 40; L lost 15.
  const header = 'Invoice,Date,Customer,Amount';
  const bridge = await bridgeOfCsv(
    [header, ...LINES.map(([invoice, date, customer, , quantity, price]) => [invoice, date, customer, quantity * price].join(','))].join(
      '\n',
    ) + '\n',
  );

  it('says so and shows new, lost, up and down only', () => {
    expect(bridge.level).toBe('customer');
    expect(bridge.notes[0]).toContain('no quantity or unit price');
    expect(stepValues(bridge)).toEqual({ newCustomers: 40, customersUp: 30, customersDown: -38, lostCustomers: -15 });
    expect(bridge.change).toBe(17);
  });
});

describe('customers who bought before, not in the earlier period', async () => {
  // Base Q1 2024: A 50. Compared Q1 2025: A 60; N 40 (never bought before); R 25 (bought in
  // December 2023, before the base); G 12 (bought in June 2024, between the two periods); K 9
  // (only a credit note before: no purchase, so new, as "new customers" counts them).
  const lines = [
    ['C0', '2023-11-01', 'K', -5],
    ['1', '2023-12-01', 'R', 10],
    ['2', '2024-01-15', 'A', 50],
    ['3', '2024-06-01', 'G', 7],
    ['4', '2025-01-15', 'A', 60],
    ['5', '2025-02-01', 'N', 40],
    ['6', '2025-02-01', 'R', 25],
    ['7', '2025-03-01', 'G', 12],
    ['8', '2025-03-02', 'K', 9],
  ];
  const bridge = await bridgeOfCsv(['Invoice,Date,Customer,Amount', ...lines.map((l) => l.join(','))].join('\n') + '\n');

  it('are not new: only a customer with no purchase before the later period is', () => {
    expect(stepValues(bridge)).toEqual({ newCustomers: 49, priorCustomers: 37, customersUp: 10 });
    expect(bridge.steps.find((s) => s.key === 'priorCustomers')?.label).toBe('Customers who bought before, not in the earlier period');
    expect(bridge.topNew).toEqual([
      { id: 'N', name: 'N', revenue: 40 },
      { id: 'K', name: 'K', revenue: 9 },
    ]);
    expect(bridge.topReturning).toEqual([
      { id: 'R', name: 'R', revenue: 25 },
      { id: 'G', name: 'G', revenue: 12 },
    ]);
  });
});

describe('default periods', () => {
  it('compares the last 12 complete months with the 12 before when the file covers both', () => {
    const periods = defaultBridgePeriods(epochDay('2023-01-02'), epochDay('2025-01-04'));
    if (typeof periods === 'string') throw new Error(periods);
    expect([periods.base.from, periods.base.to, periods.compared.from, periods.compared.to]).toEqual([
      '2023-01-01',
      '2023-12-31',
      '2024-01-01',
      '2024-12-31',
    ]);
  });

  it('falls back to the last complete quarter against the same quarter a year earlier', () => {
    const periods = defaultBridgePeriods(epochDay('2024-01-02'), epochDay('2025-04-02'));
    if (typeof periods === 'string') throw new Error(periods);
    expect([periods.base.label, periods.compared.label]).toEqual(['2024-Q1', '2025-Q1']);
    expect(periods.compared.to).toBe('2025-03-31');
  });

  it('explains when not even one quarter can be compared with the year before', () => {
    expect(defaultBridgePeriods(epochDay('2024-03-15'), epochDay('2025-04-02'))).toBe(
      "A bridge needs the same quarter in two years; the file's complete months run from 2024-04-01 to 2025-03-31.",
    );
  });

  // Iowa's one day read "the file's complete months run from 2012-02-01 to 2012-01-31".
  it('says so when the file has not one complete month', () => {
    expect(defaultBridgePeriods(epochDay('2012-01-31'), epochDay('2012-01-31'))).toBe(
      'A bridge needs the same quarter in two years; the file covers only 2012-01-31, not one complete month.',
    );
    expect(defaultBridgePeriods(epochDay('2012-01-05'), epochDay('2012-01-20'))).toBe(
      'A bridge needs the same quarter in two years; the file covers 2012-01-05 to 2012-01-20, not one complete month.',
    );
  });
});

describe('cent rounding', () => {
  it('keeps every step within a cent and the sum exact', () => {
    const steps = [1 / 3, 1 / 3, 1 / 3, -2 / 3].map((value, i) => ({ key: 'other' as const, label: String(i), value }));
    const rounded = centsAddingUp(steps, 0.33);
    expect(rounded.reduce((s, step) => s + Math.round(step.value * 100), 0)).toBe(33);
    rounded.forEach((step, i) => expect(Math.abs(step.value - steps[i].value)).toBeLessThan(0.01));
  });
});

describe("the bridge's note on continuing customers' unmatched revenue", () => {
  const header = 'Invoice,Date,Customer,Product,Quantity,Price';
  const noteOf = async (lines: string[]) => (await bridgeOfCsv([header, ...lines].join('\n') + '\n')).notes;

  it('says "None" when no earlier revenue is in a pair bought in both periods (not "Only 0%")', async () => {
    // A continues but buys P2 instead of P1: 0 of A's 50 is in a pair of both periods.
    expect(await noteOf(['1,2024-01-10,A,P1,10,5', '2,2025-01-10,A,P2,10,5'])).toEqual([
      "None of continuing customers' earlier revenue is in customer × product pairs bought in both periods, so most of their change shows as products newly bought or no longer bought rather than as price, volume and mix.",
    ]);
  });

  it('says "Less than 1%" for a share that rounds to 0%', async () => {
    // A's earlier 1,000.10: 0.10 in P1 (bought again), 1,000 in P2 (not): 0.01%.
    expect(await noteOf(['1,2024-01-10,A,P1,1,0.10', '1,2024-01-10,A,P2,1,1000', '2,2025-01-10,A,P1,1,0.10'])).toEqual([
      expect.stringMatching(/^Less than 1% of continuing customers' earlier revenue/),
    ]);
  });

  it('gives the rounded share otherwise: 30 of 100 is "Only 30%"', async () => {
    expect(await noteOf(['1,2024-01-10,A,P1,1,30', '1,2024-01-10,A,P2,1,70', '2,2025-01-10,A,P1,1,30'])).toEqual([
      expect.stringMatching(/^Only 30% of continuing customers' earlier revenue/),
    ]);
  });
});
