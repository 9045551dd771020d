/**
 * A zip bomb that lies about its sizes (issue 11, item 3): its central directory and local
 * header declare a 900 KB sheet whose deflate stream really expands to 1.1 GB. The reader
 * must stop as soon as the output passes the declared size, checked after every chunk the
 * inflater produces, so the cost is bounded by the declared size plus one chunk.
 *
 * The bytes really inflated are counted by wrapping fflate's `Inflate` (the callback it
 * hands each produced chunk to), not by anything the code under test reports.
 */
import type * as fflate from 'fflate';
import { strToU8, type FlateStreamHandler } from 'fflate';
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../../worker/engine/errors';
import { MAX_INFLATE_CHUNK_BYTES } from '../../../worker/engine/ingest/zip';
import { ingestBytes } from './helpers';

const meter = vi.hoisted(() => ({ inflated: 0 }));

vi.mock('fflate', async (importOriginal) => {
  const actual = await importOriginal<typeof fflate>();
  class CountingInflate extends actual.Inflate {
    constructor(cb?: FlateStreamHandler) {
      super((chunk, final) => {
        meter.inflated += chunk.length;
        cb?.(chunk, final);
      });
    }
  }
  return { ...actual, Inflate: CountingInflate };
});

const BOMB_MESSAGE =
  'This workbook expands to more than 200 times its size or beyond 1 GB when unzipped, which is how zip bombs look, so it was not opened.';

const MB = 1 << 20;

interface RawEntry {
  name: string;
  /** Raw deflate data (method 8). */
  data: Uint8Array;
  crc: number;
  /** The uncompressed size written into both headers (true or not). */
  declaredSize: number;
}

/** A zip archive (PKWARE APPNOTE 4.3) of deflated entries, written byte by byte so sizes can lie. */
function zipOf(entries: RawEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, entry.crc, true);
    lv.setUint32(18, entry.data.length, true);
    lv.setUint32(22, entry.declaredSize, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, entry.crc, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, entry.declaredSize, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, entry.data);
    centrals.push(central);
    offset += local.length + entry.data.length;
  }
  const directorySize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, end];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An honest entry: deflated by zlib, its true size declared. */
function honest(name: string, text: string): RawEntry {
  const bytes = strToU8(text);
  return { name, data: deflateRawSync(bytes), crc: crc32(bytes), declaredSize: bytes.length };
}

/**
 * `megabytes` MB of zeros as one raw deflate stream of about 1 KB per MB. One MB of zeros is
 * compressed with a sync flush, which leaves it as byte-aligned, non-final blocks that start
 * with a literal and then copy it; so the same bytes can be repeated back to back, and the
 * empty final fixed-Huffman block (0x03 0x00) closes the stream (RFC 1951 §3.2.3, §3.2.6).
 */
function zerosDeflated(megabytes: number): Uint8Array {
  const unit = deflateRawSync(new Uint8Array(MB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const data = new Uint8Array(unit.length * megabytes + 2);
  for (let i = 0; i < megabytes; i++) data.set(unit, i * unit.length);
  data.set([0x03, 0x00], unit.length * megabytes);
  return data;
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

/** A workbook whose one sheet is the lying bomb: declares `declared` bytes, holds 1,100 MB of zeros. */
function lyingBomb(declared: number): Uint8Array {
  return zipOf([
    honest('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    honest(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    honest(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    // Its CRC is left 0: a liar need not tell the truth there either, and a reader that
    // stops in time never gets to check it.
    { name: 'xl/worksheets/sheet1.xml', data: zerosDeflated(1100), crc: 0, declaredSize: declared },
  ]);
}

describe('a zip bomb that lies about its sizes', () => {
  it('is built from a valid deflate stream of zeros (checked with zlib, not the reader)', () => {
    // Spot-check the construction on 3 MB: zlib inflates it to exactly 3 MB of zeros.
    const out = inflateRawSync(zerosDeflated(3));
    expect(out.length).toBe(3 * MB);
    expect(out.every((b) => b === 0)).toBe(true);
  });

  it('is refused with the zip-bomb message after inflating no more than its declared size plus one chunk', async () => {
    const declared = 900 * 1024;
    const bytes = lyingBomb(declared);
    // About 1 KB per MB: a 1.1 MB file, so the declared expansion (under 1×) looks harmless.
    expect(bytes.length).toBeLessThan(1.2 * MB);
    meter.inflated = 0;
    const error = await ingestBytes(bytes, { fileName: 'liar.xlsx' }, 1 << 16).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toBe(BOMB_MESSAGE);
    expect((error as EngineError).code).toBe('ZIP_BOMB');
    // The workbook's small parts were inflated, and the bomb was reached.
    expect(meter.inflated).toBeGreaterThan(declared);
    expect(meter.inflated).toBeLessThanOrEqual(declared + MAX_INFLATE_CHUNK_BYTES);
    // One chunk is bounded well below the 1,100 MB the entry really holds.
    expect(MAX_INFLATE_CHUNK_BYTES).toBeLessThanOrEqual(17 * MB);
  });
});
