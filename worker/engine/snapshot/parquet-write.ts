/**
 * Writes the snapshot as Parquet, one Parquet row group per snapshot group (50k rows).
 * Columns a user can read with DuckDB, Spark or R2 SQL: `date` (DATE), `amount` (signed:
 * returns negative), `cost`, `quantity`, `is_return`, `order_key`, and each dimension as
 * text (`customer`, `product`, `category`, …). Each dimension also has an INT32 `…_code`
 * column, and the dictionaries are in the footer (`tally.snapshot`), so the engine scans
 * integers instead of decoding strings.
 *
 * The pages are encoded here from the typed arrays (parquet-columns.ts); hyparquet-writer
 * only serialises the page headers and the footer (its Thrift code). Text columns are
 * dictionary pages of the codes used in the group, written straight from the codes.
 */
import type { ColumnChunk, FileMetaData, SchemaElement } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import type { SnapshotDimension, SnapshotGroup, SnapshotMeta } from './columns';
import { encodeColumn, encodeIndexes, type ColumnValues, type EncodedChunk } from './parquet-columns';
import { Bytes } from './parquet-encode';
import type { SnapshotConsumer } from './row-sink';

/** Footer key of the snapshot metadata (JSON of `SnapshotMeta`). */
export const SNAPSHOT_META_KEY = 'tally.snapshot';

const MAGIC = new TextEncoder().encode('PAR1');

/**
 * A consumer that encodes each group as it comes. Without `onBytes` the file is kept and
 * `bytes()` returns it once ingest finished. With `onBytes` the file is handed on piece by
 * piece instead (the header, each row group's pages as soon as they are encoded, then the
 * footer) and nothing is kept: the job streams it to R2, so a 5M-row snapshot (~165 MB)
 * never has to fit in the isolate. A piece may be handed on twice (a text column and its
 * code column share their encoded indexes), so the receiver copies and never frees them.
 */
export function parquetSnapshot(onBytes?: (piece: Uint8Array) => void): { consumer: SnapshotConsumer; bytes(): Uint8Array } {
  const parts: Uint8Array[] = [];
  const emit = onBytes ?? ((piece: Uint8Array) => void parts.push(piece));
  emit(MAGIC);
  let offset = MAGIC.length;
  const rowGroups: FileMetaData['row_groups'] = [];
  let hasCost: boolean | null = null;
  const scratch = new DimensionScratch();
  let result: Uint8Array | null = null;
  return {
    consumer: {
      group(g, dimensions, fileHasCost) {
        // The sink says whether the file has costs: a first group whose rows all lack one
        // (NaN) would otherwise drop the cost column of every later row.
        hasCost ??= fileHasCost;
        const columns: ColumnChunk[] = [];
        const start = offset;
        for (const values of columnsOf(g, dimensions, hasCost, scratch)) {
          const encoded: EncodedChunk = encodeColumn(values);
          columns.push(encoded.chunk(offset));
          for (const part of encoded.parts) emit(part);
          offset += encoded.byteLength;
        }
        const size = BigInt(offset - start);
        rowGroups.push({
          columns,
          num_rows: BigInt(g.rows),
          total_byte_size: size,
          total_compressed_size: size,
          file_offset: BigInt(start),
        });
      },
      finish(meta: SnapshotMeta) {
        const footer = new ByteWriter(1 << 16);
        writeMetadata(footer, {
          version: 2,
          schema: schemaOf(meta.dimensions, hasCost ?? meta.hasCost),
          num_rows: BigInt(meta.rows),
          row_groups: rowGroups,
          key_value_metadata: [{ key: SNAPSHOT_META_KEY, value: JSON.stringify(meta) }],
          created_by: 'tally',
          metadata_length: 0,
        });
        emit(footer.getBytes());
        emit(MAGIC);
        if (!onBytes) result = concat(parts);
        parts.length = 0;
      },
    },
    bytes() {
      if (onBytes) throw new Error('The Parquet snapshot was handed on in pieces; it is not kept.');
      if (!result) throw new Error('The Parquet snapshot is not finished.');
      return result;
    },
  };
}

