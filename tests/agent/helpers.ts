/**
 * In-memory sinks for analyst tests: the transcript as an array, artifacts as a list.
 */
import { createAnalyst, type FocusAreaId } from '../../worker/agent';
import type { TranscriptMessage } from '../../worker/agent/messages';
import type { AnalysisResult } from '../../worker/engine/contract';
import type { Snapshot } from '../../worker/engine/snapshot/columns';
import type { ArtifactFile, ArtifactSink, TranscriptSink } from '../../worker/agent/sinks';

export interface MemoryTranscript extends TranscriptSink {
  messages: TranscriptMessage[];
}

export function memoryTranscript(): MemoryTranscript {
  const messages: TranscriptMessage[] = [];
  return {
    messages,
    async append(message) {
      messages.push(structuredClone(message));
    },
  };
}

export interface MemoryArtifacts extends ArtifactSink {
  files: (ArtifactFile & { id: string })[];
}

export function memoryArtifacts(): MemoryArtifacts {
  const files: (ArtifactFile & { id: string })[] = [];
  return {
    files,
    async put(file) {
      const id = `artifact-${files.length + 1}`;
      files.push({ ...file, id });
      return { id };
    },
  };
}

/** Every block of every stream event, in order, with the message kind. */
export function blocksOf(messages: TranscriptMessage[]) {
  return messages.flatMap((m) =>
    typeof m.content === 'string' ? [] : m.content.message_data.content.map((block) => ({ kind: m.kind, block })),
  );
}

/** The text of assistant text blocks, in order. */
export function assistantTexts(messages: TranscriptMessage[]): string[] {
  return blocksOf(messages).flatMap(({ kind, block }) => (kind === 'assistant' && block.type === 'text' ? [block.text] : []));
}

/** The last assistant text (the summary or the answer). */
export function lastText(messages: TranscriptMessage[]): string {
  const texts = assistantTexts(messages);
  return texts[texts.length - 1] ?? '';
}

/** A compact trace: `use:get_overview`, `result:get_overview`, `todo`, `text`, `image`, `system`. */
export function trace(messages: TranscriptMessage[]): string[] {
  const names = new Map<string, string>();
  const out: string[] = [];
  for (const m of messages) {
    if (typeof m.content === 'string') {
      out.push('system');
      continue;
    }
    for (const block of m.content.message_data.content) {
      if (block.type === 'tool_use') {
        names.set(block.id, block.name);
        out.push(block.name === 'TodoWrite' ? 'todo' : `use:${block.name}`);
      } else if (block.type === 'tool_result') {
        out.push(`${block.is_error ? 'error' : 'result'}:${names.get(block.tool_use_id) ?? '?'}`);
      } else if (block.type === 'image') {
        out.push('image');
      } else if (m.kind === 'assistant') {
        // Lead sentences travel in the same message as the tool_use; only standalone texts count.
        if (m.content.message_data.content.length === 1) out.push('text');
      }
    }
  }
  return out;
}

/** Asks the offline analyst one question; returns its last text and the trace of tool calls. */
export async function askOffline(
  question: string,
  result: AnalysisResult,
  snapshot?: Snapshot,
  customerRegions?: Readonly<Record<string, string | null>>,
) {
  const transcript = memoryTranscript();
  await createAnalyst({ kind: 'offline' }).answer({
    result,
    question,
    history: [],
    transcript,
    artifacts: memoryArtifacts(),
    ...(snapshot ? { snapshot } : {}),
    ...(customerRegions ? { customerRegions } : {}),
  });
  return { answer: lastText(transcript.messages), trace: trace(transcript.messages) };
}

/**
 * Runs the offline analyst's narrative over a result; returns the transcript messages, the
 * artifacts it wrote and the final report text.
 */
export async function narrateOffline(
  result: AnalysisResult,
  focus: FocusAreaId = 'comprehensive',
  question: string | null = null,
  completedSteps?: string[],
  snapshot?: Snapshot,
) {
  const transcript = memoryTranscript();
  const artifacts = memoryArtifacts();
  await createAnalyst({ kind: 'offline' }).narrate({
    result,
    focus,
    question,
    transcript,
    artifacts,
    completedSteps,
    ...(snapshot ? { snapshot } : {}),
  });
  return { messages: transcript.messages, artifacts: artifacts.files, report: lastText(transcript.messages) };
}
