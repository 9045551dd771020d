/**
 * A streaming, byte-level tokenizer for delimited text (RFC 4180) and whitespace-separated
 * fixed-width text.
 *
 * Why hand-written rather than papaparse: papaparse builds a JS string for every cell and
 * an array or object for every row. On a 1M-row, ~125 MB CSV that measured about 4.7 s and
 * ran out of memory under a 128 MB heap. This tokenizer never decodes a cell: it reports
 * each record as byte offsets into its own work buffer, and the consumer parses numbers
 * and dates straight from the bytes and interns keys by their bytes (see aggregate/).
 * It is property-tested against papaparse (tests/engine/ingest/tokenizer.test.ts).
 *
 * Input must be UTF-8 (encoding.ts transcodes everything else first); all structural
 * characters are ASCII, so multi-byte characters never need special care.
 */
import { EngineError } from '../errors';

/** One record, valid only during the callback: offsets point into `buf`, which is reused. */
export interface RecordView {
  buf: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  count: number;
}

/** A single delimiter byte, or `'whitespace'` for runs of spaces/tabs (no quoting). */
export type Delimiter = number | 'whitespace';

/**
 * Caps that turn hostile or non-tabular input into a clear error rather than a stalled
 * job: no real table has a 1 MB row or more than 1,000 columns.
 */
export const MAX_RECORD_BYTES = 1 << 20;
export const MAX_COLUMNS = 1000;

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/** Raised when a record is longer than MAX_RECORD_BYTES. */
export function lineTooLong(): EngineError {
  return new EngineError(
    'A single line of this file is longer than 1 MB, so it does not look like a table. Check that it is a CSV export.',
    'LINE_TOO_LONG',
  );
}

/** Raised when a record has more than MAX_COLUMNS fields. */
export function tooManyColumns(): EngineError {
  return new EngineError(
    `This file has more than ${MAX_COLUMNS.toLocaleString('en-US')} columns; Tally reads tables of up to ${MAX_COLUMNS.toLocaleString('en-US')} columns.`,
    'TOO_MANY_COLUMNS',
  );
}

/**
 * Push-style tokenizer: `push()` chunks, then `finish()`. Each complete record is passed to
 * `onRecord`; a record cut by a chunk boundary is carried over and re-scanned.
 */
export class Tokenizer {
  private work = new Uint8Array(1 << 16);
  private carry = 0;
  private readonly starts = new Int32Array(MAX_COLUMNS + 1);
  private readonly ends = new Int32Array(MAX_COLUMNS + 1);
  private readonly view: RecordView;

  constructor(
    private readonly delimiter: Delimiter,
    private readonly onRecord: (record: RecordView) => void,
  ) {
    this.view = { buf: this.work, starts: this.starts, ends: this.ends, count: 0 };
  }

  /** Feeds the next chunk of UTF-8 bytes. */
  push(chunk: Uint8Array): void {
    const needed = this.carry + chunk.length;
    if (needed > this.work.length) {
      const grown = new Uint8Array(Math.max(needed, this.work.length * 2));
      grown.set(this.work.subarray(0, this.carry));
      this.work = grown;
    }
    this.work.set(chunk, this.carry);
    this.run(needed, false);
  }

  /**
   * Bytes of an unfinished record held back for the next chunk. 0 right after a push
   * proves the pushed bytes ended on a record boundary (the parallel parse checks its
   * split points with it).
   */
  get pending(): number {
    return this.carry;
  }

  /** Flushes the last record (a file need not end with a newline). */
  finish(): void {
    this.run(this.carry, true);
  }

  private run(length: number, final: boolean): void {
    const buf = this.work;
    this.view.buf = buf;
    let pos = 0;
    while (pos < length) {
      const next =
        this.delimiter === 'whitespace' ? this.scanWhitespaceRecord(buf, pos, length, final) : this.scanRecord(buf, pos, length, final);
      if (next < 0) break;
      if (next - pos > MAX_RECORD_BYTES) throw lineTooLong();
      if (this.escapedCount > 0) this.unescapeFields(buf);
      this.onRecord(this.view);
      pos = next;
    }
    const rest = length - pos;
    if (rest > MAX_RECORD_BYTES) throw lineTooLong();
    if (rest > 0 && pos > 0) buf.copyWithin(0, pos, length);
    this.carry = final ? 0 : rest;
  }