function schemaOf(dimensions: readonly SnapshotDimension[], hasCost: boolean): SchemaElement[] {
  const fields: SchemaElement[] = [
    { name: 'date', type: 'INT32', converted_type: 'DATE', repetition_type: 'OPTIONAL' },
    { name: 'amount', type: 'DOUBLE', repetition_type: 'REQUIRED' },
    ...(hasCost ? [{ name: 'cost', type: 'DOUBLE', repetition_type: 'OPTIONAL' } as const] : []),
    { name: 'quantity', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
    { name: 'is_return', type: 'BOOLEAN', repetition_type: 'REQUIRED' },
    { name: 'order_key', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
  ];
  for (const d of dimensions) {
    fields.push({ name: d.column, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' });
    fields.push({ name: `${d.column}_code`, type: 'INT32', repetition_type: 'REQUIRED' });
  }
  return [{ name: 'root', num_children: fields.length }, ...fields];
}

/**
 * A numeric column with its null rows left out (NaN, or a negative day / order key),
 * plus the definition levels; no copy when nothing is null.
 */
function optional<T extends Float64Array | Int32Array>(
  values: T,
  rows: number,
  negativeIsNull: boolean,
): { present: T; defined: Uint8Array | 'all' } {
  let nulls = 0;
  if (negativeIsNull) for (let i = 0; i < rows; i++) nulls += values[i] < 0 ? 1 : 0;
  else for (let i = 0; i < rows; i++) nulls += values[i] !== values[i] ? 1 : 0;
  if (nulls === 0) return { present: values, defined: 'all' };
  const defined = new Uint8Array(rows);
  const present = values.slice(0, rows - nulls) as T;
  let n = 0;
  for (let i = 0; i < rows; i++) {
    const v = values[i];
    if (negativeIsNull ? v < 0 : v !== v) continue;
    defined[i] = 1;
    present[n++] = v;
  }
  return { present, defined };
}

function* columnsOf(
  g: SnapshotGroup,
  dims: readonly SnapshotDimension[],
  hasCost: boolean,
  scratch: DimensionScratch,
): Generator<ColumnValues> {
  const rows = g.rows;
  // Repeating numbers (dates, quantities, order keys, list prices) get a dictionary when
  // it at least quarters the column; amounts in most files don't repeat that much.
  const limit = rows >> 2;
  const base = { rows, dictionaryLimit: limit };
  yield { ...base, name: 'date', type: 'INT32', ...optional(g.day.subarray(0, rows), rows, true) };
  yield { ...base, name: 'amount', type: 'DOUBLE', present: g.amount.subarray(0, rows), defined: null };
  if (hasCost) yield { ...base, name: 'cost', type: 'DOUBLE', ...optional(g.cost.subarray(0, rows), rows, false) };
  yield { ...base, name: 'quantity', type: 'DOUBLE', ...optional(g.quantity.subarray(0, rows), rows, false) };
  yield { ...base, name: 'is_return', type: 'BOOLEAN', present: g.returns.subarray(0, rows), defined: null, dictionaryLimit: 0 };
  yield { ...base, name: 'order_key', type: 'DOUBLE', ...optional(g.order.subarray(0, rows), rows, true) };
  for (let k = 0; k < dims.length; k++) yield* scratch.columns(k, dims[k], g.dims[k], rows);
}

/**
 * The text and code columns of a dimension, dictionary-encoded with the codes used in
 * the group (first-seen order). `localOf` maps a dictionary code to its index in the
 * group and is reused between groups (only the used entries are reset).
 */
class DimensionScratch {
  private readonly localOf: Int32Array[] = [];
  private readonly codes: Int32Array[] = [];
  private readonly encoder = new TextEncoder();

  columns(k: number, d: SnapshotDimension, codes: Int32Array, rows: number): ColumnValues[] {
    let localOf = this.localOf[k];
    if (!localOf || localOf.length < d.values.length) {
      localOf = new Int32Array(Math.max(d.values.length, 2 * (localOf?.length ?? 0))).fill(-1);
      this.localOf[k] = localOf;
    }
    const used: number[] = [];
    // Encoded before the next group comes, so one array per dimension serves every group.
    if (!this.codes[k] || this.codes[k].length < rows) this.codes[k] = new Int32Array(rows);
    const code = this.codes[k].subarray(0, rows);
    let blanks = 0;
    for (let i = 0; i < rows; i++) {
      const c = codes[i];
      if (c < 0) {
        code[i] = -1;
        blanks++;
        continue;
      }
      let local = localOf[c];
      if (local < 0) {
        local = localOf[c] = used.length;
        used.push(c);
      }
      code[i] = local;
    }
    for (const c of used) localOf[c] = -1;
    const hasBlank = blanks > 0;
    // The text column leaves blanks out; the code column gives them their own entry.
    let text = code;
    let defined: Uint8Array | 'all' = 'all';
    if (hasBlank) {
      text = new Int32Array(rows - blanks);
      defined = new Uint8Array(rows);
      for (let i = 0, j = 0; i < rows; i++) {
        if (code[i] < 0) code[i] = used.length;
        else {
          defined[i] = 1;
          text[j++] = code[i];
        }
      }
    }
    const strings = new Bytes(used.length * 16 + 16);
    for (const c of used) this.appendString(strings, d.values[c]);
    const dictionary = used.length ? { bytes: strings.view(), count: used.length } : undefined;
    // Without blanks the code column's indexes are the text column's: encode them once.
    const indexBytes = hasBlank || !used.length ? undefined : encodeIndexes(text, rows, used.length);
    const globalCodes = Int32Array.from(hasBlank ? [...used, -1] : used);
    return [
      { name: d.column, type: 'BYTE_ARRAY', rows, present: text, defined, dictionaryLimit: 0, dictionary, indexBytes },
      {
        name: `${d.column}_code`,
        type: 'INT32',
        rows,
        present: code,
        defined: null,
        dictionaryLimit: 0,
        dictionary: { bytes: new Uint8Array(globalCodes.buffer), count: globalCodes.length },
        indexBytes,
      },
    ];
  }

  /** PLAIN BYTE_ARRAY: a 4-byte length, then the UTF-8 bytes. */
  private appendString(out: Bytes, value: string): void {
    out.ensure(4 + value.length * 3);
    const at = out.length;
    const { written } = this.encoder.encodeInto(value, out.buf.subarray(at + 4));
    out.length = at;
    out.uint32(written);
    out.length += written;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
