/**
 * A snapshot file on disk read by byte ranges, as the Worker reads `rows.parquet` from R2
 * with range requests: only the footer and one row group at a time are in memory.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { scratchOf, type SnapshotSource } from '../worker/engine/snapshot/parquet-read';

/**
 * Opens `path`; `close()` releases the file descriptor. A scan's reads go into its own
 * scratch buffer (see `SnapshotSource.read`), so one buffer serves the whole scan.
 */
export function fileSource(path: string): SnapshotSource & { close(): void } {
  const fd = openSync(path, 'r');
  return {
    byteLength: fstatSync(fd).size,
    read(start, end, scratch) {
      const bytes = scratchOf(scratch, end - start);
      readSync(fd, bytes, 0, bytes.length, start);
      return bytes;
    },
    close: () => closeSync(fd),
  };
}
