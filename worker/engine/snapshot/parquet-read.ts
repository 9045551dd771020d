/**
 * Reads a Parquet snapshot (hyparquet) row group by row group, only the columns a scan
 * needs: numbers and the INT32 dictionary codes, never the text columns.
 */
import { parquetMetadata, parquetRead } from 'hyparquet';
import { GROUP_ROWS, type ColumnNeeds, type Snapshot, type SnapshotGroup, type SnapshotMeta } from './columns';
import { SNAPSHOT_META_KEY } from './parquet-write';

/** Opens a snapshot written by parquet-write.ts. */
export function readParquetSnapshot(bytes: Uint8Array): Snapshot {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const metadata = parquetMetadata(buffer);
  const entry = metadata.key_value_metadata?.find((kv) => kv.key === SNAPSHOT_META_KEY)?.value;
  if (!entry) throw new Error('This Parquet file is not a Tally snapshot: it has no tally.snapshot metadata.');
  const meta = JSON.parse(entry) as SnapshotMeta;
  const file = { byteLength: buffer.byteLength, slice: (start: number, end?: number) => buffer.slice(start, end) };
  const names = ['date', 'day', 'amount', 'cost', 'quantity', 'is_return', 'order_key', ...meta.dimensions.map((d) => `${d.column}_code`)];
  const present = new Set(metadata.schema.map((s) => s.name));
  async function* groups(needs?: ColumnNeeds): AsyncIterable<SnapshotGroup> {
    // Only the columns the scan reads are decoded: decoding dominates a Parquet scan.
    const skipped = new Set<string>();
    // Snapshots written before `day` existed fall back to the DATE column.
    if (present.has('day')) skipped.add('date');
    if (needs) {
      if (!needs.cost) skipped.add('cost');
      if (!needs.quantity) skipped.add('quantity');
      if (needs.orders === false) skipped.add('order_key');
      meta.dimensions.forEach((d, k) => {
        if (!needs.dimensions.includes(k)) skipped.add(`${d.column}_code`);
      });
    }
    const columns = names.filter((n) => present.has(n) && !skipped.has(n));
    let start = 0;
    for (const rowGroup of metadata.row_groups) {
      const rows = Number(rowGroup.num_rows);
      const data = new Map<string, ArrayLike<unknown>>();
      await parquetRead({
        file,
        metadata,
        columns,
        rowStart: start,
        rowEnd: start + rows,
        parsers: { dateFromDays: (days: number) => days } as never,
        onChunk: (chunk) => {
          data.set(chunk.columnName, chunk.columnData as ArrayLike<unknown>);
        },
      });
      start += rows;
      yield groupOf(rows, data, meta);
    }
  }
  return { meta, groups };
}

function groupOf(rows: number, data: Map<string, ArrayLike<unknown>>, meta: SnapshotMeta): SnapshotGroup {
  const numbers = (name: string, blank: number): Float64Array => {
    const source = data.get(name);
    const out = new Float64Array(rows).fill(blank);
    if (source) for (let i = 0; i < rows; i++) out[i] = (source[i] as number | null) ?? blank;
    return out;
  };
  const plain = data.get('day');
  const days = data.get('date');
  let day: Int32Array = new Int32Array(rows).fill(-1);
  if (plain) day = plain instanceof Int32Array ? plain : Int32Array.from(plain as ArrayLike<number>);
  else if (days) for (let i = 0; i < rows; i++) day[i] = (days[i] as number | null) ?? -1;
  const flags = data.get('is_return');
  const returns = new Uint8Array(rows);
  if (flags) for (let i = 0; i < rows; i++) returns[i] = flags[i] ? 1 : 0;
  const dims = meta.dimensions.map((d) => {
    const codes = data.get(`${d.column}_code`);
    if (!codes) return new Int32Array(rows).fill(-1);
    return codes instanceof Int32Array ? codes : Int32Array.from(codes as ArrayLike<number>);
  });
  return {
    rows,
    day,
    amount: numbers('amount', 0),
    cost: numbers('cost', NaN),
    quantity: numbers('quantity', NaN),
    returns,
    order: numbers('order_key', -1),
    dims,
  };
}

export { GROUP_ROWS };
