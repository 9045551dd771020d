/**
 * Cuts a file that is produced synchronously (the Parquet snapshot, encoded during the
 * ingest) into equal fixed-size parts and sends them in order, with bounded memory.
 *
 * The producer can't wait, so `push` copies the piece at once (the caller may reuse or
 * share it afterwards). There is one part buffer: once it is full and more bytes follow
 * it goes out, and what is pushed while it is on its way waits in an overflow until it
 * is back. Whoever drives the producer (the ingest's read loop) awaits `drained()`
 * between chunks, so the overflow holds at most what one chunk produces (a row group's
 * pages) and a slow store holds the read back instead of letting parts pile up. A second
 * part buffer would let encoding run ahead of the upload, but the read waits for the
 * upload anyway, and in a 128 MB isolate 5 MiB is worth more.
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
  private readonly part: Uint8Array;
  private fill = 0;
  /** True while the part is being sent: pushed bytes go to the overflow. */
  private inFlight = false;
  /** Copies of the bytes pushed while the part was on its way, in order. */
  private overflow: Uint8Array[] = [];
  private overflowBytes = 0;
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

  /** The bytes the writer holds: its part buffer and the overflow. */
  get heldBytes(): number {
    return this.partSize + this.overflowBytes;
  }

  /** Copies a piece into the part (or the overflow); the piece is not kept. */
  readonly push = (piece: Uint8Array): void => {
    if (this.closed) throw new Error('PartWriter: push after close.');
    this.size += piece.length;
    this.take(piece, false);
  };

  /** Resolves once every full part is sent; rethrows a send's failure. */
  async drained(): Promise<void> {
    // A send that completes refills the part and may queue the next one: wait for those too.
    let waited: Promise<void>;
    do {
      waited = this.sending;
      await waited;
    } while (waited !== this.sending);
    if (this.failure) throw this.failure.error;
  }

  /** Sends what is left as the last part. */
  async close(): Promise<void> {
    this.closed = true;
    await this.drained();
    await this.send(this.part.subarray(0, this.fill), true);
  }

  /** Fills the part from `piece`; `owned` pieces (the overflow's copies) need no copy to wait. */
  private take(piece: Uint8Array, owned: boolean): void {
    let offset = 0;
    while (offset < piece.length) {
      // A full part is sent only once more bytes follow, so that close() always sends
      // the file's last part, flagged as such.
      if (this.fill === this.partSize && !this.inFlight) this.queuePart();
      if (this.inFlight) {
        const rest = owned ? piece.subarray(offset) : piece.slice(offset);
        this.overflow.push(rest);
        this.overflowBytes += rest.length;
        return;
      }
      const take = Math.min(this.partSize - this.fill, piece.length - offset);
      this.part.set(piece.subarray(offset, offset + take), this.fill);
      this.fill += take;
      offset += take;
    }
  }

  private queuePart(): void {
    this.inFlight = true;
    this.sending = this.sending.then(async () => {
      if (this.failure) return;
      try {
        await this.send(this.part, false);
      } catch (error) {
        this.failure = { error };
        return;
      }
      this.fill = 0;
      this.inFlight = false;
      const waiting = this.overflow;
      this.overflow = [];
      this.overflowBytes = 0;
      for (const piece of waiting) this.take(piece, true);
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
