/**
 * Reads a Parquet snapshot row group by row group, only the columns a scan needs: the
 * numbers and the INT32 dictionary codes, never the text columns. Each row group is one
 * byte range of the source, so a snapshot in R2 is read with range requests and a query
 * holds one row group at a time, whatever the file's size.
 */
import { parquetMetadata, parquetMetadataAsync, type AsyncBuffer, type ColumnChunk, type FileMetaData } from 'hyparquet';
import type { ColumnNeeds, Snapshot, SnapshotGroup, SnapshotMeta } from './columns';
import { decodeChunk, type ColumnArray } from './parquet-decode';
import { SNAPSHOT_META_KEY } from './parquet-write';

/** Byte ranges of a snapshot file: in memory, a local file, or an R2 object. */
export interface SnapshotSource {
  byteLength: number;
  /**
   * The bytes of [start, end). A source that has to copy them (a file, R2) copies into
   * `scratch` when given one, and the result is then valid only until the next read with
   * that scratch: each scan owns one, so a 5M-row scan reuses one row group's worth of
   * bytes instead of leaving a new one to the garbage collector per row group, and two
   * scans of one snapshot (a model may call two queries at once) never share it.
   */
  read(start: number, end: number, scratch?: ReadScratch): Promise<Uint8Array> | Uint8Array;
}

/** A scan's reusable read buffer (see `SnapshotSource.read`). */
export interface ReadScratch {
  bytes: Uint8Array;
}

/** The first `length` bytes of the scratch, grown first when it is too small. */
export function scratchOf(scratch: ReadScratch | undefined, length: number): Uint8Array {
  if (!scratch) return new Uint8Array(length);
  if (scratch.bytes.length < length) scratch.bytes = new Uint8Array(length);
  return scratch.bytes.subarray(0, length);
}

/** Opens a snapshot held in memory (written by parquet-write.ts). */
export function readParquetSnapshot(bytes: Uint8Array): Snapshot {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = (whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
  const source: SnapshotSource = { byteLength: bytes.byteLength, read: (start, end) => bytes.subarray(start, end) };
  return snapshotOf(parquetMetadata(buffer), source);
}

/** Opens a snapshot read by ranges: only the footer is read now, then one row group at a time. */
export async function openParquetSnapshot(source: SnapshotSource): Promise<Snapshot> {
  const file: AsyncBuffer = {
    byteLength: source.byteLength,
    slice: async (start, end) => {
      const bytes = await source.read(start, end ?? source.byteLength);
      return bytes.slice().buffer;
    },
  };
  return snapshotOf(await parquetMetadataAsync(file), source);
}

interface ColumnRead {
  name: string;
  chunk: ColumnChunk;
  start: number;
  end: number;
  optional: boolean;
}

function snapshotOf(metadata: FileMetaData, source: SnapshotSource): Snapshot {
  const entry = metadata.key_value_metadata?.find((kv) => kv.key === SNAPSHOT_META_KEY)?.value;
  if (!entry) throw new Error('This Parquet file is not a Tally snapshot: it has no tally.snapshot metadata.');
  const meta = JSON.parse(entry) as SnapshotMeta;
  const optional = new Set(metadata.schema.filter((s) => s.repetition_type === 'OPTIONAL').map((s) => s.name));
  // Snapshots written before 2026-11 carry `day`, a required copy of `date`.
  const dateColumn = metadata.schema.some((s) => s.name === 'day') ? 'day' : 'date';

  async function* groups(needs?: ColumnNeeds): AsyncIterable<SnapshotGroup> {
    const names = [dateColumn, 'amount', 'is_return'];
    if (!needs || needs.cost) names.push('cost');
    if (!needs || needs.quantity) names.push('quantity');
    if (!needs || needs.orders !== false) names.push('order_key');
    meta.dimensions.forEach((d, k) => {
      if (!needs || needs.dimensions.includes(k)) names.push(`${d.column}_code`);
    });
    let buffers: SnapshotGroup | null = null;
    const scratch: ReadScratch = { bytes: new Uint8Array(0) };
    for (const rowGroup of metadata.row_groups) {
      const reads = rowGroup.columns.flatMap((chunk): ColumnRead[] => {
        const name = chunk.meta_data?.path_in_schema[0] ?? '';
        if (!chunk.meta_data || !names.includes(name)) return [];
        const data = Number(chunk.meta_data.data_page_offset);
        const dictionary = Number(chunk.meta_data.dictionary_page_offset ?? 0);
        const start = dictionary > 0 && dictionary < data ? dictionary : data;
        return [{ name, chunk, start, end: start + Number(chunk.meta_data.total_compressed_size), optional: optional.has(name) }];
      });
      // One range per row group (the needed columns and what lies between them).
      const from = Math.min(...reads.map((r) => r.start));
      const bytes = reads.length ? await source.read(from, Math.max(...reads.map((r) => r.end)), scratch) : new Uint8Array(0);
      const columns = new Map<string, (out: ColumnArray) => ColumnArray>();
      for (const r of reads) {
        const spec = {
          type: r.chunk.meta_data?.type ?? 'INT32',
          optional: r.optional,
          codec: r.chunk.meta_data?.codec ?? 'UNCOMPRESSED',
        } as const;
        columns.set(r.name, (out) => {
          decodeChunk(bytes.subarray(r.start - from, r.end - from), spec, out);
          return out;
        });
      }
      buffers = buffersFor(Number(rowGroup.num_rows), buffers, meta.dimensions.length);
      yield groupOf(Number(rowGroup.num_rows), columns, buffers, meta, dateColumn);
    }
  }
  return { meta, groups };
}

/**
 * The column arrays, reused from group to group: a scan reads a group before it asks for
 * the next (see `Snapshot.groups`), and reuse keeps a query's memory at one group's worth
 * instead of waiting for the garbage collector.
 */
function buffersFor(rows: number, previous: SnapshotGroup | null, dimensions: number): SnapshotGroup {
  if (previous && previous.rows >= rows) return previous;
  return {
    rows,
    day: new Int32Array(rows),
    amount: new Float64Array(rows),
    cost: new Float64Array(rows),
    quantity: new Float64Array(rows),
    returns: new Uint8Array(rows),
    order: new Float64Array(rows),
    dims: Array.from({ length: dimensions }, () => new Int32Array(rows)),
  };
}

function groupOf(
  rows: number,
  columns: Map<string, (out: ColumnArray) => ColumnArray>,
  buffers: SnapshotGroup,
  meta: SnapshotMeta,
  dateColumn: string,
): SnapshotGroup {
  // Blank first: a column the scan skips, and the null rows of one it reads, read as blank.
  const read = <T extends ColumnArray>(name: string, all: T, blank: number): T => {
    const out = all.subarray(0, rows).fill(blank) as T;
    return (columns.get(name)?.(out) as T | undefined) ?? out;
  };
  return {
    rows,
    day: read(dateColumn, buffers.day, -1),
    amount: read('amount', buffers.amount, 0),
    cost: read('cost', buffers.cost, NaN),
    quantity: read('quantity', buffers.quantity, NaN),
    returns: read('is_return', buffers.returns, 0),
    order: read('order_key', buffers.order, -1),
    dims: meta.dimensions.map((d, k) => read(`${d.column}_code`, buffers.dims[k], -1)),
  };
}
