/**
 * AnalysisJob — one SQLite-backed Durable Object per analysis (`getByName(analysisId)`).
 *
 * It owns the long-running work so it outlives the upload request: a state machine
 * `initializing → analyzing → completed | error`, advanced by alarms. A run is a pure
 * function of the upload, so an object evicted mid-run simply runs again from the start
 * on its next alarm; transcript messages and artifacts are written under keys derived
 * from the analysis id (message seq, artifact file name), so a re-run overwrites rather
 * than duplicates. After three failed attempts it gives up with a message a user can read.
 *
 * It also accepts WebSocket subscribers (hibernation API) and pushes every new message,
 * artifact and status change to them, and it watches chunked uploads so abandoned ones
 * are aborted.
 */
import { DurableObject } from 'cloudflare:workers';
import { and, eq, gte } from 'drizzle-orm';
import { database, type Database } from '../worker/db/client';
import { analyses, artifacts, fileUploads, messages, multipartUploads } from '../worker/db/schema';
import type { ArtifactFile } from '../worker/agent';
import type { MessageContent, MessageKind, TranscriptMessage } from '../worker/agent/messages';
import { todoWrite, userEvent } from '../worker/agent/messages';
import { findAnalysis, artifactDto, listMessages, messageDto, type AnalysisRow } from '../worker/db/analyses';
import type { JobStatus, LiveEvent } from '../worker/analyses/live-events';
import type { AnalysisResult } from '../worker/engine/contract';
import { siteUrl } from '../worker/auth/site-url';
import { sendAnalysisReadyEmail } from '../worker/email/mailer';
import { sha256Hex } from '../worker/lib/crypto';
import {
  UserFacingError,
  analysisJsonKey,
  analystFor,
  artifactSink,
  runAnalysisPipeline,
  transcriptSink,
  type PipelineContext,
} from './analysis-pipeline';

/** How many times a run may start before the job gives up. */
export const MAX_ATTEMPTS = 3;
/**
 * If a run is evicted mid-way, this alarm (set before the run starts) brings it back.
 * Alarms get 15 minutes of wall time, so a live run never collides with its own watchdog.
 */
const WATCHDOG_MS = 16 * 60 * 1000;
const RETRY_BACKOFF_MS = [0, 5_000, 30_000];

export type { JobStatus, LiveEvent } from '../worker/analyses/live-events';

export const FAILED_AFTER_RETRIES = 'We could not finish this analysis after several attempts. Please try uploading the file again.';

/** What a chat request came to. */
export type ChatOutcome = 'answered' | 'missing' | 'analysis-running' | 'analysis-failed' | 'reply-running';

export class AnalysisJob extends DurableObject<Env> {
  private seq = 0;
  /** One chat reply at a time per analysis (the object is single-threaded, but awaits interleave). */
  private replying = false;

  /**
   * Starts (or restarts, idempotently) the job for an analysis. The secure-link token is
   * kept only until the "analysis ready" email with the dashboard link has been sent.
   */
  async start(analysisId: string, linkToken: string): Promise<void> {
    const existing = await this.ctx.storage.get<string>('analysisId');
    if (existing === analysisId) return;
    await this.ctx.storage.put({ analysisId, attempts: 0, linkToken });
    await this.ctx.storage.delete('upload');
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** Arms the abandoned-upload check for a chunked upload that belongs to this analysis. */
  async watchUpload(uploadId: string, deadline: number): Promise<void> {
    await this.ctx.storage.put('upload', { uploadId, deadline });
    await this.ctx.storage.setAlarm(deadline);
  }

  override async alarm(): Promise<void> {
    const analysisId = await this.ctx.storage.get<string>('analysisId');
    if (!analysisId) return this.abortAbandonedUpload();
    const db = database(this.env.DB);
    const analysis = await findAnalysis(db, analysisId);
    if (!analysis || analysis.status === 'completed' || analysis.status === 'error') return;

    const attempts = ((await this.ctx.storage.get<number>('attempts')) ?? 0) + 1;
    await this.ctx.storage.put('attempts', attempts);
    if (attempts > MAX_ATTEMPTS) return this.fail(db, analysis, FAILED_AFTER_RETRIES);
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);

    try {
      await this.run(db, analysis);
      await this.ctx.storage.deleteAlarm();
    } catch (error) {
      const userMessage = userFacingMessage(error);
      if (userMessage || attempts >= MAX_ATTEMPTS) {
        await this.ctx.storage.deleteAlarm();
        return this.fail(db, analysis, userMessage ?? FAILED_AFTER_RETRIES);
      }
      console.error(`analysis ${analysisId} attempt ${attempts} failed`, error);
      await this.ctx.storage.setAlarm(Date.now() + RETRY_BACKOFF_MS[attempts]);
    }
  }

