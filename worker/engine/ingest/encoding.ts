/**
 * Text encoding detection and transcoding to UTF-8, so that the tokenizer only ever sees
 * UTF-8 bytes. Detection follows the WHATWG Encoding Standard's BOM sniffing; without a
 * BOM, bytes that are not valid UTF-8 are read as Windows-1252 (the de-facto "ANSI"
 * export of European ERPs, and a superset of Latin-1's printable range).
 */
import { EngineError } from '../errors';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncodingName;
  /** Bytes of byte-order mark to drop. */
  bom: number;
}

/** Decides the encoding from the first bytes of a file (ideally 64 KB or more). */
export function detectEncoding(head: Uint8Array): DetectedEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  return { encoding: isValidUtf8(head) ? 'utf-8' : 'windows-1252', bom: 0 };
}

/**
 * True when the bytes are valid UTF-8, allowing a multi-byte sequence cut off at the end
 * (the head is a prefix of the file).
 */
export function isValidUtf8(bytes: Uint8Array): boolean {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const c = bytes[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) need = 2;
    else if (c >= 0xf0 && c <= 0xf4) need = 3;
    else return false;
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return true;
      if ((bytes[i + k] & 0xc0) !== 0x80) return false;
    }
    i += need + 1;
  }
  return true;
}

/**
 * Refuses input that is not text: NUL bytes (outside UTF-16) or a high share of control
 * characters are what executables, images and archives look like.
 */
export function assertLooksLikeText(head: Uint8Array, encoding: TextEncodingName): void {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === 0) throw binaryFile();
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  if (control > head.length * 0.01) throw binaryFile();
}

function binaryFile(): EngineError {
  return new EngineError('This file does not look like text: it contains binary data. Upload a CSV, TXT, XLSX or XLS file.', 'BINARY_FILE');
}

/** Windows-1252 code points for bytes 0x80–0x9F (WHATWG index; unmapped bytes map to themselves). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** UTF-8 bytes for each of the 256 Windows-1252 bytes. */
const CP1252_UTF8: Uint8Array[] = (() => {
  const encoder = new TextEncoder();
  const table: Uint8Array[] = [];
  for (let b = 0; b < 256; b++) {
    const cp = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b;
    table.push(encoder.encode(String.fromCharCode(cp)));
  }
  return table;
})();

/** Converts a stream of chunks in any supported encoding into UTF-8 chunks. */
export class Utf8Transcoder {
  private readonly decoder: TextDecoder | null;
  private readonly encoder = new TextEncoder();
  private odd: number = -1;

  constructor(private readonly encoding: TextEncodingName) {
    this.decoder = encoding === 'utf-16le' || encoding === 'utf-16be' ? new TextDecoder('utf-16le') : null;
  }

  /** Returns the UTF-8 bytes for this chunk (the same array when it already is UTF-8). */
  push(chunk: Uint8Array): Uint8Array {
    if (this.encoding === 'utf-8') return chunk;
    if (this.encoding === 'windows-1252') return cp1252ToUtf8(chunk);
    const bytes = this.encoding === 'utf-16be' ? this.swap(chunk) : chunk;
    return this.encoder.encode((this.decoder as TextDecoder).decode(bytes, { stream: true }));
  }

  /** Flushes whatever a multi-byte sequence left pending. */
  finish(): Uint8Array {
    if (!this.decoder) return new Uint8Array(0);
    return this.encoder.encode(this.decoder.decode());
  }

  /** Byte-swaps UTF-16BE into UTF-16LE, carrying an odd trailing byte to the next chunk. */
  private swap(chunk: Uint8Array): Uint8Array {
    const input = this.odd >= 0 ? prepend(this.odd, chunk) : chunk;
    const even = input.length & ~1;
    this.odd = even < input.length ? input[even] : -1;
    const out = new Uint8Array(even);
    for (let i = 0; i < even; i += 2) {
      out[i] = input[i + 1];
      out[i + 1] = input[i];
    }
    return out;
  }
}

function prepend(byte: number, chunk: Uint8Array): Uint8Array {
  const out = new Uint8Array(chunk.length + 1);
  out[0] = byte;
  out.set(chunk, 1);
  return out;
}

function cp1252ToUtf8(chunk: Uint8Array): Uint8Array {
  let extra = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] >= 0x80) extra += CP1252_UTF8[chunk[i]].length - 1;
  if (extra === 0) return chunk;
  const out = new Uint8Array(chunk.length + extra);
  let w = 0;
  for (let i = 0; i < chunk.length; i++) {
    const b = chunk[i];
    if (b < 0x80) out[w++] = b;
    else {
      const seq = CP1252_UTF8[b];
      for (let k = 0; k < seq.length; k++) out[w++] = seq[k];
    }
  }
  return out;
}
