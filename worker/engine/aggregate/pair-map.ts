/**
 * A hash map from an integer pair (a, b) to a dense index, for the sparse relations the
 * analyses need (customer×month, customer×product, order×product, customer×day, …).
 * Keys live in two Int32Arrays; optional per-pair values are parallel typed arrays.
 * Memory grows with distinct pairs, never with rows.
 */
import { growF64, growI32, growU8 } from './growable';

export class PairMap {
  size = 0;
  a = new Int32Array(1024);
  b = new Int32Array(1024);
  /** Per-pair sums, kept only when the map was created `withValues`. */
  revenue: Float64Array<ArrayBuffer>;
  orders: Int32Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
  private table = new Int32Array(2048);
  private mask = 2047;

  constructor(private readonly withValues: boolean) {
    const n = withValues ? 1024 : 0;
    this.revenue = new Float64Array(n);
    this.orders = new Int32Array(n);
    this.flags = new Uint8Array(n);
  }

  /** Index of (a, b), or -1. */
  find(a: number, b: number): number {
    let slot = hashPair(a, b) & this.mask;
    for (;;) {
      const entry = this.table[slot];
      if (entry === 0) return -1;
      const index = entry - 1;
      if (this.a[index] === a && this.b[index] === b) return index;
      slot = (slot + 1) & this.mask;
    }
  }

  /**
   * Index of (a, b), adding it if new. `added` tells whether it was new (read it right
   * after the call).
   */
  upsert(a: number, b: number): number {
    let slot = hashPair(a, b) & this.mask;
    for (;;) {
      const entry = this.table[slot];
      if (entry === 0) break;
      const index = entry - 1;
      if (this.a[index] === a && this.b[index] === b) {
        this.added = false;
        return index;
      }
      slot = (slot + 1) & this.mask;
    }
    const index = this.size++;
    this.a = growI32(this.a, this.size);
    this.b = growI32(this.b, this.size);
    if (this.withValues) {
      this.revenue = growF64(this.revenue, this.size);
      this.orders = growI32(this.orders, this.size);
      this.flags = growU8(this.flags, this.size);
    }
    this.a[index] = a;
    this.b[index] = b;
    this.table[slot] = index + 1;
    if (this.size * 2 > this.table.length) this.rehash();
    this.added = true;
    return index;
  }

  added = false;

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let index = 0; index < this.size; index++) {
      let slot = hashPair(this.a[index], this.b[index]) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = index + 1;
    }
    this.table = table;
    this.mask = mask;
  }
}

function hashPair(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}
