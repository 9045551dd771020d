/**
 * Delimited and whitespace-separated text: encoding detection, delimiter detection, then
 * the byte tokenizer feeding the table reader, one chunk at a time.
 */
import type { Aggregates } from '../aggregate/types';
import { EngineError } from '../errors';
import { detectDelimiter } from './dialect';
import { assertLooksLikeText, detectEncoding, Utf8Transcoder } from './encoding';
import { TableReader, type TableContext } from './table';
import { Tokenizer } from './tokenizer';

/** Bytes examined before deciding encoding and delimiter. */
const HEAD_BYTES = 64 * 1024;

export type TextContext = Omit<TableContext, 'canonicalNumbers' | 'semicolonDelimited'>;

/** Reads delimited text into aggregates. `progress` is called after every chunk. */
export async function readText(
  chunks: AsyncIterator<Uint8Array>,
  context: TextContext,
  progress: (bytesRead: number, rows: number) => void,
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
  if (head.length === 0) throw new EngineError('The file is empty.', 'EMPTY_FILE');
  const { encoding, bom } = detectEncoding(head);
  assertLooksLikeText(head.subarray(bom, HEAD_BYTES), encoding);
  const transcoder = new Utf8Transcoder(encoding);
  const headText = transcoder.push(head.subarray(bom));
  const delimiter = detectDelimiter(new TextDecoder().decode(headText.subarray(0, HEAD_BYTES)));
  const table = new TableReader({ ...context, canonicalNumbers: false, semicolonDelimited: delimiter === 59 });
  if (encoding !== 'utf-8') context.warnings.push(`The file is encoded as ${encoding.toUpperCase()}; it was converted to UTF-8.`);
  const tokenizer = new Tokenizer(delimiter, (record) => table.record(record));
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

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
