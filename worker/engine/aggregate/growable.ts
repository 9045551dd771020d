/**
 * Growable typed arrays: parallel columns indexed by an interned key (customer, product,
 * pair …). Typed arrays keep per-key state off the JS heap and free of per-object headers.
 *
 * Memory: a Worker isolate is billed for every ArrayBuffer until the garbage collector
 * frees it, and a copied-and-dropped array lingers until then. In the 1M-row bench those
 * leftovers of doubling were about a third of the ingest's peak. So growing moves the
 * contents with `ArrayBuffer.prototype.transfer` (ES2024; V8 reallocates, and the old
 * buffer is detached and its memory returned at once), and `release` frees a dropped
 * array the same way. Only arrays that own their whole buffer are moved or freed: a view
 * into a larger buffer is copied or left alone, so no other view is ever detached.
 */

type Transferable = ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };

/** The array's buffer when the array owns all of it and it can be transferred, else null. */
function ownedBuffer(array: Int32Array | Float64Array | Uint8Array): Transferable | null {
  const buffer = array.buffer as Transferable;
  const owns = array.byteOffset === 0 && array.byteLength === buffer.byteLength;
  return owns && typeof buffer.transfer === 'function' ? buffer : null;
}

/**
 * The new room for `size` elements: at least half as much again, so growth stays
 * amortised O(1). Half rather than double because the largest arrays (customer × product
 * pairs) grow near the end of a big ingest, at its memory peak: doubling the 1M-row
 * bench's 22 MB of pair columns would hold 66 MB for a moment, growing by half 55 MB.
 */
function roomFor(length: number, size: number): number {
  return Math.max(size, length + (length >> 1));
}

/** Bytes growing `array` to hold `size` elements would add (0 when it already does). */
export function growthBytes(array: Int32Array | Float64Array | Uint8Array, size: number): number {
  return size <= array.length ? 0 : (roomFor(array.length, size) - array.length) * array.BYTES_PER_ELEMENT;
}

/** Returns `array` if it holds `size` elements, else the same contents with at least half as much room again. */
export function growF64(array: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const length = roomFor(array.length, size);
  const buffer = ownedBuffer(array);
  if (buffer?.transfer) return new Float64Array(buffer.transfer(length * 8));
  const next = new Float64Array(length);
  next.set(array);
  return next;
}

/** Int32 variant of growF64; new slots are filled with `fill`. */
export function growI32(array: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const old = array.length;
  const length = roomFor(old, size);
  const buffer = ownedBuffer(array);
  let next: Int32Array<ArrayBuffer>;
  if (buffer?.transfer) next = new Int32Array(buffer.transfer(length * 4));
  else {
    next = new Int32Array(length);
    next.set(array);
  }
  if (fill !== 0) next.fill(fill, old);
  return next;
}

/** Uint8 variant of growF64. */
export function growU8(array: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const length = roomFor(array.length, size);
  const buffer = ownedBuffer(array);
  if (buffer?.transfer) return new Uint8Array(buffer.transfer(length));
  const next = new Uint8Array(length);
  next.set(array);
  return next;
}

/**
 * Frees an array that is no longer used, now rather than at the next garbage collection.
 * The caller must hold no other view of it (it is detached: its length becomes 0).
 */
export function release(array: Int32Array | Float64Array | Uint8Array): void {
  ownedBuffer(array)?.transfer?.(0);
}

/**
 * The first `size` elements. A growable array is at least two thirds full; when it is at least
 * three quarters full a view is cheaper than a copy (at most a third more memory, held
 * for the analysis, instead of a second full copy at the peak of the ingest).
 */
export function trimmed<T extends Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(array: T, size: number): T {
  return (size * 4 >= array.length * 3 ? array.subarray(0, size) : array.slice(0, size)) as T;
}
