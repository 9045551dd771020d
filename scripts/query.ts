/**
 * Runs one `query_data` spec over a file or a Parquet snapshot and prints how it was
 * understood, then the table.
 *
 * Usage: npm run query -- <file.csv|file.xlsx|rows.parquet> '<json spec>'
 * Example: npm run query -- sales.csv '{"measures":["revenue"],"groupBy":["quarter"],"period":{"from":"2025-01-01","to":"2025-12-31"}}'
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { ingest } from '../worker/engine/ingest';
import { markdownTableOf, parseQuerySpec, QueryRefusal, runQuery } from '../worker/engine/query';
import type { Snapshot } from '../worker/engine/snapshot/columns';
import { memorySnapshot } from '../worker/engine/snapshot/memory';
import { openParquetSnapshot } from '../worker/engine/snapshot/parquet-read';
import { fileSource } from './file-source';

/** The rows to query, and the currency the file shows (null for a snapshot, which holds rows only). */
async function snapshotOf(path: string): Promise<{ snapshot: Snapshot; currency: string | null }> {
  // A snapshot is read by ranges, one row group at a time, as the Worker reads it from R2.
  if (path.toLowerCase().endsWith('.parquet')) return { snapshot: await openParquetSnapshot(fileSource(path)), currency: null };
  const memory = memorySnapshot();
  const stream = Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 })) as ReadableStream<Uint8Array>;
  // A command-line tool: the machine's memory, not a Worker's state budget.
  const aggregates = await ingest(stream, { fileName: basename(path), snapshot: memory.consumer, stateBudget: Infinity });
  return { snapshot: memory.snapshot(), currency: aggregates.profile.currency };
}

async function main(): Promise<number> {
  const [path, json] = process.argv.slice(2);
  if (!path || !json) {
    process.stderr.write("Usage: npm run query -- <file-or-snapshot> '<json spec>'\n");
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch {
    process.stderr.write('The spec is not valid JSON.\n');
    return 2;
  }
  const parsed = parseQuerySpec(input);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.reason}\n`);
    return 2;
  }
  try {
    const { snapshot, currency } = await snapshotOf(path);
    const result = await runQuery(snapshot, parsed.spec);
    process.stdout.write(`Understood: ${result.understood}\n\n${markdownTableOf(result, currency)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof QueryRefusal) {
      process.stderr.write(`Can't answer: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
