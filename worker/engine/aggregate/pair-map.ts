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
  /** Whether the last `upsert` added a new pair (read it right after the call). */
  added = false;
  /**
   * Open addressing with the keys stored inline, three ints per slot: (a, b, index + 1),
   * 0 meaning empty. One probe touches one cache line instead of three arrays; on the
   * million-pair order×product map this halves ingestion time.
   */
  private slots = new Int32Array(2048 * 3);
  private mask = 2047;

  constructor(private readonly withValues: boolean) {
    const n = withValues ? 1024 : 0;
    this.revenue = new Float64Array(n);
    this.orders = new Int32Array(n);
    this.flags = new Uint8Array(n);
  }

  /** One-entry memories, one per side, so a key on side `a` never answers for side `b`. */
  private readonly cacheA = new PairCache();
  private readonly cacheB = new PairCache();

  /**
   * `upsert` with a one-entry memory per key on one side (`by`): a product sold again in
   * the same month, or a supplier seen again on the same invoice, skips the table.
   */
  upsertCached(a: number, b: number, by: 'a' | 'b'): number {
    const key = by === 'a' ? a : b;
    const other = by === 'a' ? b : a;
    const cache = by === 'a' ? this.cacheA : this.cacheB;
    const hit = cache.lookup(key, other);
    if (hit >= 0) {
      this.added = false;
      return hit;
    }
    const index = this.upsert(a, b);
    cache.remember(key, other, index);
    return index;
  }

  /** Index of (a, b), adding it if new (then `added` is true). */
  upsert(a: number, b: number): number {
    const slots = this.slots;
    let slot = hashPair(a, b) & this.mask;
    for (;;) {
      const at = slot * 3;
      const entry = slots[at + 2];
      if (entry === 0) break;
      if (slots[at] === a && slots[at + 1] === b) {
        this.added = false;
        return entry - 1;
      }
      slot = (slot + 1) & this.mask;
    }
    const index = this.size++;
    if (index >= this.a.length) {
      this.a = growI32(this.a, this.size);
      this.b = growI32(this.b, this.size);
    }
    if (this.withValues && index >= this.revenue.length) {
      this.revenue = growF64(this.revenue, this.size);
      this.orders = growI32(this.orders, this.size);
      this.flags = growU8(this.flags, this.size);
    }
    this.a[index] = a;
    this.b[index] = b;
    const at = slot * 3;
    slots[at] = a;
    slots[at + 1] = b;
    slots[at + 2] = index + 1;
    if (this.size * 2 > this.mask + 1) this.rehash();
    this.added = true;
    return index;
  }

  private rehash(): void {
    const capacity = (this.mask + 1) * 2;
    const slots = new Int32Array(capacity * 3);
    const mask = capacity - 1;
    for (let index = 0; index < this.size; index++) {
      const a = this.a[index];
      const b = this.b[index];
      let slot = hashPair(a, b) & mask;
      while (slots[slot * 3 + 2] !== 0) slot = (slot + 1) & mask;
      slots[slot * 3] = a;
      slots[slot * 3 + 1] = b;
      slots[slot * 3 + 2] = index + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

/** A 32-bit mix of the pair (murmur3-style finaliser), so that linear probing stays short. */
function hashPair(a: number, b: number): number {
  let h = Math.imul(a, 0xcc9e2d51) ^ Math.imul(b ^ 0x5bd1e995, 0x1b873593);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Remembers, per key, the last partner seen and the pair's index. */
class PairCache {
  private seen = new Int32Array(0);
  private other = new Int32Array(0);
  private index = new Int32Array(0);

  /** The remembered index of (key, other), or -1. */
  lookup(key: number, other: number): number {
    return key < this.seen.length && this.seen[key] === 1 && this.other[key] === other ? this.index[key] : -1;
  }

  remember(key: number, other: number, index: number): void {
    if (key >= this.seen.length) {
      this.seen = growI32(this.seen, key + 1);
      this.other = growI32(this.other, key + 1);
      this.index = growI32(this.index, key + 1);
    }
    this.seen[key] = 1;
    this.other[key] = other;
    this.index[key] = index;
  }
}
