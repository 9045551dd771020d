/**
 * Growable typed arrays: parallel columns indexed by an interned key (customer, product,
 * pair …). Typed arrays keep per-key state off the JS heap and free of per-object headers.
 */

/** Returns `array` if it holds `size` elements, else a copy with at least double the room. */
export function growF64(array: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const next = new Float64Array(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/** Int32 variant of growF64; new slots are filled with `fill`. */
export function growI32(array: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const next = new Int32Array(Math.max(size, array.length * 2));
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

/** Uint8 variant of growF64. */
export function growU8(array: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const next = new Uint8Array(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}
