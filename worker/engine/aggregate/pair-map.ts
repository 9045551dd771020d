/**
 * A hash map from an integer pair (a, b) to a dense index, for the sparse relations the
 * analyses need (customer×month, customer×product, order×product, customer×day, …).
 * Keys live in two Int32Arrays; optional per-pair values are parallel typed arrays.
 * Memory grows with distinct pairs, never with rows.
 */
import { growF64, growI32, growthBytes, growU8, release } from './growable';

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
   * Open addressing, one int per slot (index + 1, 0 meaning empty); the keys are read
   * from `a` and `b`. Keys inline (three ints per slot) probed faster, but on the
   * 885K-pair customer×product map of the 1M-row bench that table alone was 24 MB of a
   * Worker's 128 MB. With a power-of-two table filled at most half, it was 8 MB; the
   * table now grows by half when it is 70% full (a hash is mapped onto any length by
   * multiplying, not masking), so at that size it is 5.4 MB, and a rehash holds 9 MB
   * instead of 12 MB for a moment.
   */
  private slots = new Int32Array(INITIAL_SLOTS);
  /** Pairs the table takes before it grows (70% of its slots). */
  private limit = growLimitOf(INITIAL_SLOTS);

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
    const keysA = this.a;
    const keysB = this.b;
    const capacity = slots.length;
    let slot = slotOf(hashPair(a, b), capacity);
    for (;;) {
      const entry = slots[slot];
      if (entry === 0) break;
      if (keysA[entry - 1] === a && keysB[entry - 1] === b) {
        this.added = false;
        return entry - 1;
      }
      if (++slot === capacity) slot = 0;
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
    slots[slot] = index + 1;
    if (this.size > this.limit) this.rehash();
    this.added = true;
    return index;
  }

  /** Bytes the map would add if `more` new pairs came: its arrays and hash table grow when full. */
  growthWithin(more: number): number {
    const size = this.size + more;
    let bytes = growthBytes(this.a, size) + growthBytes(this.b, size);
    if (this.withValues) bytes += growthBytes(this.revenue, size) + growthBytes(this.orders, size) + growthBytes(this.flags, size);
    if (size > this.limit) bytes += grownSlotsOf(this.slots.length) * 4;
    return bytes;
  }

  /**
   * Drops the hash table once no more pairs will be added (the pairs and their values
   * stay readable), so the finishing step's copies do not sit on top of it.
   */
  releaseLookups(): void {
    release(this.slots);
    this.slots = new Int32Array(0);
    this.limit = -1;
  }

  private rehash(): void {
    const capacity = grownSlotsOf(this.slots.length);
    const slots = new Int32Array(capacity);
    for (let index = 0; index < this.size; index++) {
      let slot = slotOf(hashPair(this.a[index], this.b[index]), capacity);
      while (slots[slot] !== 0) if (++slot === capacity) slot = 0;
      slots[slot] = index + 1;
    }
    release(this.slots);
    this.slots = slots;
    this.limit = growLimitOf(capacity);
  }
}

const INITIAL_SLOTS = 2048;

/** Pairs a table of `slots` takes before it grows: linear probing stays short below 70%. */
function growLimitOf(slots: number): number {
  return Math.floor(slots * 0.7);
}

/** The next table's length: half as large again, so that it is about 47% full after a rehash. */
function grownSlotsOf(slots: number): number {
  return Math.ceil(slots * 1.5);
}

/**
 * The slot a 32-bit hash starts from in a table of any length: the hash's fraction of
 * 2^32 times the length. The product rounds below the length × 2^32 for any length a
 * typed array can have, so the slot is always below the length.
 */
function slotOf(hash: number, capacity: number): number {
  return Math.floor(((hash >>> 0) * capacity) / 4294967296);
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
