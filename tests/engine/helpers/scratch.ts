/**
 * Temporary directories for a test file's generated CSVs and CLI outputs, removed when the
 * file's tests end. They were left in the system's temp directory: about 35,000 directories
 * and 28 GB after two days of runs on one machine, until its disk filled and `npm ci` failed.
 * Importing this module registers the cleanup with the importing test file: vitest isolates
 * each file (the default, kept in vitest.config.ts), so each loads it afresh with its own list.
 * Under `--no-isolate` only the first file would register it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty directory under the system's temp directory, named `prefix` and a random suffix. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
