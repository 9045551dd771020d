/**
 * AnalysisJob — one SQLite-backed Durable Object per analysis (`getByName(analysisId)`), a
 * state machine whose phase is stored by name and changed only by `transition()`:
 *
 *   idle → uploading (chunked upload) → running → completed | failed;  uploading → idle (abandoned)
 *
 * The alarm dispatches on the phase: `uploading` aborts the upload once its deadline passes;
 * `running` makes one attempt. A run is a pure function of the upload, so an evicted run
 * starts again on its watchdog alarm, and keyed messages and artifacts make a re-run
 * overwrite, not duplicate. After three failed attempts it gives up with a readable message.
 * Besides transitions the object keeps the live push and the one-reply-at-a-time chat
 * gate; storage (rows, R2 keys, the email, the upload abort) belongs to `worker/analyses/`.
 */
import { DurableObject } from 'cloudflare:workers';
import type { ArtifactFile } from '../worker/agent';
import { todoWrite, type MessageContent, type MessageKind } from '../worker/agent/messages';
import type { LiveEvent } from '../worker/analyses/live-events';
import { emailDashboardLink } from '../worker/analyses/ready-email';
import { failureOf, recordCompletion, recordFailure, type Fault } from '../worker/analyses/run-outcome';
import { saveArtifact, UserFacingError } from '../worker/analyses/stored-results';
import { writeMessage } from '../worker/analyses/transcript';
import { abortChunkedUpload, storeUploadPart, type ChunkedUploadRow } from '../worker/analyses/uploads';
import * as rows from '../worker/db/analyses';
import { database } from '../worker/db/client';
import { answerChatQuestion, runAnalysisPipeline } from './analysis-pipeline';
import { ReadWhileUploading } from './read-while-uploading';

/** How many times a run may start before the job gives up. */
export const MAX_ATTEMPTS = 3;
/** Brings an evicted run back; alarms get 15 minutes of wall time, so a live run never meets it. */
const WATCHDOG_MS = 16 * 60 * 1000;
const RETRY_BACKOFF_MS = [0, 5_000, 30_000];

export type { JobStatus, LiveEvent } from '../worker/analyses/live-events';

export const FAILED_AFTER_RETRIES = 'We could not finish this analysis after several attempts. Please try uploading the file again.';

export type Phase = 'idle' | 'uploading' | 'running' | 'completed' | 'failed';
const NEXT: Record<Phase, readonly Phase[]> = {
  idle: ['uploading', 'running'],
  uploading: ['running', 'idle'],
  running: ['completed', 'failed'],
  completed: [],
  failed: [],
};

/** What the object stores beside its phase; `linkToken` only until the ready email is sent. */
interface Stored {
  analysisId: string;
  attempts: number;
  linkToken: string;
  /** `reading`: a read while uploading began (an object reset mid-upload must not begin another). */
  upload: { uploadId: string; deadline: number; reading?: boolean };
}

/** What a chat request came to. */
export type ChatOutcome = 'answered' | 'missing' | 'analysis-running' | 'analysis-failed' | 'reply-running';

export class AnalysisJob extends DurableObject<Env> {
  /** The next transcript seq this object writes. */
  private seq = 0;
  private replying = false;
  /** The chunked upload read as its parts arrive (read-while-uploading.ts); in memory only. */
  private reading: ReadWhileUploading | null = null;

  /** Arms the abandoned-upload check for a chunked upload that belongs to this analysis. */
  async watchUpload(uploadId: string, deadline: number): Promise<void> {
    await this.transition('uploading', { upload: { uploadId, deadline } });
    await this.ctx.storage.setAlarm(deadline);
  }

  /**
   * Stores a part of this analysis's chunked upload and reads it on the way (see
   * read-while-uploading.ts). An object reset mid-upload stores the remaining parts as
   * the Worker would, and the run reads the stored file.
   */
  async receivePart(upload: ChunkedUploadRow, partNumber: number, body: ReadableStream<Uint8Array>): Promise<string> {
    if (!this.reading && (await this.phase()) === 'uploading') {
      const watched = await this.get('upload');
      if (!this.reading && watched?.uploadId === upload.id && !watched.reading) {
        this.reading = new ReadWhileUploading(this.env, upload);
        await this.ctx.storage.put('upload', { ...watched, reading: true });
      }
    }
    return this.reading ? this.reading.receive(partNumber, body) : storeUploadPart(this.env, upload, partNumber, body);
  }

  /** Starts the job for an uploaded file; a repeated start is ignored. */
  async start(analysisId: string, linkToken: string): Promise<void> {
    if (!NEXT[await this.phase()].includes('running')) return;
    await this.ctx.storage.delete('upload');
    await this.transition('running', { analysisId, attempts: 0, linkToken });
    await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const phase = await this.phase();
    if (phase === 'uploading') return this.abortIfAbandoned();
    if (phase === 'running') return this.attempt();
  }

  /** Stores the next phase (with any values that go with it), refusing a move the machine lacks. */
  private async transition(to: Phase, values: Partial<Stored> = {}): Promise<void> {
    const from = await this.phase();
    if (!NEXT[from].includes(to)) throw new Error(`AnalysisJob: no transition ${from} → ${to}`);
    await this.ctx.storage.put({ ...values, phase: to });
  }

  private async phase(): Promise<Phase> {
    return (await this.ctx.storage.get<Phase>('phase')) ?? 'idle';
  }

  private get<K extends keyof Stored>(key: K): Promise<Stored[K] | undefined> {
    return this.ctx.storage.get<Stored[K]>(key);
  }