  /** WebSocket subscription (the route has already authorised the viewer). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    const analysisId = await this.ctx.storage.get<string>('analysisId');
    const analysis = analysisId ? await findAnalysis(database(this.env.DB), analysisId) : undefined;
    if (analysis) pair[1].send(JSON.stringify({ type: 'status', status: analysis.status } satisfies LiveEvent));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === 'ping') ws.send('pong');
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    ws.close(code === 1005 ? 1000 : code, 'closing');
  }

  /** One full run: every step from the upload to a completed analysis. */
  private async run(db: Database, analysis: AnalysisRow): Promise<void> {
    this.seq = 0;
    await this.setStatus(db, analysis.id, 'analyzing');
    const upload = await db.select().from(fileUploads).where(eq(fileUploads.analysisId, analysis.id)).get();
    if (!upload) throw new UserFacingError('The uploaded file could not be found. Please upload it again.');

    const context: PipelineContext = {
      env: this.env,
      analysis,
      upload,
      appendMessage: (kind, content) => this.appendMessage(db, analysis.id, kind, content),
      plan: (todos) => this.appendMessage(db, analysis.id, 'assistant', todoWrite(`plan-${this.seq}`, todos)),
      putArtifact: (file) => this.putArtifact(db, analysis.id, file),
      progress: (bytesRead, rows, totalBytes) => this.broadcast({ type: 'progress', bytesRead, totalBytes, rows }),
      setCounts: (rows, columns) =>
        db
          .update(analyses)
          .set({ rowCount: rows, columnCount: columns })
          .where(eq(analyses.id, analysis.id))
          .run()
          .then(() => undefined),
    };
    await runAnalysisPipeline(context);

    // A previous, longer attempt may have left messages past this run's end.
    await db.delete(messages).where(and(eq(messages.analysisId, analysis.id), gte(messages.seq, this.seq)));
    await db
      .update(analyses)
      .set({ status: 'completed', completedAt: new Date().toISOString(), error: null })
      .where(eq(analyses.id, analysis.id));
    this.broadcast({ type: 'status', status: 'completed' });
    await this.emailDashboardLink(analysis, upload.fileName);
  }

  /** Sends the "analysis ready" email once, then forgets the secure-link token. */
  private async emailDashboardLink(analysis: AnalysisRow, fileName: string): Promise<void> {
    const token = await this.ctx.storage.get<string>('linkToken');
    if (!token) return;
    try {
      await sendAnalysisReadyEmail(this.env, {
        to: analysis.email,
        analysisId: analysis.id,
        fileName,
        dashboardUrl: siteUrl(this.env, `/dashboard/${analysis.id}/${token}`),
        analysisUrl: siteUrl(this.env, `/analysis/${analysis.id}/${token}`),
      });
    } catch (error) {
      // The analysis is complete and viewable either way; a mail outage must not fail it.
      console.error(`analysis ${analysis.id}: ready email failed`, error);
    }
    await this.ctx.storage.delete('linkToken');
  }

  /**
   * Answers a chat question about a completed analysis: appends the question, lets the
   * analyst answer with its tools, and resolves once the answer is in the transcript.
   * One reply at a time; none while the analysis itself is running.
   */
  async chat(question: string): Promise<ChatOutcome> {
    const analysisId = await this.ctx.storage.get<string>('analysisId');
    const db = database(this.env.DB);
    const analysis = analysisId ? await findAnalysis(db, analysisId) : undefined;
    if (!analysis) return 'missing';
    if (analysis.status === 'initializing' || analysis.status === 'analyzing') return 'analysis-running';
    if (analysis.status === 'error') return 'analysis-failed';
    if (this.replying) return 'reply-running';
    this.replying = true;
    try {
      const result = await this.loadResult(analysis.id);
      const history = (await listMessages(db, analysis.id)).map((row): TranscriptMessage => ({
        kind: row.messageType,
        content: JSON.parse(row.content) as MessageContent,
      }));
      this.seq = await nextFreeSeq(db, analysis.id);
      const sinks = {
        appendMessage: (kind: MessageKind, content: MessageContent) => this.appendMessage(db, analysis.id, kind, content),
        putArtifact: (file: ArtifactFile) => this.putArtifact(db, analysis.id, file),
      };
      await sinks.appendMessage('user', userEvent({ type: 'text', text: question }));
      await analystFor(this.env).answer({
        result,
        question,
        history,
        transcript: transcriptSink(sinks),
        artifacts: artifactSink(sinks),
        idPrefix: `chat-${this.seq}`,
      });
      return 'answered';
    } finally {
      this.replying = false;
    }
  }

