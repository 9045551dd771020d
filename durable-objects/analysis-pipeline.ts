/**
 * The steps of one analysis run, in order, as the AnalysisJob drives them: stream the
 * upload through the engine in one pass, compute the six analyses, render and store the
 * artifacts, then let the analyst narrate. Progress shows as a `TodoWrite` plan whose
 * items move pending → in_progress → completed; the analyst continues the same plan.
 */
import {
  analystConfigFromEnv,
  createAnalyst,
  type Analyst,
  type ArtifactFile,
  type ArtifactSink,
  type TranscriptSink,
} from '../worker/agent';
import type { FocusAreaId } from '../worker/agent/focus-areas';
import { userEvent, type MessageContent, type MessageKind, type TodoItem } from '../worker/agent/messages';
import { SnapshotUpload, loadSnapshot } from '../worker/analyses/row-snapshot';
import { UserFacingError, loadStoredResult, saveCustomerAttributes, type CustomerAttributes } from '../worker/analyses/stored-results';
import { transcriptHistory } from '../worker/analyses/transcript';
import { setAnalysisCounts, type AnalysisRow, type ArtifactRow, type FileUploadRow } from '../worker/db/analyses';
import { database } from '../worker/db/client';
import type { Aggregates } from '../worker/engine/aggregate/types';
import { analyse } from '../worker/engine/analyze';
import { defaultBridgeOf } from '../worker/engine/analyses/pvm-bridge';
import type { AnalysisResult } from '../worker/engine/contract';
import { ingest } from '../worker/engine/ingest';
import { rangedChunks } from '../worker/engine/ingest/source';
import { r2RangeReader } from '../worker/lib/r2-reader';
import { pacedBy } from '../worker/lib/part-writer';
import { renderArtifacts } from '../worker/engine/render';
import { svgToPng } from '../worker/render-png';
import { joinOptionOf } from './lookup-files';
import type { ReadWhileUploading, UploadRead } from './read-while-uploading';
import { parquetSnapshot } from '../worker/engine/snapshot/parquet-write';

export interface PipelineContext {
  env: Env;
  analysis: AnalysisRow;
  upload: FileUploadRow;
  /** The chunked upload as the job read it while it arrived, if it did (the run may still read R2). */
  readWhileUploading?: ReadWhileUploading | null;
  appendMessage(kind: MessageKind, content: MessageContent): Promise<void>;
  plan(todos: TodoItem[]): Promise<void>;
  putArtifact(file: ArtifactFile): Promise<{ id: string }>;
  /** Announces an artifact whose row is already stored (the streamed snapshot and its CSV copy). */
  artifactStored(row: ArtifactRow): void;
  /** Reading progress for live subscribers (not persisted). */
  progress(bytesRead: number, rows: number, totalBytes: number): void;
}

/** Progress is pushed once per this many bytes read, so a fast read doesn't flood the sockets. */
export const PROGRESS_STEP_BYTES = 4 * 1024 * 1024;

const ENGINE_STEPS = [
  'Read the file and aggregate every row',
  'Compute segments, concentration, churn, products, suppliers, cross-sell, cohorts and the revenue bridge',
  'Render charts, reports, exports and the dashboard',
] as const;
const NARRATE_STEP = 'Write up the findings';
/** The charts also stored as PNG, for email clients and viewers without SVG. */
const PNG_CHARTS = new Set(['top-customers.svg', 'monthly-trend.svg', 'cohort-heatmap.svg', 'revenue-bridge.svg']);

/** A plan whose items advance as steps finish; each change is one `TodoWrite` message. */
class Plan {
  private readonly items: TodoItem[];
  constructor(
    private readonly context: PipelineContext,
    steps: readonly string[],
  ) {
    this.items = steps.map((content, index) => ({ id: String(index + 1), content, status: 'pending' }));
  }
  async begin(index: number): Promise<void> {
    this.items[index].status = 'in_progress';
    await this.context.plan(this.items.map((item) => ({ ...item })));
  }
  async complete(index: number): Promise<void> {
    this.items[index].status = 'completed';
    await this.context.plan(this.items.map((item) => ({ ...item })));
  }
}

/** Runs the whole analysis for the context's upload. */
export async function runAnalysisPipeline(context: PipelineContext): Promise<AnalysisResult> {
  const plan = new Plan(context, [...ENGINE_STEPS, NARRATE_STEP]);
  const { result, attributes } = await readAndAnalyse(context, plan);
  // The cleaned rows, read back by ranges: the revenue bridge scans them now, query_data in chat later.
  const snapshot = await loadSnapshot(context.env, context.analysis.id);
  result.bridge = await defaultBridgeOf(snapshot ?? null, result.asOf);
  await plan.complete(1);

  await plan.begin(2);
  for (const file of renderArtifacts(result)) {
    await context.putArtifact(file);
    if (PNG_CHARTS.has(file.name) && typeof file.body === 'string') {
      await context.putArtifact({
        name: file.name.replace(/\.svg$/, '.png'),
        type: 'chart',
        contentType: 'image/png',
        body: await svgToPng(file.body),
      });
    }
  }
  await plan.complete(2);

  // The analyst continues the checklist from here with its own steps.
  await analystFor(context.env).narrate({
    result,
    focus: context.analysis.analysisType as FocusAreaId,
    question: context.analysis.initialMessage,
    completedSteps: ENGINE_STEPS,
    transcript: transcriptSink(context),
    artifacts: artifactSink(context),
    customerRegions: attributes.region,
    snapshot,
  });
  return result;
}

