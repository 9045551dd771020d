/**
 * Cuts a file that is produced synchronously (the Parquet snapshot, encoded during the
 * ingest) into equal fixed-size parts and sends them in order, with bounded memory.
 *
 * The producer can't wait, so `push` copies the piece into the current part at once (the
 * caller may reuse or share it afterwards) and queues a part only when it is full.
 * Whoever drives the producer (the ingest's read loop) awaits `drained()` between chunks:
 * that holds reading back while a part is on its way, so a slow store never lets parts
 * pile up. A sent part's buffer is reused for the next one.
 */

/**
 * R2 multipart parts must be at least 5 MiB and all equal but the last
 * (https://developers.cloudflare.com/r2/objects/multipart-objects/); the smallest allowed
 * part keeps the writer's buffers smallest.
 */
export const MIN_R2_PART_BYTES = 5 * 1024 * 1024;

/** Sends one part; `last` is true for the final (possibly shorter, or only) part. */
export type SendPart = (bytes: Uint8Array, last: boolean) => Promise<void>;

export class PartWriter {
  private part: Uint8Array;
  private fill = 0;
  /** Buffers of parts already sent, for the next parts. */
  private readonly spare: Uint8Array[] = [];
  /** The sends queued so far, chained so parts go in order. */
  private sending: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private closed = false;
  /** Bytes pushed so far. */
  size = 0;

  constructor(
    private readonly partSize: number,
    private readonly send: SendPart,
  ) {
    this.part = new Uint8Array(partSize);
  }

  /** Copies a piece into the parts; the piece is not kept. */
  readonly push = (piece: Uint8Array): void => {
    if (this.closed) throw new Error('PartWriter: push after close.');
    this.size += piece.length;
    let offset = 0;
    while (offset < piece.length) {
      // A full part is sent only once more bytes follow, so that close() always sends
      // the file's last part, flagged as such.
      if (this.fill === this.partSize) this.queueFullPart();
      const take = Math.min(this.partSize - this.fill, piece.length - offset);
      this.part.set(piece.subarray(offset, offset + take), this.fill);
      this.fill += take;
      offset += take;
    }
  };

  /** Resolves once every full part is sent; rethrows a send's failure. */
  async drained(): Promise<void> {
    await this.sending;
    if (this.failure) throw this.failure.error;
  }

  /** Sends what is left as the last part. */
  async close(): Promise<void> {
    this.closed = true;
    await this.drained();
    await this.send(this.part.subarray(0, this.fill), true);
  }

  private queueFullPart(): void {
    const full = this.part;
    this.part = this.spare.pop() ?? new Uint8Array(this.partSize);
    this.fill = 0;
    this.sending = this.sending.then(async () => {
      if (this.failure) return;
      try {
        await this.send(full, false);
        this.spare.push(full);
      } catch (error) {
        this.failure = { error };
      }
    });
  }
}

/**
 * The chunks of a read, each pulled only once the writer's full parts are sent, so a slow
 * store holds the read back instead of letting parts pile up. A chunk stays valid until
 * the next is pulled (engine/ingest/source.ts), which this keeps.
 */
export async function* pacedBy(writer: PartWriter, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    await writer.drained();
    yield chunk;
  }
}