  private async loadResult(analysisId: string): Promise<AnalysisResult> {
    const object = await this.env.FILES.get(analysisJsonKey(analysisId));
    if (!object) throw new UserFacingError('The results of this analysis are no longer available.');
    return object.json<AnalysisResult>();
  }

  private async fail(db: Database, analysis: AnalysisRow, message: string): Promise<void> {
    const seq = await nextFreeSeq(db, analysis.id);
    this.seq = seq;
    await this.appendMessage(db, analysis.id, 'system', `Analysis failed: ${message}`);
    await db
      .update(analyses)
      .set({ status: 'error', error: message, completedAt: new Date().toISOString() })
      .where(eq(analyses.id, analysis.id));
    this.broadcast({ type: 'status', status: 'error', error: message });
  }

  private async setStatus(db: Database, analysisId: string, status: JobStatus): Promise<void> {
    await db.update(analyses).set({ status }).where(eq(analyses.id, analysisId));
    this.broadcast({ type: 'status', status });
  }

  /** Writes the next transcript message under a key, so a re-run overwrites it. */
  private async appendMessage(db: Database, analysisId: string, kind: MessageKind, content: MessageContent): Promise<void> {
    const seq = this.seq++;
    const row = {
      id: `${analysisId}:${seq}`,
      analysisId,
      seq,
      messageType: kind,
      content: JSON.stringify(content),
      createdAt: new Date().toISOString(),
    };
    await db
      .insert(messages)
      .values(row)
      .onConflictDoUpdate({ target: messages.id, set: { messageType: row.messageType, content: row.content, createdAt: row.createdAt } });
    this.broadcast({ type: 'message', message: messageDto(row) });
  }

  private async putArtifact(db: Database, analysisId: string, file: ArtifactFile): Promise<{ id: string }> {
    const key = `artifacts/${analysisId}/${file.name}`;
    const body = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body;
    await this.env.FILES.put(key, body, { httpMetadata: { contentType: file.contentType } });
    const id = (await sha256Hex(`${analysisId}/${file.name}`)).slice(0, 32);
    const row = {
      id,
      analysisId,
      artifactType: file.type,
      fileName: file.name,
      fileLocation: key,
      fileSize: body.byteLength,
      contentType: file.contentType,
      createdAt: new Date().toISOString(),
    };
    await db
      .insert(artifacts)
      .values(row)
      .onConflictDoUpdate({ target: artifacts.id, set: { fileSize: row.fileSize, contentType: row.contentType } });
    this.broadcast({ type: 'artifact', artifact: artifactDto(row) });
    return { id };
  }

  private async abortAbandonedUpload(): Promise<void> {
    const watch = await this.ctx.storage.get<{ uploadId: string; deadline: number }>('upload');
    if (!watch) return;
    if (Date.now() < watch.deadline) {
      await this.ctx.storage.setAlarm(watch.deadline);
      return;
    }
    const db = database(this.env.DB);
    const upload = await db.select().from(multipartUploads).where(eq(multipartUploads.id, watch.uploadId)).get();
    if (upload) {
      const key = `uploads/${upload.analysisId}/${upload.fileName}`;
      await this.env.FILES.resumeMultipartUpload(key, upload.r2UploadId)
        .abort()
        .catch(() => undefined);
      await db.delete(multipartUploads).where(eq(multipartUploads.id, upload.id));
    }
    await this.ctx.storage.delete('upload');
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

function userFacingMessage(error: unknown): string | null {
  if (error instanceof UserFacingError) return error.message;
  if (error instanceof Error && error.name === 'EngineError') return error.message;
  return null;
}

async function nextFreeSeq(db: Database, analysisId: string): Promise<number> {
  const rows = await db.select({ seq: messages.seq }).from(messages).where(eq(messages.analysisId, analysisId)).all();
  return rows.reduce((max, row) => Math.max(max, row.seq + 1), 0);
}
