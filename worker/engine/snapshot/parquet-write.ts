/**
 * Writes the snapshot as Parquet (hyparquet-writer), one Parquet row group per snapshot
 * group (~100k rows). Columns a user can read with DuckDB, Spark or R2 SQL: `date` (DATE),
 * `day` (the same as INT32 days, for the engine), `amount` (signed: returns negative), `cost`, `quantity`, `is_return`, `order_key`, and
 * each dimension as text (`customer`, `product`, `category`, …). Each dimension also has an
 * INT32 `…_code` column, and the dictionaries are in the footer (`tally.snapshot`), so the
 * engine scans integers instead of decoding strings.
 */
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { SnapshotDimension, SnapshotGroup, SnapshotMeta } from './columns';
import type { SnapshotConsumer } from './row-sink';

/** Footer key of the snapshot metadata (JSON of `SnapshotMeta`). */
export const SNAPSHOT_META_KEY = 'tally.snapshot';

type SchemaElement = ConstructorParameters<typeof ParquetWriter>[0]['schema'][number];
type ColumnSource = Parameters<ParquetWriter['write']>[0]['columnData'][number];

/** A consumer that encodes each group as it comes; `bytes()` after ingest finished. */
export function parquetSnapshot(): { consumer: SnapshotConsumer; bytes(): Uint8Array } {
  const output = new ByteWriter();
  let writer: ParquetWriter | null = null;
  let dims: readonly SnapshotDimension[] = [];
  let hasCost = true;
  let result: Uint8Array | null = null;
  const open = (dimensions: readonly SnapshotDimension[], g: SnapshotGroup): ParquetWriter => {
    dims = dimensions;
    hasCost = g.cost.some((c) => c === c) || g.rows === 0;
    return new ParquetWriter({ writer: output, schema: schemaOf(dimensions, hasCost), createdBy: 'tally' });
  };
  return {
    consumer: {
      group(g, dimensions) {
        writer ??= open(dimensions, g);
        // A ByteWriter has no async flush, so write() and finish() complete synchronously.
        void writer.write({ columnData: columnsOf(g, dims, hasCost), rowGroupSize: g.rows });
      },
      finish(meta: SnapshotMeta) {
        if (!writer) {
          writer = new ParquetWriter({ writer: output, schema: schemaOf(meta.dimensions, meta.hasCost), createdBy: 'tally' });
        }
        writer.kvMetadata = [{ key: SNAPSHOT_META_KEY, value: JSON.stringify(meta) }];
        void writer.finish();
        result = new Uint8Array(output.getBuffer());
      },
    },
    bytes() {
      if (!result) throw new Error('The Parquet snapshot is not finished.');
      return result;
    },
  };
}

function schemaOf(dimensions: readonly SnapshotDimension[], hasCost: boolean): SchemaElement[] {
  const fields: SchemaElement[] = [
    { name: 'date', type: 'INT32', converted_type: 'DATE', repetition_type: 'OPTIONAL' },
    // The engine's copy of the date: days since 1970, -1 when missing. A required plain
    // INT32 decodes about 6× faster in hyparquet than the optional DATE (measured at 1M
    // rows: ~30 vs ~180 ms), and the date scan is in every query.
    { name: 'day', type: 'INT32', repetition_type: 'REQUIRED' },
    { name: 'amount', type: 'DOUBLE', repetition_type: 'REQUIRED' },
    ...(hasCost ? [{ name: 'cost', type: 'DOUBLE', repetition_type: 'OPTIONAL' } as SchemaElement] : []),
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

const orNull = (a: Float64Array): (number | null)[] | Float64Array =>
  a.every((v) => v === v) ? a : Array.from(a, (v) => (v === v ? v : null));

function columnsOf(g: SnapshotGroup, dims: readonly SnapshotDimension[], hasCost: boolean): ColumnSource[] {
  const columns: ColumnSource[] = [
    { name: 'date', data: Array.from(g.day, (d) => (d < 0 ? null : d)) },
    { name: 'day', data: g.day },
    { name: 'amount', data: g.amount },
    ...(hasCost ? [{ name: 'cost', data: orNull(g.cost) }] : []),
    { name: 'quantity', data: orNull(g.quantity) },
    { name: 'is_return', data: Array.from(g.returns, (r) => r === 1) },
    { name: 'order_key', data: Array.from(g.order, (o) => (o < 0 ? null : o)) },
  ];
  dims.forEach((d, k) => {
    const codes = g.dims[k];
    columns.push({ name: d.column, data: Array.from(codes, (c) => (c < 0 ? null : d.values[c])) });
    columns.push({ name: `${d.column}_code`, data: codes });
  });
  return columns;
}
