/**
 * Reading a file's bytes for the CLI's parse, with one reused 1 MB buffer: a positioned
 * read per MB costs far less than a web byte stream's 64 KB reads and promises, and the
 * tokenizer copies what it keeps, so the buffer can be overwritten at once.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { openTextRange, type TextContext, type TextStart } from '../worker/engine/ingest/text';
import type { TablePart } from '../worker/engine/ingest/table';

const READ_BYTES = 1 << 20;

/** Passes bytes [start, end) of the open file to `push`, a reused buffer's worth at a time. */
export function pushBytes(fd: number, start: number, end: number, push: (bytes: Uint8Array) => void): void {
  const buffer = new Uint8Array(Math.min(READ_BYTES, Math.max(1, end - start)));
  for (let position = start; position < end;) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, end - position), position);
    if (read === 0) break;
    push(buffer.subarray(0, read));
    position += read;
  }
}

/**
 * The whole file as chunks of one reused buffer: each chunk is valid until the next is
 * pulled, the contract of the engine's byte sources (engine/ingest/source.ts).
 */
export async function* chunksOfFile(fd: number): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(READ_BYTES);
  for (let position = 0; ;) {
    const read = readSync(fd, buffer, 0, buffer.length, position);
    if (read === 0) return;
    position += read;
    yield buffer.subarray(0, read);
  }
}

/** A new array with bytes [start, start + length) of the open file (fewer at its end). */
export function bytesAt(fd: number, start: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  const read = readSync(fd, bytes, 0, length, start);
  return bytes.subarray(0, read);
}

/** One later byte range of a text file, to be read with the table start found in the first. */
export interface RangeJob {
  path: string;
  start: number;
  end: number;
  /** The range that ends the file (its last record may lack a newline). */
  last: boolean;
  context: TextContext;
  textStart: TextStart;
  /** An estimate from the sample's bytes per row, to size the range's row log. */
  expectedRows: number;
}

export interface RangeResult {
  part: TablePart;
  /** Whether the range's last record ended exactly at `end`: the proof that the next range began on a record. */
  endsOnRecord: boolean;
}

/** Reads one later range into a part (the work of one thread of the parallel parse). */
export function readRange(job: RangeJob): RangeResult {
  const fd = openSync(job.path, 'r');
  try {
    const { table, tokenizer } = openTextRange(job.context, job.textStart, job.expectedRows);
    pushBytes(fd, job.start, job.end, (bytes) => tokenizer.push(bytes));
    const endsOnRecord = tokenizer.pending === 0;
    if (job.last) tokenizer.finish();
    return { part: table.part(), endsOnRecord };
  } finally {
    closeSync(fd);
  }
}
