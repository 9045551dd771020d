/**
 * Reads a chunked upload through the engine while its parts arrive, so the analysis is
 * mostly done when the upload completes instead of starting then.
 *
 * Each part of the first file comes to the analysis's job (`receivePart`), which stores
 * it in R2 exactly as the Worker would and, on the way, hands its bytes to one ingest
 * that spans the whole upload, with the row snapshot streamed out as the job's own read
 * streams it. The run then starts at the analyses: the read of the stored upload is
 * gone, and in production the engine's pass hides behind the network upload. Locally,
 * upload to completed at 1M rows went from 11.5–12.9 s to 9.8–11.0 s (README, "The
 * benchmark"; there the upload and the read share one workerd thread).
 *
 * Parts come three at a time and in any order, but the ingest needs them in file order: a
 * part that arrives ahead of its turn waits, unread, for the parts before it (so nothing
 * is buffered; the sender is held back instead). This is an optimisation and never a
 * second source of truth: anything irregular (a part sent twice, a part that breaks off,
 * a turn that never comes, the ingest refusing the file, lookup files joined at
 * completion, the object reset) makes the read give up, every part is still stored as
 * before, and the run reads the stored upload from R2 as it always could.
 */
import { SnapshotUpload } from '../worker/analyses/row-snapshot';
import { partBytesOf, storeUploadPart, type ChunkedUploadRow } from '../worker/analyses/uploads';
import type { Aggregates } from '../worker/engine/aggregate/types';
import { ingest } from '../worker/engine/ingest';
import { READ_CHUNK_BYTES } from '../worker/engine/ingest/source';
import { parquetSnapshot } from '../worker/engine/snapshot/parquet-write';
import { pacedBy } from '../worker/lib/part-writer';

/** How long a part that arrived ahead of its turn waits for the parts before it. */
export const TURN_WAIT_MS = 60_000;

/** What a finished read hands the run: the file's aggregates and its snapshot, not yet completed. */
export interface UploadRead {
  aggregates: Aggregates;
  snapshot: SnapshotUpload;
}

/** The part being read: its bytes in, and the stream that stores them in R2. */
interface ReadingPart {
  number: number;
  bytes: PartBytes;
  store: WritableStreamDefaultWriter<ArrayBuffer | ArrayBufferView>;
  /** Resolves once the ingest has read the part to its end, or the read gave up. */
  read: Deferred;
  finished: boolean;
}

export class ReadWhileUploading {
  /** The part the ingest takes next; past `partCount` once it has read them all. */
  private next = 1;
  private current: ReadingPart | null = null;
  /** Wakes the ingest when the part it waits for starts. */
  private partStarted: Deferred | null = null;
  /** Parts waiting for their turn, by number. */
  private readonly turns = new Map<number, Deferred>();
  private gaveUp = false;
  private readonly snapshot: SnapshotUpload;
  private readonly aggregates: Promise<Aggregates>;

  private readonly turnWaitMs: number;

  constructor(
    private readonly env: Env,
    private readonly upload: ChunkedUploadRow,
    options: { turnWaitMs?: number } = {},
  ) {
    this.turnWaitMs = options.turnWaitMs ?? TURN_WAIT_MS;
    this.snapshot = new SnapshotUpload(env, upload.analysisId);
    this.aggregates = ingest(pacedBy(this.snapshot.writer, this.pieces()), {
      fileName: upload.fileName,
      byteLength: upload.fileSize,
      // As the run reads a file with no lookup files (lookup files make the run read R2).
      join: { lookups: [] },
      currency: upload.currency ?? undefined,
      snapshot: parquetSnapshot(this.snapshot.writer.push).consumer,
    });
    // The ingest stopped (it failed, or refused the file): it reads no more, so the part it
    // was reading is left to its `receive` to store.
    this.aggregates.catch(() => {
      this.giveUp();
      this.current?.read.resolve();
    });
  }

  /** Stores part `number` from `body`, reading it on the way when its turn comes; returns the R2 etag. */
  async receive(number: number, body: ReadableStream<Uint8Array>): Promise<string> {
    if (number < this.next || this.turns.has(number) || this.current?.number === number) this.giveUp();
    if (!this.gaveUp && number !== this.next) await this.waitForTurn(number);
    if (this.gaveUp) return storeUploadPart(this.env, this.upload, number, body);

    const bytes = new PartBytes(body);
    const fixed = new FixedLengthStream(partBytesOf(this.upload, number));
    const stored = storeUploadPart(this.env, this.upload, number, fixed.readable);
    // Returned below; a failure while the part is still being read is reported then.
    stored.catch(() => undefined);
    const part: ReadingPart = {
      number,
      bytes,
      store: fixed.writable.getWriter(),
      read: deferred(),
      finished: false,
    };
    this.current = part;
    this.partStarted?.resolve();
    await part.read.promise;
    if (this.current === part) this.current = null;
    try {
      // A read that gave up mid-part leaves the rest of the bytes to store here.
      if (!part.finished) await pumpRest(part.bytes, part.store);
      await part.store.close();
    } catch (error) {
      await part.store.abort(error).catch(() => undefined);
      this.giveUp();
    }
    return stored;
  }

