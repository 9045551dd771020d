import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteInterner } from '../../../worker/engine/aggregate/intern';
import { OrderProducts } from '../../../worker/engine/aggregate/order-products';
import { PairMap } from '../../../worker/engine/aggregate/pair-map';

const small = fc.integer({ min: 0, max: 40 });

describe('PairMap', () => {
  it('gives each distinct pair one dense index, with or without the per-key memory', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(small, small, fc.constantFrom<'a' | 'b' | null>('a', 'b', null)), { maxLength: 3000 }), (ops) => {
        const map = new PairMap(true);
        const reference = new Map<string, number>();
        for (const [a, b, by] of ops) {
          const index = by === null ? map.upsert(a, b) : map.upsertCached(a, b, by);
          const key = `${a},${b}`;
          expect(map.added).toBe(!reference.has(key));
          if (!reference.has(key)) reference.set(key, reference.size);
          expect(index).toBe(reference.get(key));
        }
        expect(map.size).toBe(reference.size);
      }),
    );
  });

  it('finds every pair again after its table has grown many times, and keeps the table under 70% full', () => {
    const map = new PairMap(false);
    const reference = new Map<string, number>();
    // A fixed pseudo-random stream (xorshift32), so that probing wraps around and runs collide.
    let seed = 2463534242;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % 700;
    };
    const wrong: string[] = [];
    for (let i = 0; i < 300_000; i++) {
      const a = next();
      const b = next();
      const key = `${a},${b}`;
      const index = map.upsert(a, b);
      if (!reference.has(key)) reference.set(key, reference.size);
      if (index !== reference.get(key)) wrong.push(key);
    }
    for (const [key, index] of reference) {
      const [a, b] = key.split(',').map(Number);
      if (map.upsert(a, b) !== index || map.added) wrong.push(key);
    }
    expect(wrong).toEqual([]);
    const slots = (map as unknown as { slots: Int32Array }).slots.length;
    expect(reference.size).toBeGreaterThan(200_000);
    expect(map.size).toBe(reference.size);
    expect(map.size / slots).toBeLessThanOrEqual(0.7);
    expect(map.size / slots).toBeGreaterThan(0.7 / 1.5 - 0.01);
  });
});

describe('ByteInterner', () => {
  it('interns keys by their bytes, remembering the last key or not', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 70 }), { maxLength: 500 }), fc.boolean(), (keys, rememberLast) => {
        const interner = new ByteInterner(rememberLast);
        const reference = new Map<string, number>();
        for (const key of keys) {
          if (!reference.has(key)) reference.set(key, reference.size);
          expect(interner.internString(key)).toBe(reference.get(key));
        }
        expect(interner.keys).toEqual([...reference.keys()]);
      }),
    );
  });

  it('can keep only the bytes (invoice numbers are counted, never shown)', () => {
    const interner = new ByteInterner(true, false);
    expect(['INV-1', 'INV-2', 'INV-1', 'ÄÖ-3'].map((key) => interner.internString(key))).toEqual([0, 1, 0, 2]);
    expect(interner.size).toBe(3);
    expect(interner.keys).toEqual([]);
    expect(new TextDecoder().decode(interner.keyBytes(2))).toBe('ÄÖ-3');
  });
});

describe('OrderProducts', () => {
  it('reports each distinct (order, product) pair once, grouped by order or not', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), small), { maxLength: 400 }), fc.boolean(), (pairs, sortByOrder) => {
        const input = sortByOrder ? [...pairs].sort((x, y) => x[0] - y[0]) : pairs;
        const set = new OrderProducts();
        const seen = new Set<string>();
        for (const [order, product] of input) {
          const key = `${order},${product}`;
          expect(set.add(order, product)).toBe(!seen.has(key));
          seen.add(key);
        }
        expect(set.size).toBe(seen.size);
        const distinct = [...seen].map((key) => key.split(',').map(Number));
        const { a, b } = set.pairs();
        expect(Array.from(a)).toEqual(distinct.map(([order]) => order));
        expect(Array.from(b)).toEqual(distinct.map(([, product]) => product));
        // One basket per order that has a pair, holding its products in first-seen order.
        const expected = new Map<number, number[]>();
        for (const [order, product] of distinct) expected.set(order, [...(expected.get(order) ?? []), product]);
        const { offsets, items } = set.baskets(9);
        const baskets = Array.from({ length: offsets.length - 1 }, (_, k) => Array.from(items.subarray(offsets[k], offsets[k + 1])));
        expect(baskets.sort(byFirst)).toEqual([...expected.values()].sort(byFirst));
        set.releaseLookups();
        expect(Array.from(set.pairs().b)).toEqual(distinct.map(([, product]) => product));
      }),
    );
  });
});

/** Orders baskets for comparison (each basket's products are distinct, so equal baskets are equal arrays). */
function byFirst(x: number[], y: number[]): number {
  return String(x).localeCompare(String(y));
}
