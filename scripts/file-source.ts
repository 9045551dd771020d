/**
 * A snapshot file on disk read by byte ranges, as the Worker reads `rows.parquet` from R2
 * with range requests: only the footer and one row group at a time are in memory.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { SnapshotSource } from '../worker/engine/snapshot/parquet-read';

/**
 * Opens `path`; `close()` releases the file descriptor. The bytes of a read are valid
 * until the next read (the reader decodes a row group before it reads the next), so one
 * buffer serves the whole scan.
 */
export function fileSource(path: string): SnapshotSource & { close(): void } {
  const fd = openSync(path, 'r');
  let buffer = new Uint8Array(0);
  return {
    byteLength: fstatSync(fd).size,
    read(start, end) {
      if (buffer.length < end - start) buffer = new Uint8Array(end - start);
      const bytes = buffer.subarray(0, end - start);
      readSync(fd, bytes, 0, bytes.length, start);
      return bytes;
    },
    close: () => closeSync(fd),
  };
}
