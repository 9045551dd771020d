/**
 * Writes the analyst's side of the transcript in the spec's message shape: assistant
 * text, a `tool_use` followed by its `tool_result` (reported as a user turn, as in the
 * Claude transcript the client renders), inline chart images, system notes, and the
 * `TodoWrite` plan. Messages are appended one at a time, in order.
 */
import { assistantEvent, todoWrite, userEvent, type ContentBlock, type TodoItem } from './messages';
import type { TranscriptSink } from './sinks';
import type { ToolArtifact, ToolOutcome } from './tools/tool-kit';

export class TranscriptWriter {
  private counter = 0;

  /** `idPrefix` keeps tool-use ids unique across runs appended to one transcript. */
  constructor(
    private readonly sink: TranscriptSink,
    private readonly idPrefix: string,
  ) {}

  /** A fresh tool-use id, e.g. `narrate-3`. */
  nextId(): string {
    this.counter += 1;
    return `${this.idPrefix}-${this.counter}`;
  }

  /** An assistant text block (markdown). */
  async text(markdown: string): Promise<void> {
    await this.sink.append({ kind: 'assistant', content: assistantEvent({ type: 'text', text: markdown }) });
  }

  /** A plain-text system note, e.g. that the AI narrative was unavailable. */
  async system(note: string): Promise<void> {
    await this.sink.append({ kind: 'system', content: note });
  }

  /** The tool call, optionally preceded by a sentence saying why it is made. */
  async toolUse(id: string, name: string, input: unknown, lead?: string): Promise<void> {
    const blocks: ContentBlock[] = lead ? [{ type: 'text', text: lead }] : [];
    blocks.push({ type: 'tool_use', id, name, input });
    await this.sink.append({ kind: 'assistant', content: assistantEvent(...blocks) });
  }

  /** The tool's result, then the chart it drew, if any. */
  async toolResult(id: string, outcome: Pick<ToolOutcome, 'content' | 'isError' | 'artifact'>): Promise<void> {
    await this.sink.append({
      kind: 'user',
      content: userEvent({ type: 'tool_result', tool_use_id: id, content: outcome.content, is_error: outcome.isError }),
    });
    if (outcome.artifact) await this.image(outcome.artifact);
  }

  /** A chart shown inline. */
  async image(artifact: ToolArtifact): Promise<void> {
    await this.sink.append({
      kind: 'assistant',
      content: assistantEvent({ type: 'image', artifact_id: artifact.id, file_name: artifact.fileName, alt: artifact.alt }),
    });
  }

  /** The whole plan as one `TodoWrite` call. */
  async plan(todos: TodoItem[]): Promise<void> {
    await this.sink.append({ kind: 'assistant', content: todoWrite(this.nextId(), todos) });
  }
}

/**
 * A `TodoWrite` checklist whose items move pending → in_progress → completed. Every
 * change is written as a new `TodoWrite` carrying the whole list, as the client expects.
 */
export class Plan {
  private readonly items: TodoItem[];
  /** Index of the analyst's first own step (after `completedBefore`). */
  private readonly offset: number;

  constructor(
    private readonly writer: TranscriptWriter,
    steps: readonly string[],
    /** Steps already done before the analyst started (e.g. the DO's "read the file"). */
    completedBefore: readonly string[] = [],
  ) {
    this.items = [
      ...completedBefore.map((content, index): TodoItem => ({ id: String(index + 1), content, status: 'completed' })),
      ...steps.map((content, index): TodoItem => ({ id: String(completedBefore.length + index + 1), content, status: 'pending' })),
    ];
    this.offset = completedBefore.length;
  }

  /** Writes the opening plan, with the first step in progress. */
  async open(): Promise<void> {
    if (this.items.length > this.offset) this.items[this.offset].status = 'in_progress';
    await this.write();
  }

  /** Completes step `index` and starts the next one, in one `TodoWrite`. */
  async advance(index: number): Promise<void> {
    this.items[this.offset + index].status = 'completed';
    const next = this.items[this.offset + index + 1];
    if (next) next.status = 'in_progress';
    await this.write();
  }

  /** The plan as it stands. */
  snapshot(): TodoItem[] {
    return this.items.map((item) => ({ ...item }));
  }

  private async write(): Promise<void> {
    await this.writer.plan(this.snapshot());
  }
}