/**
 * Step 1 and most of step 2: the one pass over the upload, its row snapshot streamed to
 * R2 meanwhile (rows.parquet, and the CSV copy made from it on download), then the
 * analyses. Only the result and the attributes leave, so the aggregates (about 45 MB at
 * 1M rows) are garbage before the bridge, rendering and PNG rasterising start.
 */
async function readAndAnalyse(context: PipelineContext, plan: Plan) {
  await plan.begin(0);
  const join = await joinOptionOf(context.env, context.analysis.id);
  const { aggregates, snapshot } = (await readWhileUploaded(context, join)) ?? (await readStoredUpload(context, join));
  for (const row of await snapshot.finish()) context.artifactStored(row);
  await setAnalysisCounts(database(context.env.DB), context.analysis.id, aggregates.profile.rowsRead, aggregates.profile.columns.length);
  await plan.complete(0);

  await plan.begin(1);
  const result = analyse(aggregates);
  const attributes = customerAttributesOf(aggregates);
  // Kept beside analysis.json so a chat question can filter customers by region later.
  await saveCustomerAttributes(context.env, context.analysis.id, attributes);
  return { result, attributes };
}

type JoinOption = Awaited<ReturnType<typeof joinOptionOf>>;

/** The job's read of the upload as it arrived, when it read every part and no lookup file joins it. */
async function readWhileUploaded(context: PipelineContext, { join }: JoinOption): Promise<UploadRead | null> {
  const read = context.readWhileUploading;
  if (!read) return null;
  if (join && join.lookups.length > 0) {
    await read.abandon();
    return null;
  }
  return read.result();
}

async function readStoredUpload(context: PipelineContext, join: JoinOption): Promise<UploadRead> {
  const snapshot = new SnapshotUpload(context.env, context.analysis.id);
  const aggregates = await readUpload(context, snapshot, join).catch(async (error: unknown) => {
    await snapshot.abort();
    throw error;
  });
  return { aggregates, snapshot };
}

/** Reads the upload from R2 through the engine by ranges: one pass, bounded memory. */
async function readUpload(context: PipelineContext, upload: SnapshotUpload, join: JoinOption): Promise<Aggregates> {
  const object = await context.env.FILES.head(context.upload.fileLocation);
  const gone = () => new UserFacingError('The uploaded file could not be found. Please upload it again.');
  if (!object) throw gone();
  let nextReport = PROGRESS_STEP_BYTES;
  const chunks = rangedChunks(object.size, r2RangeReader(context.env.FILES, object, gone));
  return ingest(pacedBy(upload.writer, chunks), {
    fileName: context.upload.fileName,
    byteLength: object.size,
    ...join,
    // The user's choice at upload replaces the currency the file shows (null: detect it).
    currency: context.analysis.currency ?? undefined,
    snapshot: parquetSnapshot(upload.writer.push).consumer,
    onProgress: ({ bytesRead, rows }) => {
      if (bytesRead < nextReport) return;
      nextReport = (Math.floor(bytesRead / PROGRESS_STEP_BYTES) + 1) * PROGRESS_STEP_BYTES;
      context.progress(bytesRead, rows, object.size);
    },
  });
}

/** What a chat answer needs from the job: where the transcript and artifacts go. */
export interface ChatContext extends Pick<PipelineContext, 'env' | 'appendMessage' | 'putArtifact'> {
  analysisId: string;
  question: string;
  idPrefix: string;
}

/**
 * Answers a follow-up question: appends it to the transcript, then lets the analyst
 * answer from the stored result, filtering customers by the stored attributes, and
 * querying the stored row snapshot (`rows.parquet`) for exact figures.
 */
export async function answerChatQuestion(context: ChatContext): Promise<void> {
  const [{ result, attributes }, snapshot] = await Promise.all([
    loadStoredResult(context.env, context.analysisId),
    loadSnapshot(context.env, context.analysisId),
  ]);
  const history = await transcriptHistory(database(context.env.DB), context.analysisId);
  await context.appendMessage('user', userEvent({ type: 'text', text: context.question }));
  await analystFor(context.env).answer({
    result,
    question: context.question,
    history,
    transcript: transcriptSink(context),
    artifacts: artifactSink(context),
    idPrefix: context.idPrefix,
    customerRegions: attributes?.region,
    snapshot,
  });
}

/** The analyst configured by the Worker's vars (offline unless a model is configured). */
export function analystFor(env: Env): Analyst {
  return createAnalyst(analystConfigFromEnv(env));
}

/** The analyst's transcript sink over the job's message writer. */
export function transcriptSink(context: Pick<PipelineContext, 'appendMessage'>): TranscriptSink {
  return { append: (message) => context.appendMessage(message.kind, message.content) };
}

/** The analyst's artifact sink over the job's artifact writer. */
export function artifactSink(context: Pick<PipelineContext, 'putArtifact'>): ArtifactSink {
  return { put: (file) => context.putArtifact(file) };
}

/** The categorical attributes the engine keeps per customer (today: region). */
function customerAttributesOf(aggregates: Aggregates): CustomerAttributes {
  const region: Record<string, string | null> = {};
  const { ids, regions } = aggregates.customers;
  for (let i = 0; i < ids.length; i++) region[ids[i]] = regions[i];
  return { region };
}
