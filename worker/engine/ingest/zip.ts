/**
 * Just enough of the ZIP format (PKWARE APPNOTE 6.3.x) to read an XLSX: the central
 * directory, and each entry's data inflated as a stream with fflate, so a sheet's XML is
 * scanned chunk by chunk and never held whole.
 *
 * The compressed workbook itself is held in memory: the central directory, the only
 * reliable index (local headers may defer sizes to data descriptors), sits at the end.
 *
 * Zip-bomb defences, checked on the declared sizes before inflating and again on the
 * bytes actually produced: an entry may not expand beyond MAX_ENTRY_BYTES, nor by more
 * than MAX_RATIO. Real workbook XML compresses 5–30×; deflate's ceiling is about 1032×,
 * which is where bombs sit. An entry that inflates past the size the central directory
 * declares is lying (a bomb that declares 900 KB and holds 1 GB), so it is stopped after
 * the chunk that crosses its declared size, not when the ratio or the 1 GB cap trips.
 */
import { Inflate } from 'fflate';
import { EngineError } from '../errors';

export const MAX_ENTRY_BYTES = 1024 * 1024 * 1024;
export const MAX_RATIO = 200;
/**
 * Compressed bytes handed to the inflater at a time. fflate inflates everything it is
 * given before it calls back, so this step is what bounds the work done between two
 * checks: deflate expands at most 1032× (a 258-byte match coded in 2 bits, RFC 1951
 * §3.2.5), so one step yields at most MAX_INFLATE_CHUNK_BYTES.
 */
const INFLATE_STEP = 16 * 1024;
/** The most one inflate step can produce: how far a lying entry can overshoot before it is stopped. */
export const MAX_INFLATE_CHUNK_BYTES = INFLATE_STEP * 1032;
/** Ratios are only meaningful for entries of some size; tiny files compress absurdly. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

/** The error for anything that is not a readable zip archive. */
export function notAZip(extension: string): EngineError {
  return new EngineError(
    `This ${extension} file is not a valid Excel workbook: it is not a zip archive. Save it again from Excel, or upload a CSV.`,
    'NOT_A_ZIP',
  );
}

export function zipBomb(): EngineError {
  return new EngineError(
    `This workbook expands to more than ${MAX_RATIO} times its size or beyond 1 GB when unzipped, which is how zip bombs look, so it was not opened.`,
    'ZIP_BOMB',
  );
}

const u16 = (b: Uint8Array, o: number): number => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number): number => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;

/** Reads the central directory. Throws NOT_A_ZIP when there is none. */
export function readZipDirectory(bytes: Uint8Array, extension: string): Map<string, ZipEntry> {
  if (bytes.length < 22 || u32(bytes, 0) !== 0x04034b50) throw notAZip(extension);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (u32(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notAZip(extension);
  const count = u16(bytes, eocd + 10);
  let offset = u32(bytes, eocd + 16);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (offset + 46 > bytes.length || u32(bytes, offset) !== 0x02014b50) throw notAZip(extension);
    const nameLength = u16(bytes, offset + 28);
    const extraLength = u16(bytes, offset + 30);
    const commentLength = u16(bytes, offset + 32);
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    entries.set(name, {
      name,
      method: u16(bytes, offset + 10),
      compressedSize: u32(bytes, offset + 20),
      uncompressedSize: u32(bytes, offset + 24),
      localOffset: u32(bytes, offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Throws ZIP_BOMB when an entry declares an implausible expansion. */
export function assertPlausible(entry: ZipEntry): void {
  if (exceeds(entry.uncompressedSize, entry.compressedSize)) throw zipBomb();
}

function exceeds(produced: number, compressed: number): boolean {
  if (produced > MAX_ENTRY_BYTES) return true;
  return produced > RATIO_FLOOR_BYTES && produced > Math.max(compressed, 1) * MAX_RATIO;
}

function compressedData(bytes: Uint8Array, entry: ZipEntry, extension: string): Uint8Array {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || u32(bytes, local) !== 0x04034b50) throw notAZip(extension);
  const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
  return bytes.subarray(start, start + entry.compressedSize);
}

/** Thrown inside the inflate callback to stop early; never escapes `inflateEntry`. */
class Stop extends Error {}

/**
 * Inflates an entry, handing out chunks as they come. `onChunk` returns false to stop
 * early (e.g. once a sheet's `<dimension>` has been seen).
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, extension: string, onChunk: (chunk: Uint8Array) => boolean): void {
  assertPlausible(entry);
  const data = compressedData(bytes, entry, extension);
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += 1 << 16) if (!onChunk(data.subarray(i, i + (1 << 16)))) return;
    return;
  }
  if (entry.method !== 8) {
    throw new EngineError('This workbook uses a compression method Tally cannot read. Save it again from Excel.', 'UNSUPPORTED_ZIP');
  }
  let produced = 0;
  const inflater = new Inflate((chunk) => {
    produced += chunk.length;
    if (produced > entry.uncompressedSize || exceeds(produced, entry.compressedSize)) throw zipBomb();
    if (!onChunk(chunk)) throw new Stop();
  });
  try {
    for (let i = 0; i < data.length; i += INFLATE_STEP) inflater.push(data.subarray(i, i + INFLATE_STEP), i + INFLATE_STEP >= data.length);
  } catch (error) {
    if (error instanceof Stop) return;
    if (error instanceof EngineError) throw error;
    throw new EngineError('This workbook is damaged: part of it could not be unzipped.', 'CORRUPT_ZIP');
  }
}

/** Inflates a (small) entry into a string. */
export function inflateText(bytes: Uint8Array, entry: ZipEntry, extension: string): string {
  const decoder = new TextDecoder();
  let text = '';
  inflateEntry(bytes, entry, extension, (chunk) => {
    text += decoder.decode(chunk, { stream: true });
    return true;
  });
  return text + decoder.decode();
}
