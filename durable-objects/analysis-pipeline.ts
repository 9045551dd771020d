/**
 * The steps of one analysis run, in order, as the AnalysisJob drives them. Each step
 * reports progress through the context: a `TodoWrite` plan whose items move
 * pending → in_progress → completed, transcript messages, and artifacts.
 */
import type { MessageContent, MessageKind, TodoItem } from '../worker/agent/messages';
import { assistantEvent } from '../worker/agent/messages';
import type { AnalysisRow, FileUploadRow } from '../worker/db/analyses';
import type { ArtifactFile } from './analysis-job';
import { UserFacingError } from './analysis-job';

export interface PipelineContext {
  env: Env;
  analysis: AnalysisRow;
  upload: FileUploadRow;
  appendMessage(kind: MessageKind, content: MessageContent): Promise<void>;
  plan(todos: TodoItem[]): Promise<void>;
  putArtifact(file: ArtifactFile): Promise<{ id: string }>;
  setCounts(rows: number, columns: number): Promise<void>;
}

/** A plan whose items advance as steps finish. */
class Plan {
  private readonly items: TodoItem[];
  constructor(
    private readonly context: PipelineContext,
    steps: string[],
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
export async function runAnalysisPipeline(context: PipelineContext): Promise<void> {
  const plan = new Plan(context, ['Read and profile the uploaded file', 'Summarise the dataset']);
  await plan.begin(0);
  const object = await context.env.FILES.get(context.upload.fileLocation);
  if (!object) throw new UserFacingError('The uploaded file could not be found. Please upload it again.');
  const profile = await profileDelimitedText(object.body);
  await context.setCounts(profile.rows, profile.columns.length);
  await plan.complete(0);
  await plan.begin(1);
  await context.appendMessage(
    'assistant',
    assistantEvent({
      type: 'text',
      text: `I read **${profile.rows.toLocaleString('en-US')} rows** and **${profile.columns.length} columns** from ${context.upload.fileName}: ${profile.columns.join(', ')}.`,
    }),
  );
  await context.putArtifact({
    name: 'profile.json',
    type: 'data',
    contentType: 'application/json',
    body: JSON.stringify(profile, null, 2),
  });
  await plan.complete(1);
}

/** Rows and header of a delimited text stream, read chunk by chunk. */
async function profileDelimitedText(stream: ReadableStream<Uint8Array>): Promise<{ rows: number; columns: string[] }> {
  const decoder = new TextDecoder();
  let header: string | null = null;
  let carry = '';
  let rows = 0;
  for await (const chunk of stream) {
    const text = carry + decoder.decode(chunk, { stream: true });
    const lines = text.split(/\r?\n/);
    carry = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      if (header === null) header = line;
      else rows++;
    }
  }
  if (carry.trim()) {
    if (header === null) header = carry;
    else rows++;
  }
  if (header === null) throw new UserFacingError('The file is empty');
  const delimiter = [',', ';', '\t', '|'].reduce((best, d) => (header!.split(d).length > header!.split(best).length ? d : best), ',');
  return { rows, columns: header.split(delimiter).map((c) => c.trim().replace(/^"|"$/g, '')) };
}