  private async abortIfAbandoned(): Promise<void> {
    const upload = await this.get('upload');
    if (upload && Date.now() < upload.deadline) return this.ctx.storage.setAlarm(upload.deadline);
    await this.takeReading()?.abandon();
    if (upload) await abortChunkedUpload(this.env, upload.uploadId);
    await this.ctx.storage.delete('upload');
    await this.transition('idle');
  }

  /** One attempt at the run, with the watchdog armed; retries or gives up on failure. */
  private async attempt(): Promise<void> {
    const db = database(this.env.DB);
    const analysis = await rows.findAnalysis(db, (await this.get('analysisId')) ?? '');
    if (!analysis) return;
    const attempts = ((await this.get('attempts')) ?? 0) + 1;
    await this.ctx.storage.put('attempts', attempts);
    if (attempts > MAX_ATTEMPTS) return this.fail(analysis, FAILED_AFTER_RETRIES);
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    try {
      await this.run(analysis);
      await this.ctx.storage.deleteAlarm();
    } catch (error) {
      const failure = failureOf(error);
      if (failure || attempts >= MAX_ATTEMPTS) {
        await this.ctx.storage.deleteAlarm();
        return this.fail(analysis, failure?.message ?? FAILED_AFTER_RETRIES, failure?.fault ?? 'server');
      }
      console.error(`analysis ${analysis.id} attempt ${attempts} failed`, error);
      await this.ctx.storage.setAlarm(Date.now() + RETRY_BACKOFF_MS[attempts]);
    }
  }

  /** One full run: every step from the upload to a completed analysis. */
  private async run(analysis: rows.AnalysisRow): Promise<void> {
    const db = database(this.env.DB);
    this.seq = 0;
    await rows.setAnalysisStatus(db, analysis.id, 'analyzing');
    this.broadcast({ type: 'status', status: 'analyzing' });
    const upload = await rows.findPrimaryUpload(db, analysis.id);
    if (!upload) throw new UserFacingError('The uploaded file could not be found. Please upload it again.');
    await runAnalysisPipeline({
      env: this.env,
      analysis,
      upload,
      // Only the first attempt: a retry reads the stored upload.
      readWhileUploading: this.takeReading(),
      appendMessage: (kind, content) => this.appendMessage(analysis.id, kind, content),
      plan: (todos) => this.appendMessage(analysis.id, 'assistant', todoWrite(`plan-${this.seq}`, todos)),
      putArtifact: (file) => this.putArtifact(analysis.id, file),
      artifactStored: (row) => this.broadcast({ type: 'artifact', artifact: rows.artifactDto(row) }),
      progress: (bytesRead, rowsRead, totalBytes) => this.broadcast({ type: 'progress', bytesRead, totalBytes, rows: rowsRead }),
    });
    await recordCompletion(this.env, analysis.id, this.seq);
    await this.transition('completed');
    this.broadcast({ type: 'status', status: 'completed' });
    const linkToken = await this.get('linkToken');
    if (linkToken) await emailDashboardLink(this.env, analysis, upload.fileName, linkToken);
    await this.ctx.storage.delete('linkToken');
  }

  private takeReading(): ReadWhileUploading | null {
    const reading = this.reading;
    this.reading = null;
    return reading;
  }

  private async fail(analysis: rows.AnalysisRow, message: string, fault: Fault = 'server'): Promise<void> {
    this.seq = await rows.nextFreeSeq(database(this.env.DB), analysis.id);
    await this.appendMessage(analysis.id, 'system', `Analysis failed: ${message}`);
    await recordFailure(this.env, analysis.id, message, fault);
    await this.transition('failed');
    this.broadcast({ type: 'status', status: 'error', error: message });
  }

  /** Answers a question about a completed analysis, one reply at a time; resolves once it is stored. */
  async chat(analysisId: string, question: string): Promise<ChatOutcome> {
    const db = database(this.env.DB);
    const analysis = await rows.findAnalysis(db, analysisId);
    if (!analysis) return 'missing';
    if (analysis.status === 'initializing' || analysis.status === 'analyzing') return 'analysis-running';
    if (analysis.status === 'error') return 'analysis-failed';
    if (this.replying) return 'reply-running';
    this.replying = true;
    try {
      this.seq = await rows.nextFreeSeq(db, analysisId);
      await answerChatQuestion({
        env: this.env,
        analysisId,
        question,
        idPrefix: `chat-${this.seq}`,
        appendMessage: (kind, content) => this.appendMessage(analysisId, kind, content),
        putArtifact: (file) => this.putArtifact(analysisId, file),
      });
      return 'answered';
    } finally {
      this.replying = false;
    }
  }

  /** WebSocket subscription (the route has already authorised the viewer). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    const analysisId = await this.get('analysisId');
    const analysis = analysisId ? await rows.findAnalysis(database(this.env.DB), analysisId) : undefined;
    if (analysis) pair[1].send(JSON.stringify({ type: 'status', status: analysis.status } satisfies LiveEvent));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === 'ping') ws.send('pong');
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    ws.close(code === 1005 ? 1000 : code, 'closing');
  }

  private async appendMessage(analysisId: string, kind: MessageKind, content: MessageContent): Promise<void> {
    const row = await writeMessage(database(this.env.DB), analysisId, this.seq++, kind, content);
    this.broadcast({ type: 'message', message: rows.messageDto(row) });
  }

  private async putArtifact(analysisId: string, file: ArtifactFile): Promise<{ id: string }> {
    const row = await saveArtifact(this.env, analysisId, file);
    this.broadcast({ type: 'artifact', artifact: rows.artifactDto(row) });
    return { id: row.id };
  }

  private broadcast(event: LiveEvent): void {
    const payload = JSON.stringify(event);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(payload);
      } catch {
        // A socket that closed between getWebSockets() and send() is simply skipped.
      }
    }
  }
}
