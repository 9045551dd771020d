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
import {
  UserFacingError,
  loadSnapshot,
  loadStoredResult,
  saveCustomerAttributes,
  type CustomerAttributes,
} from '../worker/analyses/stored-results';
import { transcriptHistory } from '../worker/analyses/transcript';
import { setAnalysisCounts, type AnalysisRow, type FileUploadRow } from '../worker/db/analyses';
import { database } from '../worker/db/client';
import type { Aggregates } from '../worker/engine/aggregate/types';
import { analyse } from '../worker/engine/analyze';
import { defaultBridgeOf } from '../worker/engine/analyses/pvm-bridge';
import type { AnalysisResult } from '../worker/engine/contract';
import { ingest } from '../worker/engine/ingest';
import type { SnapshotConsumer } from '../worker/engine/snapshot/row-sink';
import { renderArtifacts } from '../worker/engine/render';
import { svgToPng } from '../worker/render-png';
import { joinOptionOf } from './lookup-files';
import { snapshotFilesOf } from '../worker/engine/snapshot/files';
import { parquetSnapshot } from '../worker/engine/snapshot/parquet-write';
import { readParquetSnapshot } from '../worker/engine/snapshot/parquet-read';

export interface PipelineContext {
  env: Env;
  analysis: AnalysisRow;
  upload: FileUploadRow;
  appendMessage(kind: MessageKind, content: MessageContent): Promise<void>;
  plan(todos: TodoItem[]): Promise<void>;
  putArtifact(file: ArtifactFile): Promise<{ id: string }>;
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
  await plan.begin(0);
  const parquet = parquetSnapshot();
  const aggregates = await readUpload(context, parquet.consumer);
  await setAnalysisCounts(database(context.env.DB), context.analysis.id, aggregates.profile.rowsRead, aggregates.profile.columns.length);
  await plan.complete(0);

  await plan.begin(1);
  const result = analyse(aggregates);
  // The cleaned rows: the revenue bridge scans them now, query_data in chat later.
  const rows = aggregates.profile.grain === 'customers' ? null : parquet.bytes();
  result.bridge = await defaultBridgeOf(rows ? readParquetSnapshot(rows) : null, result.asOf);
  const attributes = customerAttributesOf(aggregates);
  // Kept beside analysis.json so a chat question can filter customers by region later.
  await saveCustomerAttributes(context.env, context.analysis.id, attributes);
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
  // The cleaned rows (query_data's snapshot) as Parquet and formula-safe CSV downloads.
  if (rows) for await (const file of snapshotFilesOf(rows)) await context.putArtifact(file);
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
    snapshot: rows ? readParquetSnapshot(rows) : undefined,
  });
  return result;
}

/** Streams the upload from R2 through the engine: one pass, bounded memory. */
async function readUpload(context: PipelineContext, snapshot: SnapshotConsumer): Promise<Aggregates> {
  const object = await context.env.FILES.get(context.upload.fileLocation);
  if (!object) throw new UserFacingError('The uploaded file could not be found. Please upload it again.');
  let nextReport = PROGRESS_STEP_BYTES;
  return ingest(object.body, {
    fileName: context.upload.fileName,
    ...(await joinOptionOf(context.env, context.analysis.id)),
    snapshot,
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
