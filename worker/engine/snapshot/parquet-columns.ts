/**
 * One Parquet column chunk of the snapshot: a dictionary page when it pays, then one
 * uncompressed DATA_PAGE (v1) holding the whole row group. Uncompressed because the
 * encodings already shrink what repeats (dates, codes, quantities, order keys) and snappy
 * in JS cost more CPU than the rest of the write; amounts and costs stay PLAIN doubles.
 */
import type { ColumnChunk, Encoding, ParquetType } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { Bytes, bitWidthOf, NumberDictionary, plainBooleans, plainNumbers, writeHybrid } from './parquet-encode';

/** The encoded pages of one column chunk and its footer entry. */
export interface EncodedChunk {
  parts: Uint8Array[];
  byteLength: number;
  chunk(offset: number): ColumnChunk;
}

/** What a column's values are before encoding. */
export interface ColumnValues {
  name: string;
  type: ParquetType;
  /** Rows in the group. */
  rows: number;
  /** Present values in row order (nulls left out); its length is the present count. */
  present: Float64Array | Int32Array | Uint8Array;
  /** Definition levels (1 present, 0 null) of an OPTIONAL column, 'all' when none is null; null when REQUIRED. */
  defined: Uint8Array | 'all' | null;
  /** Dictionary-encode when the distinct values are at most this many (0: PLAIN). */
  dictionaryLimit: number;
  /** Dictionary page bytes for values already given as dictionary indexes (text columns). */
  dictionary?: { bytes: Uint8Array; count: number };
  /** The encoded indexes (bit width byte + hybrid), when another column already encoded the same. */
  indexBytes?: Uint8Array;
}

/** Dictionary indexes as a data page stores them: the bit width, then the hybrid runs. */
export function encodeIndexes(indexes: Int32Array, count: number, dictionarySize: number): Uint8Array {
  const width = bitWidthOf(Math.max(0, dictionarySize - 1));
  const out = new Bytes(((count * width) >> 3) + 64);
  out.byte(width);
  writeHybrid(out, indexes, count, width);
  return out.view();
}

/** Encodes one column chunk. */
export function encodeColumn(column: ColumnValues): EncodedChunk {
  const values = column.present;
  const count = values.length;
  let dictionary = column.dictionary ?? null;
  let indexes: Int32Array | null = column.dictionary ? (values as Int32Array) : null;
  if (!dictionary && column.dictionaryLimit > 0 && count > 0) {
    const built = dictionaryOf(values as Float64Array | Int32Array, column.type, Math.min(column.dictionaryLimit, count));
    if (built) ({ dictionary, indexes } = built);
  }
  // The payload first, so the page is allocated once at its exact size: growing it by
  // doubling left three discarded copies per column and row group for the collector.
  let encoding: Encoding = 'PLAIN';
  let payload: Uint8Array;
  if (dictionary && indexes) {
    encoding = 'RLE_DICTIONARY';
    payload = column.indexBytes ?? encodeIndexes(indexes, count, dictionary.count);
  } else if (column.type === 'BOOLEAN') payload = plainBooleans(values as Uint8Array, count);
  else payload = plainNumbers(values as Float64Array | Int32Array, count);
  const levels = column.defined ? definitionLevels(column.defined, column.rows) : null;
  const body = new Bytes((levels ? 4 + levels.length : 0) + payload.length);
  if (levels) {
    // v1 data pages prefix the RLE definition levels with their byte length.
    body.uint32(levels.length);
    body.append(levels);
  }
  body.append(payload);

  const parts: Uint8Array[] = [];
  let dictionaryLength = 0;
  if (dictionary) {
    parts.push(header({ type: 'DICTIONARY_PAGE', size: dictionary.bytes.length, dictionaryCount: dictionary.count }), dictionary.bytes);
    dictionaryLength = parts[0].length + dictionary.bytes.length;
  }
  const page = body.view();
  parts.push(header({ type: 'DATA_PAGE', size: page.length, values: column.rows, encoding }), page);
  const byteLength = parts.reduce((sum, p) => sum + p.length, 0);
  const encodings: Encoding[] = dictionary ? ['PLAIN', 'RLE', 'RLE_DICTIONARY'] : ['PLAIN', 'RLE'];
  return {
    parts,
    byteLength,
    chunk: (offset) => ({
      file_offset: BigInt(offset),
      meta_data: {
        type: column.type,
        encodings,
        path_in_schema: [column.name],
        codec: 'UNCOMPRESSED',
        num_values: BigInt(column.rows),
        total_uncompressed_size: BigInt(byteLength),
        total_compressed_size: BigInt(byteLength),
        data_page_offset: BigInt(offset + dictionaryLength),
        dictionary_page_offset: dictionary ? BigInt(offset) : undefined,
      },
    }),
  };
}

/** The RLE definition levels of an OPTIONAL column (1 present, 0 null). */
function definitionLevels(defined: Uint8Array | 'all', rows: number): Uint8Array {
  const levels = new Bytes(64);
  if (defined === 'all') {
    levels.varint(rows << 1);
    levels.byte(1);
  } else writeHybrid(levels, defined, rows, 1);
  return levels.view();
}

/** A dictionary of the values, or null when there are more distinct values than `limit`. */
function dictionaryOf(
  values: Float64Array | Int32Array,
  type: ParquetType,
  limit: number,
): { dictionary: { bytes: Uint8Array; count: number }; indexes: Int32Array } | null {
  // The first rows reject a column that would not repeat enough before a full pass is
  // spent on it (contiguous, so that an order's lines count as the repeats they are).
  const sampled = Math.min(values.length, 2048);
  const sample = new NumberDictionary(sampled);
  for (let i = 0; i < sampled; i++) sample.indexOf(values[i]);
  if (sample.size > (sampled * limit) / values.length) return null;
  const dict = new NumberDictionary(limit);
  const indexes = new Int32Array(values.length);
  let previous = NaN;
  let index = -1;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    // Dates, order keys and quantities repeat row after row: skip the hash for them.
    if (value !== previous) {
      index = dict.indexOf(value);
      if (index < 0) return null;
      previous = value;
    }
    indexes[i] = index;
  }
  const distinct = dict.values.subarray(0, dict.size);
  // A copy of just the distinct values: a kept snapshot must not hold the hash's whole table.
  const typed = type === 'INT32' ? Int32Array.from(distinct) : distinct.slice();
  return { dictionary: { bytes: plainNumbers(typed, typed.length), count: dict.size }, indexes };
}

interface HeaderSpec {
  type: 'DICTIONARY_PAGE' | 'DATA_PAGE';
  size: number;
  values?: number;
  encoding?: Encoding;
  dictionaryCount?: number;
}

function header(spec: HeaderSpec): Uint8Array {
  const writer = new ByteWriter(64);
  writePageHeader(writer, {
    type: spec.type,
    uncompressed_page_size: spec.size,
    compressed_page_size: spec.size,
    data_page_header:
      spec.type === 'DATA_PAGE'
        ? {
            num_values: spec.values ?? 0,
            encoding: spec.encoding ?? 'PLAIN',
            definition_level_encoding: 'RLE',
            repetition_level_encoding: 'RLE',
          }
        : undefined,
    dictionary_page_header: spec.type === 'DICTIONARY_PAGE' ? { num_values: spec.dictionaryCount ?? 0, encoding: 'PLAIN' } : undefined,
  });
  return writer.getBytes().slice();
}