  /**
   * Scans one delimited record starting at `pos`. Returns the offset just past its line
   * ending, or -1 when the record is incomplete and more input is needed.
   */
  private scanRecord(buf: Uint8Array, pos: number, length: number, final: boolean): number {
    const delim = this.delimiter as number;
    const starts = this.starts;
    const ends = this.ends;
    let count = 0;
    let p = pos;
    this.escapedCount = 0;
    for (;;) {
      if (count >= MAX_COLUMNS) throw tooManyColumns();
      if (p < length && buf[p] === QUOTE) {
        const closed = this.scanQuoted(buf, p, length, final);
        if (closed < 0) return -1;
        starts[count] = p + 1;
        ends[count] = this.quotedEnd;
        if (this.quotedEscapes) this.escaped[this.escapedCount++] = count;
        p = closed;
        // Tolerate stray bytes after a closing quote (`"a"b,`): skip them to the separator.
        while (p < length && buf[p] !== delim && buf[p] !== LF && buf[p] !== CR) p++;
      } else {
        const start = p;
        while (p < length) {
          const c = buf[p];
          if (c === delim || c === LF || c === CR) break;
          p++;
        }
        starts[count] = start;
        ends[count] = p;
      }
      count++;
      if (p >= length) {
        if (!final) return -1;
        this.view.count = count;
        return length;
      }
      const c = buf[p];
      if (c === delim) {
        p++;
        continue;
      }
      if (c === CR) {
        if (p + 1 >= length && !final) return -1;
        this.view.count = count;
        return p + 1 < length && buf[p + 1] === LF ? p + 2 : p + 1;
      }
      this.view.count = count;
      return p + 1;
    }
  }

  private quotedEnd = 0;
  private quotedEscapes = false;
  /** Fields of the current record that hold doubled quotes, unescaped once it is complete. */
  private readonly escaped = new Int32Array(MAX_COLUMNS + 1);
  private escapedCount = 0;

  /**
   * Scans a quoted field whose opening quote is at `open`. Sets `quotedEnd` to the end of
   * its raw content and `quotedEscapes` when it holds doubled quotes; returns the offset
   * after the closing quote, or -1 if more input is needed. Nothing is modified here: a
   * record cut by a chunk boundary is re-scanned from its start.
   */
  private scanQuoted(buf: Uint8Array, open: number, length: number, final: boolean): number {
    let read = open + 1;
    this.quotedEscapes = false;
    for (;;) {
      const q = buf.indexOf(QUOTE, read);
      if (q < 0 || q >= length) {
        if (!final) return -1;
        // Unterminated quote at end of input: keep the rest as the field's content.
        this.quotedEnd = length;
        return length;
      }
      if (q + 1 >= length && !final) return -1;
      if (q + 1 < length && buf[q + 1] === QUOTE) {
        this.quotedEscapes = true;
        read = q + 2;
        continue;
      }
      this.quotedEnd = q;
      return q + 1;
    }
  }

  /** Unescapes doubled quotes in place, now that the record is complete (the work buffer is ours). */
  private unescapeFields(buf: Uint8Array): void {
    for (let k = 0; k < this.escapedCount; k++) {
      const field = this.escaped[k];
      const end = this.ends[field];
      let write = this.starts[field];
      for (let read = write; read < end; read++) {
        buf[write++] = buf[read];
        if (buf[read] === QUOTE && read + 1 < end && buf[read + 1] === QUOTE) read++;
      }
      this.ends[field] = write;
    }
    this.escapedCount = 0;
  }

  /** Scans one whitespace-separated record (fixed-width text such as CDNOW). */
  private scanWhitespaceRecord(buf: Uint8Array, pos: number, length: number, final: boolean): number {
    const starts = this.starts;
    const ends = this.ends;
    let count = 0;
    let p = pos;
    for (;;) {
      while (p < length && (buf[p] === SPACE || buf[p] === TAB)) p++;
      if (p >= length) {
        if (!final) return -1;
        this.view.count = count === 0 ? 1 : count;
        if (count === 0) starts[0] = ends[0] = p;
        return length;
      }
      const c = buf[p];
      if (c === LF || c === CR) {
        if (c === CR && p + 1 >= length && !final) return -1;
        if (count === 0) {
          starts[0] = ends[0] = p;
          count = 1;
        }
        this.view.count = count;
        return c === CR && p + 1 < length && buf[p + 1] === LF ? p + 2 : p + 1;
      }
      if (count >= MAX_COLUMNS) throw tooManyColumns();
      const start = p;
      while (p < length) {
        const d = buf[p];
        if (d === SPACE || d === TAB || d === LF || d === CR) break;
        p++;
      }
      starts[count] = start;
      ends[count] = p;
      count++;
    }
  }
}
