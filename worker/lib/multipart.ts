/**
 * A streaming `multipart/form-data` reader (RFC 7578) that hands file content to a sink
 * chunk by chunk.
 *
 * Why hand-written: `Request.formData()` and the libraries we measured
 * (@remix-run/multipart-parser 0.16) hold each part's content in memory until the part
 * ends; a 95 MB file would then need 95 MB+ of a 128 MB isolate. Here file bytes flow
 * straight through to the sink (which forwards them to R2), and text fields are capped.
 */

export interface FilePartSink {
  write(chunk: Uint8Array): Promise<void>;
  /** Called once after the last chunk of the part. */
  close(): Promise<void>;
}

export interface MultipartHandlers {
  /** Return a sink to receive the file's bytes, or null to skip (and drain) the part. */
  onFile(field: string, fileName: string, contentType: string | null): Promise<FilePartSink | null>;
  onField(field: string, value: string): void;
}

export class MultipartError extends Error {}

const CRLF = new Uint8Array([13, 10]);
/** All header lines of one part together (the CRLF CRLF that ends them not counted). */
const MAX_HEADER_BYTES = 8 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;

/** The boundary of a `multipart/form-data` content type, or null. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]).trim() : null;
}

/**
 * Reads the whole body, calling the handlers part by part. Throws `MultipartError`
 * on a malformed body.
 */
export async function readMultipart(body: ReadableStream<Uint8Array>, boundary: string, handlers: MultipartHandlers): Promise<void> {
  const encoder = new TextEncoder();
  // Treat the body as if it began with CRLF so every delimiter is "\r\n--boundary".
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const reader = body.getReader();
  let buffer: Uint8Array = CRLF;
  let done = false;

  /** Appends the next chunk to the buffer; false at end of stream. */
  const pull = async (): Promise<boolean> => {
    if (done) return false;
    const next = await reader.read();
    if (next.done) {
      done = true;
      return false;
    }
    buffer = concat(buffer, next.value);
    return true;
  };

  // Skip the preamble up to the first delimiter.
  for (;;) {
    const at = indexOf(buffer, delimiter, 0);
    if (at >= 0) {
      buffer = buffer.subarray(at + delimiter.length);
      break;
    }
    buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length));
    if (!(await pull())) throw new MultipartError('Malformed multipart body: no boundary found');
  }

  for (;;) {
    // After a delimiter: "--" ends the body, CRLF starts a part.
    while (buffer.length < 2) if (!(await pull())) throw new MultipartError('Malformed multipart body: truncated');
    if (buffer[0] === 45 && buffer[1] === 45) break;
    // The buffer still starts with the CRLF that ends the delimiter line.
    const headerEnd = await readUntil(encoder.encode('\r\n\r\n'), CRLF.length + MAX_HEADER_BYTES);
    const headers = parseHeaders(new TextDecoder().decode(buffer.subarray(0, headerEnd)));
    buffer = buffer.subarray(headerEnd + 4);
    const disposition = parseDisposition(headers.get('content-disposition') ?? '');
    if (!disposition.name) throw new MultipartError('Malformed multipart body: part without a name');

    if (disposition.fileName !== null) {
      const sink = await handlers.onFile(disposition.name, disposition.fileName, headers.get('content-type') ?? null);
      await streamPartBody(sink);
    } else {
      const chunks: Uint8Array[] = [];
      let size = 0;
      await streamPartBody({
        write: async (chunk) => {
          size += chunk.byteLength;
          if (size > MAX_FIELD_BYTES) throw new MultipartError(`Form field "${disposition.name}" is too large`);
          chunks.push(chunk.slice());
        },
        close: async () => undefined,
      });
      handlers.onField(disposition.name, new TextDecoder().decode(concatAll(chunks)));
    }
  }
  await reader.cancel().catch(() => undefined);

  /**
   * Waits until `marker` is in the buffer and returns its index, which must be within
   * `limit` bytes: the cap holds for the whole block before the marker (all of a part's
   * header lines together), whether it arrived in one chunk or many.
   */
  async function readUntil(marker: Uint8Array, limit: number): Promise<number> {
    const tooLarge = () => new MultipartError('Malformed multipart body: part headers too large');
    for (;;) {
      const at = indexOf(buffer, marker, 0);
      if (at > limit) throw tooLarge();
      if (at >= 0) return at;
      // Without the marker yet, more than `limit` bytes (less a partial marker) already passes the cap.
      if (buffer.length > limit + marker.length - 1) throw tooLarge();
      if (!(await pull())) throw new MultipartError('Malformed multipart body: truncated part headers');
    }
  }

  /** Forwards the part's bytes up to the next delimiter, keeping a possible partial delimiter back. */
  async function streamPartBody(sink: FilePartSink | null): Promise<void> {
    for (;;) {
      const at = indexOf(buffer, delimiter, 0);
      if (at >= 0) {
        if (at > 0 && sink) await sink.write(buffer.slice(0, at));
        buffer = buffer.subarray(at + delimiter.length);
        if (sink) await sink.close();
        return;
      }
      const safe = buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        if (sink) await sink.write(buffer.slice(0, safe));
        buffer = buffer.subarray(safe);
      }
      if (!(await pull())) throw new MultipartError('Malformed multipart body: truncated part');
    }
  }
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `form-data; name="file"; filename="a.csv"` → { name, fileName } (RFC 7578 §4.2). */
function parseDisposition(value: string): { name: string | null; fileName: string | null } {
  const param = (key: string) => {
    const match =
      new RegExp(`(?:^|;)\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(value) ?? new RegExp(`(?:^|;)\\s*${key}=([^;]*)`, 'i').exec(value);
    return match ? match[1].replace(/\\(.)/g, '$1').trim() : null;
  };
  const encoded = param('filename\\*');
  const fileName = encoded ? decodeExtValue(encoded) : param('filename');
  return { name: param('name'), fileName };
}

/** RFC 5987 ext-value: `UTF-8''na%C3%AFve.csv`. */
function decodeExtValue(value: string): string {
  const quote = value.indexOf("''");
  try {
    return decodeURIComponent(quote >= 0 ? value.slice(quote + 2) : value);
  } catch {
    return value;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function concatAll(chunks: Uint8Array[]): Uint8Array {
  return chunks.reduce<Uint8Array>((acc, chunk) => concat(acc, chunk), new Uint8Array(0));
}

/** Index of `needle` in `haystack` from `from`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i >= 0 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}
