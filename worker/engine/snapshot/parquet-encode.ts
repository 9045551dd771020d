/**
 * The Parquet value encodings the snapshot writer uses, straight from typed arrays:
 * the RLE / bit-packed hybrid (definition levels and dictionary indexes), PLAIN numbers
 * and booleans, and a dictionary of numbers built with an open-addressing hash.
 * Spec: https://parquet.apache.org/docs/file-format/data-pages/encodings/
 *
 * Hand-written because the generic writer (hyparquet-writer) re-materialised every value
 * as a JS value, computed statistics and snappy-compressed each page: measured at 1M rows
 * it added 8.4 s of CPU to a 3.0 s ingest (this file's encoders: see the README).
 */

/** A growable byte buffer: appends without a copy per value. */
export class Bytes {
  buf: Uint8Array;
  length = 0;
  constructor(capacity = 1024) {
    this.buf = new Uint8Array(capacity);
  }
  ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + extra));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  byte(value: number): void {
    this.ensure(1);
    this.buf[this.length++] = value;
  }
  uint32(value: number): void {
    this.ensure(4);
    const b = this.buf;
    b[this.length++] = value & 0xff;
    b[this.length++] = (value >>> 8) & 0xff;
    b[this.length++] = (value >>> 16) & 0xff;
    b[this.length++] = (value >>> 24) & 0xff;
  }
  varint(value: number): void {
    this.ensure(5);
    while (value > 0x7f) {
      this.buf[this.length++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.buf[this.length++] = value;
  }
  append(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }
  /** The bytes written so far (a view; copy it before reusing the buffer). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/** Bits needed for values 0 … max (at least 1, which every reader accepts). */
export function bitWidthOf(max: number): number {
  return Math.max(1, 32 - Math.clz32(max));
}

/**
 * Appends `values[0 … n)` in the RLE / bit-packed hybrid: runs of 8+ equal values as one
 * RLE run (a sorted date column or an all-present definition level costs a few bytes),
 * the rest bit-packed in groups of 8.
 */
export function writeHybrid(out: Bytes, values: ArrayLike<number>, n: number, bitWidth: number): void {
  // Fewer than 8 pending bits plus a value must fit the 32-bit accumulator.
  if (bitWidth > 24) throw new Error(`Bit width ${bitWidth} is wider than the snapshot writer supports (24).`);
  const valueBytes = (bitWidth + 7) >> 3;
  let i = 0;
  let packedStart = -1;
  let packedGroups = 0;
  while (i < n) {
    const first = values[i];
    let run = 1;
    while (i + run < n && values[i + run] === first) run++;
    if (run >= 8) {
      if (packedGroups) writePacked(out, values, n, packedStart, packedGroups, bitWidth);
      packedGroups = 0;
      out.varint(run << 1);
      out.ensure(valueBytes);
      for (let b = 0; b < valueBytes; b++) out.buf[out.length++] = (first >>> (8 * b)) & 0xff;
      i += run;
    } else {
      if (packedGroups === 0) packedStart = i;
      packedGroups++;
      i += 8;
    }
  }
  if (packedGroups) writePacked(out, values, n, packedStart, packedGroups, bitWidth);
}

/** Bit-packed groups; widths up to 24 bits (a row group's dictionary needs at most 17). */
function writePacked(out: Bytes, values: ArrayLike<number>, n: number, start: number, groups: number, bitWidth: number): void {
  out.varint((groups << 1) | 1);
  out.ensure(groups * bitWidth + 1);
  const buf = out.buf;
  let at = out.length;
  let acc = 0;
  let bits = 0;
  const end = start + groups * 8;
  for (let i = start; i < end; i++) {
    const v = i < n ? values[i] : 0;
    acc |= v << bits;
    bits += bitWidth;
    while (bits >= 8) {
      buf[at++] = acc & 0xff;
      acc >>>= 8;
      bits -= 8;
    }
  }
  out.length = at;
}

/** PLAIN booleans: one bit each, least significant first. */
export function plainBooleans(values: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array((n + 7) >> 3);
  for (let i = 0; i < n; i++) if (values[i] === 1) out[i >> 3] |= 1 << (i & 7);
  return out;
}

/**
 * PLAIN little-endian bytes of a typed array's first `n` values: a view, not a copy (the
 * page copies it once; every platform Workers and Node run on is little-endian).
 */
export function plainNumbers(values: Float64Array | Int32Array, n: number): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, n * values.BYTES_PER_ELEMENT);
}

/**
 * Distinct numbers in first-seen order, with each value's index: an open-addressing hash
 * over the 64-bit pattern (no JS Map, no boxing). Gives up (returns false) beyond `limit`
 * distinct values, where a dictionary would not pay for itself.
 */
export class NumberDictionary {
  readonly values: Float64Array;
  size = 0;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly probe = new Float64Array(1);
  private readonly probeBits = new Int32Array(this.probe.buffer);

  constructor(readonly limit: number) {
    let capacity = 16;
    while (capacity < limit * 2) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    this.values = new Float64Array(Math.max(1, limit));
  }

  /** Indexes of the integers -32768 … 32767 (quantities, dates near 1970 aside), 0 = not seen. */
  private small: Int32Array | null = null;

  /** The value's index, added when new; -1 once more than `limit` values were seen. */
  indexOf(value: number): number {
    // Small integers (quantities) skip the hash: a direct table, filled lazily.
    if ((value | 0) === value && value >= -32768 && value < 32768 && !Object.is(value, -0)) {
      const small = (this.small ??= new Int32Array(65536));
      const known = small[value + 32768];
      if (known > 0) return known - 1;
      const index = this.insert(value);
      if (index >= 0) small[value + 32768] = index + 1;
      return index;
    }
    return this.insert(value);
  }

  private insert(value: number): number {
    this.probe[0] = value;
    let h = Math.imul(this.probeBits[0] ^ Math.imul(this.probeBits[1], 0x9e3779b1), 0x85ebca6b);
    h = (h ^ (h >>> 15)) & this.mask;
    for (;;) {
      const slot = this.slots[h];
      if (slot < 0) {
        if (this.size === this.limit) return -1;
        this.values[this.size] = value;
        this.slots[h] = this.size;
        return this.size++;
      }
      if (Object.is(this.values[slot], value)) return slot;
      h = (h + 1) & this.mask;
    }
  }
}
