import { describe, expect, it } from 'vitest';
import { mineRules } from '../../../worker/engine/analyses/association-rules';

/**
 * Ten hand-made baskets over products 0 = bread, 1 = butter, 2 = milk, 3 = jam.
 * Counts: bread 6, butter 6, milk 6, jam 2; bread+butter 4, bread+milk 3, butter+milk 2,
 * bread+jam 2, butter+jam 2, milk+jam 0.
 */
const BASKETS = [[0, 1], [0, 1, 3], [0, 1, 3], [0, 1, 2], [0, 2], [0, 2], [1, 2], [2], [2], [1]];

function csr(baskets: number[][]): { offsets: Int32Array; items: Int32Array } {
  const offsets = new Int32Array(baskets.length + 1);
  baskets.forEach((basket, i) => (offsets[i + 1] = offsets[i] + basket.length));
  return { offsets, items: Int32Array.from(baskets.flat()) };
}

describe('mineRules (mlxtend definitions)', () => {
  const mined = mineRules(csr(BASKETS), 4, { minSupport: 0.2, minConfidence: 0.5, maxProducts: 10, maxBasketItems: 10 });
  const find = (a: number, c: number) => mined.rules.find((rule) => rule.antecedent === a && rule.consequent === c);

  it('checks bread → butter by hand: support 0.4, confidence 4/6, lift (4/6)/0.6, leverage 0.4 − 0.6·0.6, conviction 0.4/(1/3)', () => {
    const rule = find(0, 1);
    expect(rule?.support).toBeCloseTo(0.4, 12);
    expect(rule?.confidence).toBeCloseTo(2 / 3, 12);
    expect(rule?.lift).toBeCloseTo(10 / 9, 12);
    expect(rule?.leverage).toBeCloseTo(0.04, 12);
    expect(rule?.conviction).toBeCloseTo(1.2, 12);
  });

  it('checks jam → bread: support 0.2, confidence 1, lift 1/0.6, leverage 0.2 − 0.2·0.6, conviction infinite (null)', () => {
    const rule = find(3, 0);
    expect(rule?.support).toBeCloseTo(0.2, 12);
    expect(rule?.confidence).toBe(1);
    expect(rule?.lift).toBeCloseTo(1 / 0.6, 12);
    expect(rule?.leverage).toBeCloseTo(0.08, 12);
    expect(rule?.conviction).toBeNull();
  });

  it('drops rules with lift ≤ 1 or below the minimums', () => {
    expect(find(0, 2)).toBeUndefined(); // confidence 3/6, lift 0.5/0.6 < 1
    expect(find(0, 3)).toBeUndefined(); // confidence 2/6 < 0.5
    expect(find(1, 2)).toBeUndefined(); // confidence 2/6 < 0.5
    expect(find(2, 3)).toBeUndefined(); // never together
  });

  it('returns exactly the qualifying rules, best lift first', () => {
    expect(mined.rules.map((rule) => [rule.antecedent, rule.consequent])).toEqual([
      [3, 0],
      [3, 1],
      [0, 1],
      [1, 0],
    ]);
    expect(mined.baskets).toBe(10);
  });

  it('pairs only the most frequent products of an oversized basket past the pair budget, and says how many were cut', () => {
    const capped = mineRules(csr(BASKETS), 4, { minSupport: 0.1, minConfidence: 0, maxProducts: 10, maxBasketItems: 2, maxPairs: 0 });
    expect(capped.basketsTruncated).toBe(3);
  });

  // Online Retail's 114 baskets of over 100 products were cut though pairing them whole costs little.
  it('pairs every basket whole within the pair budget', () => {
    const options = { minSupport: 0.1, minConfidence: 0, maxProducts: 10, maxBasketItems: 2 };
    const within = mineRules(csr(BASKETS), 4, { ...options, maxPairs: 1_000 });
    expect(within.basketsTruncated).toBe(0);
    expect(within.rules).toEqual(mineRules(csr(BASKETS), 4, { ...options, maxBasketItems: 10 }).rules);
  });
});
