/**
 * The cleaned-row snapshot of an analysis, `artifacts/{id}/rows.parquet`: written to R2
 * while the ingest encodes it, read back by byte ranges (the revenue bridge, chat's
 * `query_data`), and offered as two downloads: the Parquet file itself and a
 * formula-safe CSV copy that is made from it when downloaded, never stored.
 *
 * Memory is why it works this way. The whole file is about 29 MB at 1M rows and 165 MB
 * at 5M rows; a 128 MB isolate can hold neither beside the aggregates. Streaming it holds
 * at most a few 5 MiB parts, and a reader holds one row group.
 */
import type { ArtifactRow } from '../db/analyses';
import type { Snapshot } from '../engine/snapshot/columns';
import { CSV_NAME, PARQUET_NAME, snapshotCsvPieces } from '../engine/snapshot/files';
import { openParquetSnapshot, scratchOf, type SnapshotSource } from '../engine/snapshot/parquet-read';
import { release } from '../engine/aggregate/growable';
import { MIN_R2_PART_BYTES, PartWriter } from '../lib/part-writer';
import { r2RangeReader } from '../lib/r2-reader';
import { snapshotKey } from './keys';
import { UserFacingError, recordArtifact } from './stored-results';

const PARQUET = { name: PARQUET_NAME, type: 'data', contentType: 'application/vnd.apache.parquet' } as const;
const CSV = { name: CSV_NAME, type: 'data', contentType: 'text/csv; charset=utf-8' } as const;

/** The snapshot streamed into R2: `push` pieces, await `drained()` between reads, then `finish()` or `abort()`. */
export class SnapshotUpload {
  readonly writer: PartWriter;
  private upload: R2MultipartUpload | null = null;
  private readonly parts: R2UploadedPart[] = [];

  constructor(
    private readonly env: Env,
    private readonly analysisId: string,
  ) {
    this.writer = new PartWriter(MIN_R2_PART_BYTES, (bytes, last) => this.send(bytes, last));
  }

  /** Sends the last part, completes the object and records both downloads' rows. */
  async finish(): Promise<ArtifactRow[]> {
    await this.writer.close();
    const location = snapshotKey(this.analysisId);
    return [
      await recordArtifact(this.env, this.analysisId, PARQUET, { location, size: this.writer.size }),
      // The CSV's source is the Parquet file; the download route makes it (snapshotCsvBody).
      await recordArtifact(this.env, this.analysisId, CSV, { location, size: null }),
    ];
  }

  /** Abandons an upload that will never complete (a failed run, a customer-grain file). */
  async abort(): Promise<void> {
    await this.writer.drained().catch(() => undefined);
    await this.upload?.abort().catch(() => undefined);
  }

  private async send(bytes: Uint8Array, last: boolean): Promise<void> {
    const bucket = this.env.FILES;
    const key = snapshotKey(this.analysisId);
    const httpMetadata = { contentType: PARQUET.contentType };
    if (last && !this.upload) {
      // The whole file fits in one part: one plain put.
      await bucket.put(key, bytes, { httpMetadata });
      return;
    }
    this.upload ??= await bucket.createMultipartUpload(key, { httpMetadata });
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, bytes));
    if (last) await this.upload.complete(this.parts);
  }
}

/**
 * The snapshot `query_data` and the bridge scan, or undefined when the analysis has none
 * (customer-grain uploads and analyses stored before snapshots were kept): the analyst
 * then says the rows are not stored rather than answering from something else.
 */
export async function loadSnapshot(env: Env, analysisId: string): Promise<Snapshot | undefined> {
  const key = snapshotKey(analysisId);
  const head = await env.FILES.head(key);
  if (!head) return undefined;
  // Range reads: the footer now, then one row group per request while a query scans, so
  // a reader holds one row group of the file, not all of it.
  return openParquetSnapshot(rangeSource(env.FILES, head));
}

/**
 * An R2 object read by ranges (lib/r2-reader.ts, as the job reads its upload), each copied
 * into the scan's scratch buffer (see `SnapshotSource.read`) and freed at once, so the
 * scan holds one row group.
 */
function rangeSource(bucket: R2Bucket, object: R2Object): SnapshotSource {
  const readRange = r2RangeReader(bucket, object, () => new UserFacingError('The rows of this analysis are no longer available.'));
  return {
    byteLength: object.size,
    async read(start, end, scratch) {
      const range = await readRange(start, end - start);
      const bytes = scratchOf(scratch, range.length);
      bytes.set(range);
      release(range);
      return bytes;
    },
  };
}

/** Whether an artifact row is the CSV copy, made from the snapshot when downloaded. */
export const isSnapshotCsv = (artifact: ArtifactRow): boolean =>
  artifact.fileName === CSV_NAME && artifact.fileLocation === snapshotKey(artifact.analysisId);

/**
 * The CSV copy of an analysis' snapshot as a byte stream, made a piece at a time as the
 * client reads (pull), so memory holds one row group and one piece whatever the size;
 * undefined when the snapshot is gone.
 */
export async function snapshotCsvBody(env: Env, analysisId: string): Promise<ReadableStream<Uint8Array> | undefined> {
  const snapshot = await loadSnapshot(env, analysisId);
  if (!snapshot) return undefined;
  const pieces = snapshotCsvPieces(snapshot);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
