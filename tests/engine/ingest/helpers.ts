/** Shared helpers for ingestion tests: feed bytes to `ingest()` in chosen chunk sizes. */
import { readFileSync } from 'node:fs';
import { ingest, type IngestOptions } from '../../../worker/engine/ingest';
import type { Aggregates } from '../../../worker/engine/aggregate/types';

export { DATASETS_DIR as DATASETS } from '../helpers/datasets';
export const FIXTURES = new URL('../../fixtures/ingest/', import.meta.url);

/** Splits bytes into chunks of `size` (the last may be shorter). */
export async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Ingests a string (UTF-8) or raw bytes. */
export function ingestBytes(content: string | Uint8Array, options: IngestOptions, chunkSize = 7): Promise<Aggregates> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return ingest(chunked(bytes, chunkSize), options);
}

/** Ingests a fixture file from tests/fixtures/ingest. */
export function ingestFixture(name: string, options: Partial<IngestOptions> = {}, chunkSize = 64): Promise<Aggregates> {
  return ingestBytes(readFileSync(new URL(name, FIXTURES)), { fileName: name, ...options }, chunkSize);
}

/** A file read from disk as one web ReadableStream (as the Durable Object gets it from R2). */
export function fileStream(path: string): ReadableStream<Uint8Array> {
  const bytes = readFileSync(path);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset + offset, Math.min(1 << 16, bytes.length - offset)));
      offset += 1 << 16;
    },
  });
}

/** Customer index by id, for readable assertions. */
export function customer(agg: Aggregates, id: string): number {
  const i = agg.customers.ids.indexOf(id);
  if (i < 0) throw new Error(`no customer ${id}`);
  return i;
}

/** Product index by id. */
export function product(agg: Aggregates, id: string): number {
  const i = agg.products.ids.indexOf(id);
  if (i < 0) throw new Error(`no product ${id}`);
  return i;
}

/** Money rounded to cents (sums of floats carry noise in the last bits). */
export const cents = (v: number): number => Math.round(v * 100) / 100;
