/**
 * Writes a stream of unknown length into R2 with bounded memory.
 *
 * R2's `put` needs a known length for streams, so bytes are gathered into equal
 * 10 MiB parts of a multipart upload (R2 parts must be ≥ 5 MiB and equal, except the
 * last). A file that fits in one part is written with a single `put`.
 */
import type { FilePartSink } from './multipart';

export const PART_SIZE = 10 * 1024 * 1024;

export class R2StreamWriter implements FilePartSink {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private upload: R2MultipartUpload | null = null;
  private parts: R2UploadedPart[] = [];
  /** Total bytes written. */
  size = 0;

  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
    private readonly contentType: string,
  ) {}

  async write(chunk: Uint8Array): Promise<void> {
    this.size += chunk.byteLength;
    let offset = 0;
    while (offset < chunk.byteLength) {
      const take = Math.min(PART_SIZE - this.pendingBytes, chunk.byteLength - offset);
      this.pending.push(chunk.subarray(offset, offset + take));
      this.pendingBytes += take;
      offset += take;
      if (this.pendingBytes === PART_SIZE) await this.flushPart();
    }
  }

  async close(): Promise<void> {
    if (!this.upload) {
      await this.bucket.put(this.key, joinChunks(this.pending, this.pendingBytes), {
        httpMetadata: { contentType: this.contentType },
      });
    } else {
      if (this.pendingBytes > 0) await this.flushPart();
      await this.upload.complete(this.parts);
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Abandons whatever was written (multipart upload or nothing yet). */
  async abort(): Promise<void> {
    if (this.upload) await this.upload.abort().catch(() => undefined);
    this.pending = [];
  }

  private async flushPart(): Promise<void> {
    this.upload ??= await this.bucket.createMultipartUpload(this.key, {
      httpMetadata: { contentType: this.contentType },
    });
    const part = await this.upload.uploadPart(this.parts.length + 1, joinChunks(this.pending, this.pendingBytes));
    this.parts.push(part);
    this.pending = [];
    this.pendingBytes = 0;
  }
}

function joinChunks(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
