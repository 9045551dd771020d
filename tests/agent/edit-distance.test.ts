/**
 * The slips a typed name may hold and still be read as that name: a letter dropped, added or
 * changed, or two neighbours swapped, each one slip (hand-counted).
 */
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../worker/agent/tools/rep-match';

describe('edit distance between a typed word and a name', () => {
  it.each([
    ['france', 'france', 0],
    ['frnace', 'france', 1], // r and a swapped
    ['itly', 'italy', 1], // a dropped
    ['germanyy', 'germany', 1], // y added
    ['chat', 'chad', 1], // t for d
    ['ab', 'ba', 1],
    ['abcd', 'badc', 2], // two swaps
    ['ca', 'abc', 3], // a swap is not also an insertion between the swapped letters
    ['kitten', 'sitting', 3],
  ])('%s to %s is %i', (a, b, slips) => {
    expect(editDistance(a, b, 5)).toBe(slips);
    expect(editDistance(b, a, 5)).toBe(slips);
  });

  it('stops past the most it is asked for, and says so with one more', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('frnace', 'france', 0)).toBe(1);
    expect(editDistance('a', 'abcd', 2)).toBe(3);
  });
});
