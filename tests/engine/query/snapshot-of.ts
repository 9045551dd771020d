/** Ingests a file once and keeps its columnar snapshot in memory and as Parquet (test helper). */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Aggregates } from '../../../worker/engine/aggregate/types';
import { ingest } from '../../../worker/engine/ingest';
import { runQuery, type QueryResult } from '../../../worker/engine/query/execute';
import { parseQuerySpec, type QuerySpecInput } from '../../../worker/engine/query/spec';
import type { Snapshot } from '../../../worker/engine/snapshot/columns';
import { memorySnapshot } from '../../../worker/engine/snapshot/memory';
import { parquetSnapshot } from '../../../worker/engine/snapshot/parquet-write';
import type { SnapshotConsumer } from '../../../worker/engine/snapshot/row-sink';

export interface Ingested {
  aggregates: Aggregates;
  snapshot: Snapshot;
  parquet: Uint8Array;
}

/** Reads `path` with both snapshot consumers attached. */
export async function ingestWithSnapshot(path: string, fileName = path): Promise<Ingested> {
  const memory = memorySnapshot();
  const parquet = parquetSnapshot();
  const both: SnapshotConsumer = {
    retainsGroups: true,
    group(g, dims, hasCost) {
      memory.consumer.group(g, dims, hasCost);
      parquet.consumer.group(g, dims, hasCost);
    },
    finish(meta) {
      memory.consumer.finish(meta);
      parquet.consumer.finish(meta);
    },
  };
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  const aggregates = await ingest(stream, { fileName, snapshot: both });
  return { aggregates, snapshot: memory.snapshot(), parquet: parquet.bytes() };
}

/** Writes `csv` to a temporary `sales.csv` and reads it with both snapshot consumers. */
export async function ingestCsv(csv: string): Promise<Ingested> {
  // Removed once read: tens of thousands of these were left in the temp directory.
  const dir = mkdtempSync(join(tmpdir(), 'tally-query-'));
  try {
    writeFileSync(join(dir, 'sales.csv'), csv);
    return await ingestWithSnapshot(join(dir, 'sales.csv'), 'sales.csv');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one query spec over the rows of `csv` (a spec the schema refuses throws its reason). */
export async function queryCsv(csv: string, input: QuerySpecInput): Promise<QueryResult> {
  const { snapshot } = await ingestCsv(csv);
  const parsed = parseQuerySpec(input);
  if (!parsed.ok) throw new Error(parsed.reason);
  return runQuery(snapshot, parsed.spec);
}
