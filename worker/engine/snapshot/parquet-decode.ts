/**
 * Decodes one column chunk of a snapshot straight into a typed array: the INT32, DOUBLE
 * and BOOLEAN columns the engine scans, PLAIN or dictionary-encoded, in DATA_PAGE v1 or
 * v2 pages, uncompressed or snappy (snapshots written before this reader used snappy v2
 * pages). hyparquet parses the page headers and inflates snappy.
 *
 * Hand-written because hyparquet returns nullable and dictionary columns as arrays of JS
 * values: measured at 1M rows, its decoding (with snappy) was over half of a query's time (see the README).
 */
import type { CompressionCodec, PageHeader, ParquetType } from 'hyparquet';
import { snappyUncompress } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';

export type ColumnArray = Float64Array | Int32Array | Uint8Array;

/** Where a chunk's bytes are and what they hold. */
export interface ChunkSpec {
  type: ParquetType;
  optional: boolean;
  codec: CompressionCodec;
}

/** Decodes a column chunk into `out` (one entry per row); null rows keep what `out` held. */
export function decodeChunk(bytes: Uint8Array, spec: ChunkSpec, out: ColumnArray): void {
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
  let dictionary: ColumnArray | null = null;
  let row = 0;
  while (row < out.length && reader.offset < bytes.length) {
    const header = parquetHeader(reader);
    const start = reader.offset;
    const end = start + header.compressed_page_size;
    reader.offset = end;
    if (header.type === 'DICTIONARY_PAGE') {
      const page = inflate(bytes.subarray(start, end), header.uncompressed_page_size, spec.codec);
      dictionary = plainValues(page, 0, spec.type, header.dictionary_page_header?.num_values ?? 0);
    } else if (header.type === 'DATA_PAGE' || header.type === 'DATA_PAGE_V2') {
      row += dataPage(bytes.subarray(start, end), header, spec, dictionary, out, row);
    }
  }
}

/** One data page into `out` from `row`; returns the rows it held. */
function dataPage(
  raw: Uint8Array,
  header: PageHeader,
  spec: ChunkSpec,
  dictionary: ColumnArray | null,
  out: ColumnArray,
  row: number,
): number {
  const v1 = header.data_page_header;
  const v2 = header.data_page_header_v2;
  const rows = v1?.num_values ?? v2?.num_values ?? 0;
  const encoding = v1?.encoding ?? v2?.encoding;
  let levels: Uint8Array | null = null;
  let page: Uint8Array;
  let at = 0;
  if (v2) {
    const levelBytes = v2.definition_levels_byte_length + v2.repetition_levels_byte_length;
    if (spec.optional) levels = hybrid(raw, v2.repetition_levels_byte_length, levelBytes, 1, scratchLevels(rows));
    const compressed = v2.is_compressed ?? true;
    page = compressed
      ? inflate(raw.subarray(levelBytes), header.uncompressed_page_size - levelBytes, spec.codec)
      : raw.subarray(levelBytes);
  } else {
    page = inflate(raw, header.uncompressed_page_size, spec.codec);
    if (spec.optional) {
      const length = u32(page, 0);
      levels = hybrid(page, 4, 4 + length, 1, scratchLevels(rows));
      at = 4 + length;
    }
  }
  let present = rows;
  if (levels) {
    present = 0;
    for (let i = 0; i < rows; i++) present += levels[i];
    if (present === rows) levels = null;
  }
  if (encoding === 'PLAIN' && spec.type !== 'BOOLEAN') plainInto(page, at, spec.type, present, levels, out, row);
  else if (encoding === 'PLAIN' || (encoding === 'RLE' && spec.type === 'BOOLEAN')) {
    const flags = scratchIndexes(present);
    if (encoding === 'RLE') hybrid(page, at + 4, at + 4 + u32(page, at), 1, flags);
    else for (let i = 0; i < present; i++) flags[i] = (page[at + (i >> 3)] >> (i & 7)) & 1;
    scatter(flags, flags, present, levels, out, row);
  } else if ((encoding === 'RLE_DICTIONARY' || encoding === 'PLAIN_DICTIONARY') && dictionary) {
    scatter(hybrid(page, at + 1, page.length, page[at], scratchIndexes(present)), dictionary, present, levels, out, row);
  } else throw new Error(`This snapshot uses a Parquet encoding the engine does not read (${encoding ?? 'none'} for ${spec.type}).`);
  return rows;
}

/** `out[row …]` = `values[indexes[j]]` for each present value j, skipping the null rows. */
function scatter(
  indexes: Int32Array,
  values: ArrayLike<number>,
  count: number,
  levels: Uint8Array | null,
  out: ColumnArray,
  row: number,
): void {
  // `values === indexes` copies the indexes themselves (booleans).
  const direct = (values as unknown) === indexes;
  if (!levels) {
    if (direct) for (let j = 0; j < count; j++) out[row + j] = indexes[j];
    else for (let j = 0; j < count; j++) out[row + j] = values[indexes[j]];
    return;
  }
  for (let i = 0, j = 0; i < levels.length; i++) {
    if (levels[i] === 0) continue;
    out[row + i] = direct ? indexes[j] : values[indexes[j]];
    j++;
  }
}