  /**
   * The aggregates and the snapshot, when the ingest read every part and succeeded; null
   * (the read abandoned, its snapshot upload aborted) otherwise, and the run reads R2.
   */
  async result(): Promise<UploadRead | null> {
    if (this.gaveUp || this.next <= this.upload.partCount) {
      await this.abandon();
      return null;
    }
    try {
      return { aggregates: await this.aggregates, snapshot: this.snapshot };
    } catch {
      await this.abandon();
      return null;
    }
  }

  /** Gives the read up and aborts its snapshot upload; parts still arriving are stored as before. */
  async abandon(): Promise<void> {
    this.giveUp();
    await this.aggregates.catch(() => undefined);
    await this.snapshot.abort();
  }

  /**
   * The upload's bytes in file order, in pieces of at most READ_CHUNK_BYTES, each part
   * stored as it is read. While a part is being read this generator alone reads it; when
   * it stops (all read, the ingest failed, or the read gave up) the part's `receive`
   * stores whatever is left.
   */
  private async *pieces(): AsyncGenerator<Uint8Array> {
    try {
      while (this.next <= this.upload.partCount) {
        const part = await this.partToRead();
        let bytes = 0;
        // The next piece is read, and this one stored, while the ingest works on this one.
        for (let value = await part.bytes.read(); value !== null; value = await part.bytes.read()) {
          bytes += value.byteLength;
          const stored = part.store.write(value);
          // Awaited below; if the ingest stops first, `receive` reports the store's failure.
          stored.catch(() => undefined);
          part.bytes.readAhead();
          yield value;
          await stored;
          if (this.gaveUp) throw gaveUp();
        }
        if (bytes !== partBytesOf(this.upload, part.number)) throw new Error(`Part ${part.number} ended after ${bytes} bytes.`);
        part.finished = true;
        this.next++;
        part.read.resolve();
        this.turns.get(this.next)?.resolve();
      }
    } finally {
      if (this.next <= this.upload.partCount) {
        this.giveUp();
        this.current?.read.resolve();
      }
    }
  }

  /** Waits for the part whose turn it is to start. */
  private async partToRead(): Promise<ReadingPart> {
    while (this.current?.number !== this.next) {
      if (this.gaveUp) throw gaveUp();
      this.partStarted = deferred();
      await this.partStarted.promise;
    }
    return this.current as ReadingPart;
  }

  private async waitForTurn(number: number): Promise<void> {
    const turn = deferred();
    this.turns.set(number, turn);
    const timer = setTimeout(() => this.giveUp(), this.turnWaitMs);
    try {
      await turn.promise;
    } finally {
      clearTimeout(timer);
      this.turns.delete(number);
    }
  }

  private giveUp(): void {
    if (this.gaveUp) return;
    this.gaveUp = true;
    for (const turn of this.turns.values()) turn.resolve();
    this.partStarted?.resolve();
  }
}

async function pumpRest(bytes: PartBytes, store: WritableStreamDefaultWriter<ArrayBuffer | ArrayBufferView>): Promise<void> {
  for (let value = await bytes.read(); value !== null; value = await bytes.read()) await store.write(value);
}

/**
 * A part's bytes in pieces of READ_CHUNK_BYTES (the last one shorter). A request body
 * passed to a Durable Object arrives in reads of about 4 KB, each a JavaScript round
 * trip: at 1M rows, 32,000 reads made the read while uploading take 8.7 s, three times
 * the upload. The runtime's `readAtLeast` fills a whole piece per read.
 */
class PartBytes {
  private readonly reader: ReadableStreamBYOBReader;
  private ended = false;
  private next: Promise<Uint8Array | null> | null = null;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader({ mode: 'byob' });
  }

  /** The next piece (a fresh array), or null at the end. */
  read(): Promise<Uint8Array | null> {
    const next = this.next ?? this.readPiece();
    this.next = null;
    return next;
  }

  /** Starts reading the next piece now; `read` returns it. */
  readAhead(): void {
    if (this.next) return;
    this.next = this.readPiece();
    // Awaited by `read`; this only keeps a failure meanwhile from being reported as unhandled.
    this.next.catch(() => undefined);
  }

  private async readPiece(): Promise<Uint8Array | null> {
    if (this.ended) return null;
    const { value, done } = await this.reader.readAtLeast(READ_CHUNK_BYTES, new Uint8Array(READ_CHUNK_BYTES));
    const piece = value ?? new Uint8Array(0);
    if (done || piece.byteLength < READ_CHUNK_BYTES) this.ended = true;
    return piece.byteLength > 0 ? piece : null;
  }
}

/** Ends the ingest of a read that gave up (its result is never used). */
function gaveUp(): Error {
  return new Error('The read while uploading gave up.');
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
