/**
 * Interns keys (customer ids, product codes, invoice numbers) by their UTF-8 bytes, so a
 * key seen a million times is decoded into a JS string once. An open-addressing hash
 * table maps the bytes to a dense index; the bytes live in one growable pool.
 */
import { copyBytes } from './cells';
import { growI32, growthBytes, growU8, release } from './growable';

const decoder = new TextDecoder();

export class ByteInterner {
  /** Decoded keys by index; empty when the interner was made without `decodeKeys`. */
  readonly keys: string[] = [];
  private count = 0;
  private table = new Int32Array(1024); // index + 1, 0 = empty
  private mask = 1023;
  private pool = new Uint8Array(1 << 16);
  private poolUsed = 0;
  private offsets = new Int32Array(256);
  private lengths = new Int32Array(256);
  private hashes = new Int32Array(256);

  get size(): number {
    return this.count;
  }

  /**
   * With `rememberLast`, the previous key is kept and compared first: an invoice's lines
   * repeat its order and customer ids, and a short compare beats a hash-table probe.
   * Without `decodeKeys` only the bytes are kept: invoice numbers are counted and matched,
   * never shown, and their decoded strings (125k at 1M rows, about 3 MB) were never read.
   */
  constructor(
    private readonly rememberLast = false,
    private readonly decodeKeys = true,
  ) {}

  private readonly last = new Uint8Array(64);
  private lastLength = -1;
  private lastIndex = -1;

  /** The index of the key `buf[start, end)`, adding it if new. */
  intern(buf: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (this.rememberLast) {
      if (length === this.lastLength) {
        const last = this.last;
        let i = 0;
        while (i < length && last[i] === buf[start + i]) i++;
        if (i === length) return this.lastIndex;
      }
      const index = this.lookup(buf, start, end);
      if (length <= 64) {
        copyBytes(this.last, buf, start, end);
        this.lastLength = length;
        this.lastIndex = index;
      }
      return index;
    }
    return this.lookup(buf, start, end);
  }

  private lookup(buf: Uint8Array, start: number, end: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i], 0x01000193);
    const length = end - start;
    let slot = h & this.mask;
    for (;;) {
      const entry = this.table[slot];
      if (entry === 0) break;
      const index = entry - 1;
      if (this.hashes[index] === h && this.lengths[index] === length && this.equals(index, buf, start, length)) return index;
      slot = (slot + 1) & this.mask;
    }
    return this.add(buf, start, length, h, slot);
  }

  /** Whether key `index` is exactly `buf[start, end)`: checks a likely index without hashing. */
  holds(index: number, buf: Uint8Array, start: number, end: number): boolean {
    return this.lengths[index] === end - start && this.equals(index, buf, start, end - start);
  }

  /** The index of a key given as a string, adding it if new. */
  internString(key: string): number {
    const bytes = new TextEncoder().encode(key);
    return this.intern(bytes, 0, bytes.length);
  }

  private equals(index: number, buf: Uint8Array, start: number, length: number): boolean {
    const pool = this.pool;
    const offset = this.offsets[index];
    for (let i = 0; i < length; i++) if (pool[offset + i] !== buf[start + i]) return false;
    return true;
  }

  private add(buf: Uint8Array, start: number, length: number, hash: number, slot: number): number {
    const index = this.count++;
    this.pool = growU8(this.pool, this.poolUsed + length);
    this.pool.set(buf.subarray(start, start + length), this.poolUsed);
    this.offsets = growI32(this.offsets, index + 1);
    this.lengths = growI32(this.lengths, index + 1);
    this.hashes = growI32(this.hashes, index + 1);
    this.offsets[index] = this.poolUsed;
    this.lengths[index] = length;
    this.hashes[index] = hash;
    this.poolUsed += length;
    if (this.decodeKeys) this.keys.push(decoder.decode(buf.subarray(start, start + length)));
    this.table[slot] = index + 1;
    if (this.count * 2 > this.table.length) this.rehash();
    return index;
  }

  /** The raw bytes of key `index` (a view; valid until the next key is added). */
  keyBytes(index: number): Uint8Array {
    return this.pool.subarray(this.offsets[index], this.offsets[index] + this.lengths[index]);
  }

  /**
   * Bytes the interner would add if `more` new keys came: its per-key arrays and byte
   * pool grow when full (the pool judged by the keys' average length so far), and its
   * hash table doubles.
   */
  growthWithin(more: number): number {
    const count = this.count + more;
    let bytes = growthBytes(this.offsets, count) + growthBytes(this.lengths, count) + growthBytes(this.hashes, count);
    if (count * 2 > this.table.length) bytes += this.table.byteLength;
    const averageLength = this.count > 0 ? this.poolUsed / this.count : 16;
    bytes += growthBytes(this.pool, Math.ceil(this.poolUsed + more * averageLength));
    return bytes;
  }

  /** Drops the lookup table and byte pool once no more keys will be added (`keys` stay). */
  releaseLookups(): void {
    for (const array of [this.table, this.pool, this.offsets, this.lengths, this.hashes]) release(array);
    this.table = new Int32Array(0);
    this.pool = new Uint8Array(0);
    this.offsets = new Int32Array(0);
    this.lengths = new Int32Array(0);
    this.hashes = new Int32Array(0);
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let index = 0; index < this.count; index++) {
      let slot = this.hashes[index] & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = index + 1;
    }
    release(this.table);
    this.table = table;
    this.mask = mask;
  }
}