/** PLAIN INT32 / DOUBLE values straight into `out`: a byte copy without nulls. */
function plainInto(
  page: Uint8Array,
  at: number,
  type: ParquetType,
  count: number,
  levels: Uint8Array | null,
  out: ColumnArray,
  row: number,
): void {
  const size = type === 'DOUBLE' ? 8 : type === 'INT32' ? 4 : 0;
  if (size === 0 || out.BYTES_PER_ELEMENT !== size)
    throw new Error(`This snapshot has a ${type} column where the engine expects other numbers.`);
  if (!levels) {
    new Uint8Array(out.buffer, out.byteOffset + row * size, count * size).set(page.subarray(at, at + count * size));
    return;
  }
  const view = new DataView(page.buffer, page.byteOffset + at, count * size);
  for (let i = 0, j = 0; i < levels.length; i++) {
    if (levels[i] === 0) continue;
    out[row + i] = size === 8 ? view.getFloat64(8 * j, true) : view.getInt32(4 * j, true);
    j++;
  }
}

// Scratch buffers reused by every page (decoding is synchronous, so one set is enough):
// a query then allocates nothing per page but its output columns.
let levelScratch = new Uint8Array(0);
let indexScratch = new Int32Array(0);
function scratchLevels(n: number): Uint8Array {
  if (levelScratch.length < n) levelScratch = new Uint8Array(n);
  return levelScratch.subarray(0, n);
}
function scratchIndexes(n: number): Int32Array {
  if (indexScratch.length < n) indexScratch = new Int32Array(n);
  return indexScratch.subarray(0, n);
}

/**
 * A dictionary page's values, in a scratch array reused by every chunk (a dictionary is
 * used only while its chunk decodes): a 5M-row monthly query reads an order-key
 * dictionary of up to 25k values per row group, and a fresh copy each time was garbage.
 */
function plainValues(page: Uint8Array, at: number, type: ParquetType, count: number): ColumnArray {
  if (type === 'DOUBLE') {
    if (doubleDictionary.length < count) doubleDictionary = new Float64Array(count);
    return copyBytes(page, at, doubleDictionary.subarray(0, count));
  }
  if (type === 'INT32') {
    if (intDictionary.length < count) intDictionary = new Int32Array(count);
    return copyBytes(page, at, intDictionary.subarray(0, count));
  }
  if (type === 'BOOLEAN') {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = (page[at + (i >> 3)] >> (i & 7)) & 1;
    return out;
  }
  throw new Error(`This snapshot has a ${type} column where the engine expects numbers.`);
}

let doubleDictionary = new Float64Array(0);
let intDictionary = new Int32Array(0);

/** Little-endian values from `page` at `at` into `out` (any alignment of `page`). */
function copyBytes<T extends Float64Array | Int32Array>(page: Uint8Array, at: number, out: T): T {
  new Uint8Array(out.buffer, out.byteOffset, out.byteLength).set(page.subarray(at, at + out.byteLength));
  return out;
}

/** The RLE / bit-packed hybrid in `bytes[at … end)` into `out` (filled to its length). */
function hybrid<T extends Int32Array | Uint8Array>(bytes: Uint8Array, at: number, end: number, width: number, out: T): T {
  let seen = 0;
  const valueBytes = (width + 7) >> 3;
  const mask = (1 << width) - 1;
  while (seen < out.length && at < end) {
    let header = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[at++];
      header |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80);
    if (header & 1) {
      // Bit-packed: (header >> 1) groups of 8 values, least significant bits first.
      const count = (header >>> 1) * 8;
      if (width > 24) throw new Error(`This snapshot has ${width}-bit packed values; the engine reads up to 24.`);
      // Fewer than `width` pending bits plus one byte stay within 32 bits.
      let acc = 0;
      let bits = 0;
      for (let i = 0; i < count; i++) {
        while (bits < width) {
          acc |= (bytes[at++] ?? 0) << bits;
          bits += 8;
        }
        if (seen < out.length) out[seen++] = acc & mask;
        acc >>>= width;
        bits -= width;
      }
    } else {
      let value = 0;
      for (let i = 0; i < valueBytes; i++) value |= bytes[at++] << (8 * i);
      const stop = Math.min(out.length, seen + (header >>> 1));
      out.fill(value, seen, stop);
      seen = stop;
    }
  }
  return out;
}

/**
 * A page's bytes. The engine writes uncompressed pages, decoded where they lie; an older
 * snappy-compressed snapshot's pages inflate into one scratch buffer reused by every page
 * rather than a fresh array each, which would all be garbage: `decodeChunk` runs to the
 * end without yielding, each data page is decoded before the next is inflated, and a
 * dictionary is copied out (`plainValues`).
 */
function inflate(bytes: Uint8Array, size: number, codec: CompressionCodec): Uint8Array {
  if (codec === 'UNCOMPRESSED') return bytes;
  if (codec !== 'SNAPPY') throw new Error(`This snapshot is compressed with ${codec}, which the engine does not read.`);
  if (pageScratch.length < size) pageScratch = new Uint8Array(size);
  const out = pageScratch.subarray(0, size);
  snappyUncompress(bytes, out);
  return out;
}

let pageScratch = new Uint8Array(0);

function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}
