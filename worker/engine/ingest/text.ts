/**
 * Delimited and whitespace-separated text: encoding detection, delimiter detection, then
 * the byte tokenizer feeding the table reader, one chunk at a time.
 */
import type { Aggregates } from '../aggregate/types';
import { EngineError } from '../errors';
import { detectDelimiter } from './dialect';
import { assertLooksLikeText, detectEncoding, Utf8Transcoder, type TextEncodingName } from './encoding';
import { TableReader, type TableContext, type TableStart } from './table';
import { Tokenizer, type Delimiter, type RecordView } from './tokenizer';

/** Bytes examined before deciding encoding and delimiter. */
export const HEAD_BYTES = 64 * 1024;

export type TextContext = Omit<TableContext, 'canonicalNumbers' | 'semicolonDelimited'>;

/** Reads delimited text into aggregates. `progress` is called after every chunk. */
export async function readText(
  chunks: AsyncIterator<Uint8Array>,
  context: TextContext,
  progress: (bytesRead: number, rows: number) => void,
  target?: RecordTargetOf,
): Promise<Aggregates> {
  const headParts: Uint8Array[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      break;
    }
    // A copy: the source reuses its read buffer for the next chunk (see source.ts).
    headParts.push(next.value.slice());
    headLength += next.value.length;
  }
  const head = concat(headParts, headLength);
  const { table, tokenizer, transcoder, headText } = openText(head, context, target);
  let bytesRead = head.length;
  tokenizer.push(headText);
  progress(bytesRead, table.rows);
  while (!done) {
    const next = await chunks.next();
    if (next.done) break;
    bytesRead += next.value.length;
    tokenizer.push(transcoder.push(next.value));
    progress(bytesRead, table.rows);
  }
  tokenizer.push(transcoder.finish());
  tokenizer.finish();
  return table.finish();
}

/** A text file's reader, set up from its first bytes. */
export interface OpenedText {
  encoding: TextEncodingName;
  delimiter: Delimiter;
  table: TableReader;
  tokenizer: Tokenizer;
  transcoder: Utf8Transcoder;
  /** The head as UTF-8, without its byte-order mark: the first bytes to push. */
  headText: Uint8Array;
}

/** Where records go instead of straight into the table reader (a join enriches them first). */
export type RecordTargetOf = (table: TableReader) => (record: RecordView) => void;

/**
 * Decides encoding and delimiter from the head (ideally HEAD_BYTES or the whole file)
 * and sets up the tokenizer feeding a table reader. Pushes nothing.
 */
export function openText(head: Uint8Array, context: TextContext, target?: RecordTargetOf): OpenedText {
  if (head.length === 0) throw new EngineError('The file is empty.', 'EMPTY_FILE');
  const { encoding, bom } = detectEncoding(head);
  assertLooksLikeText(head.subarray(bom, HEAD_BYTES), encoding);
  const transcoder = new Utf8Transcoder(encoding);
  const headText = transcoder.push(head.subarray(bom));
  const delimiter = detectDelimiter(new TextDecoder().decode(headText.subarray(0, HEAD_BYTES)));
  const table = new TableReader({ ...context, canonicalNumbers: false, semicolonDelimited: delimiter === 59 });
  if (encoding !== 'utf-8') context.warnings.push(`The file is encoded as ${encoding.toUpperCase()}; it was converted to UTF-8.`);
  const tokenizer = new Tokenizer(delimiter, target ? target(table) : (record) => table.record(record));
  return { encoding, delimiter, table, tokenizer, transcoder, headText };
}

/** What reading a later byte range of a text file needs: its table's start and its delimiter. */
export interface TextStart extends TableStart {
  delimiter: Delimiter;
}

/**
 * A reader for a later byte range of a UTF-8 text file whose start is known, beginning
 * at a record boundary (the CLI's parallel parse; see split.ts). Its table hands its rows
 * over with `part()` to the first range's table, which `absorb`s them. `expectedRows`
 * sizes the row log once, rather than by doubling copies (a guess; it grows if short).
 */
export function openTextRange(context: TextContext, start: TextStart, expectedRows = 0): { table: TableReader; tokenizer: Tokenizer } {
  const table = TableReader.continuing(
    { ...context, canonicalNumbers: false, semicolonDelimited: start.delimiter === 59 },
    start,
    expectedRows,
  );
  return { table, tokenizer: new Tokenizer(start.delimiter, (record) => table.record(record)) };
}

/** The parts as one array of `length` bytes (the one part itself when there is one). */
export function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
