import { describe, expect, it } from 'vitest';
import { MultipartError, multipartBoundary, readMultipart } from '../../worker/lib/multipart';

const BOUNDARY = '----TallyBoundary7MA4YWxkTrZu0gW';

/** A form-data body by hand, so the test controls every byte. */
function body(parts: { name: string; fileName?: string; content: string }[]): Uint8Array {
  const text =
    'preamble to ignore\r\n' +
    parts
      .map(
        (part) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"\r\nContent-Type: text/csv` : ''}\r\n\r\n${part.content}\r\n`,
      )
      .join('') +
    `--${BOUNDARY}--\r\n`;
  return new TextEncoder().encode(text);
}

/** A stream that hands the bytes over in chunks of the given sizes, cycling. */
function chunkedStream(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  let offset = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const size = sizes[turn++ % sizes.length];
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

async function parse(bytes: Uint8Array, sizes: number[]) {
  const fields: Record<string, string> = {};
  const files: Record<string, string> = {};
  await readMultipart(chunkedStream(bytes, sizes), BOUNDARY, {
    onFile: async (field, fileName) => {
      const chunks: Uint8Array[] = [];
      return {
        write: async (chunk) => void chunks.push(chunk.slice()),
        close: async () => {
          files[`${field}:${fileName}`] = new TextDecoder().decode(new Uint8Array(await new Blob(chunks).arrayBuffer()));
        },
      };
    },
    onField: (field, value) => {
      fields[field] = value;
    },
  });
  return { fields, files };
}

describe('streaming multipart reader', () => {
  // File content that looks like a delimiter but is not one, and a CRLF at the very end.
  const csv = 'a,b\r\n--not-the-boundary\r\n\r\n--' + BOUNDARY.slice(0, 10) + ',2\r\n';
  const form = body([
    { name: 'email', content: 'buyer@example.com' },
    { name: 'file', fileName: 'sales.csv', content: csv },
    { name: 'message', content: 'Who are my best customers?\r\nThanks' },
  ]);

  it.each([[[1]], [[2, 3, 5, 7]], [[64]], [[form.length]]])('gives the same parts whatever the chunk sizes (%j)', async (sizes) => {
    expect(await parse(form, sizes)).toEqual({
      fields: { email: 'buyer@example.com', message: 'Who are my best customers?\r\nThanks' },
      files: { 'file:sales.csv': csv },
    });
  });

  it('reads the boundary from the content type, quoted or not', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary(`multipart/form-data; boundary="${BOUNDARY}"; charset=utf-8`)).toBe(BOUNDARY);
    expect(multipartBoundary('application/json')).toBeNull();
  });

  it('refuses a truncated body', async () => {
    const truncated = form.slice(0, form.length - 20);
    await expect(parse(truncated, [16])).rejects.toThrow(new MultipartError('Malformed multipart body: truncated part'));
  });

  it('refuses a body without the boundary', async () => {
    await expect(parse(new TextEncoder().encode('just some text'), [4])).rejects.toThrow(
      new MultipartError('Malformed multipart body: no boundary found'),
    );
  });
});

describe('part header size cap (8 KB for all header lines of a part together)', () => {
  const TOO_LARGE = new MultipartError('Malformed multipart body: part headers too large');
  /** One file part whose header block is given whole. */
  const partWithHeaders = (headers: string): Uint8Array =>
    new TextEncoder().encode(`--${BOUNDARY}\r\n${headers}\r\n\r\na,b\r\n1,2\r\n--${BOUNDARY}--\r\n`);
  const longName = `Content-Disposition: form-data; name="file"; filename="${'a'.repeat(9 * 1024)}.csv"`;
  // Five lines of about 2 KB each: every line is short, together they pass 8 KB.
  const manyLines = ['Content-Disposition: form-data; name="file"; filename="sales.csv"']
    .concat(Array.from({ length: 5 }, (_, i) => `X-Pad-${i}: ${'p'.repeat(2000)}`))
    .join('\r\n');

  it.each([[[1 << 20]], [[7]], [[4096]]])('refuses a 9 KB filename header, whatever the chunk sizes (%j)', async (sizes) => {
    await expect(parse(partWithHeaders(longName), sizes)).rejects.toThrow(TOO_LARGE);
  });

  it.each([[[1 << 20]], [[7]]])('refuses many short header lines that together pass 8 KB (%j)', async (sizes) => {
    await expect(parse(partWithHeaders(manyLines), sizes)).rejects.toThrow(TOO_LARGE);
  });

  it('accepts a header block of exactly 8 KB and refuses one byte more', async () => {
    const prefix = 'Content-Disposition: form-data; name="file"; filename="';
    const ofLength = (length: number) => `${prefix}${'b'.repeat(length - prefix.length - '.csv"'.length)}.csv"`;
    expect(ofLength(8 * 1024).length).toBe(8 * 1024);
    const { files } = await parse(partWithHeaders(ofLength(8 * 1024)), [1 << 20]);
    expect(Object.values(files)).toEqual(['a,b\r\n1,2']);
    await expect(parse(partWithHeaders(ofLength(8 * 1024 + 1)), [1 << 20])).rejects.toThrow(TOO_LARGE);
    await expect(parse(partWithHeaders(ofLength(8 * 1024 + 1)), [5])).rejects.toThrow(TOO_LARGE);
  });
});
