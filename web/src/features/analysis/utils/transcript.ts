/**
 * Turns stored messages (SPEC §3 "Message (server)"; worker/agent/messages.ts) into the
 * items the message list draws:
 * - plain strings: system notes, user questions or assistant text;
 * - stream events: each content block becomes an item; a `tool_result` is folded into its
 *   `tool_use` step, and every `TodoWrite` updates one live checklist (the latest plan,
 *   shown where the plan first appeared);
 * - messages of an unknown type are dropped.
 */
import type { ContentBlock, TodoItem } from '../../../../../worker/agent/messages';

export interface ServerMessage {
  id: string;
  seq: number;
  message_type: string;
  content: unknown;
  created_at: string;
}

export interface ToolResult {
  content: string;
  isError: boolean;
}

export type TranscriptItem =
  | { kind: 'user'; id: string; text: string }
  | { kind: 'assistant'; id: string; text: string }
  | { kind: 'system'; id: string; text: string; tone: 'info' | 'error' }
  | { kind: 'tool'; id: string; name: string; input: unknown; result: ToolResult | null }
  | { kind: 'tool-result'; id: string; result: ToolResult }
  | { kind: 'todo'; id: string; todos: TodoItem[] }
  | { kind: 'image'; id: string; artifactId: string; fileName: string; alt: string };

const KNOWN_TYPES = new Set(['assistant', 'user', 'system']);

/** System notes that report a failure get the error tone. */
export function systemTone(text: string): 'info' | 'error' {
  return /^(❌\s*)?(error|upload failed|upload error|analysis failed)\b/i.test(text.trim()) ? 'error' : 'info';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function blocksOf(content: unknown): ContentBlock[] | null {
  if (!isRecord(content) || !isRecord(content.message_data)) return null;
  const blocks = content.message_data.content;
  if (typeof blocks === 'string') return [{ type: 'text', text: blocks }];
  return Array.isArray(blocks) ? (blocks.filter(isRecord) as unknown as ContentBlock[]) : null;
}

function todosOf(input: unknown): TodoItem[] {
  if (!isRecord(input) || !Array.isArray(input.todos)) return [];
  return input.todos.filter(isRecord).map((todo, index) => ({
    id: typeof todo.id === 'string' ? todo.id : String(index + 1),
    content: typeof todo.content === 'string' ? todo.content : '',
    status: todo.status === 'completed' || todo.status === 'in_progress' ? todo.status : 'pending',
  }));
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  // Claude-style results may be a list of text blocks.
  if (Array.isArray(content)) {
    return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : JSON.stringify(part))).join('\n');
  }
  return content === undefined ? '' : JSON.stringify(content, null, 2);
}

/** The display items for a transcript, in order. */
export function buildTranscript(messages: readonly ServerMessage[]): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  const toolsById = new Map<string, Extract<TranscriptItem, { kind: 'tool' }>>();
  const planIds = new Set<string>();
  let checklist: Extract<TranscriptItem, { kind: 'todo' }> | null = null;
  const ordered = [...messages].sort((a, b) => a.seq - b.seq);

  for (const message of ordered) {
    if (!KNOWN_TYPES.has(message.message_type)) continue;
    const { content } = message;

    if (typeof content === 'string') {
      if (!content.trim()) continue;
      if (message.message_type === 'system') items.push({ kind: 'system', id: message.id, text: content, tone: systemTone(content) });
      else items.push({ kind: message.message_type === 'user' ? 'user' : 'assistant', id: message.id, text: content });
      continue;
    }

    const blocks = blocksOf(content);
    if (!blocks) continue;
    const role = isRecord(content) && content.message_type === 'UserMessage' ? 'user' : 'assistant';
    blocks.forEach((block, index) => {
      const id = `${message.id}:${index}`;
      switch (block.type) {
        case 'text':
          if (typeof block.text === 'string' && block.text.trim()) items.push({ kind: role, id, text: block.text });
          break;
        case 'tool_use':
          if (block.name === 'TodoWrite') {
            const todos = todosOf(block.input);
            planIds.add(String(block.id));
            if (checklist) checklist.todos = todos;
            else {
              checklist = { kind: 'todo', id, todos };
              items.push(checklist);
            }
          } else {
            const tool = { kind: 'tool' as const, id, name: String(block.name), input: block.input, result: null };
            toolsById.set(String(block.id), tool);
            items.push(tool);
          }
          break;
        case 'tool_result': {
          const result = { content: resultText(block.content), isError: block.is_error === true };
          const tool = toolsById.get(String(block.tool_use_id));
          if (tool) tool.result = result;
          // The plan's own acknowledgements carry nothing worth showing.
          else if (!planIds.has(String(block.tool_use_id)) || result.isError) items.push({ kind: 'tool-result', id, result });
          break;
        }
        case 'image':
          items.push({ kind: 'image', id, artifactId: block.artifact_id, fileName: block.file_name, alt: block.alt || block.file_name });
          break;
      }
    });
  }
  return items;
}

/** True once anything but system notes is on screen (the focus cards hide then). */
export function hasConversation(items: readonly TranscriptItem[]): boolean {
  return items.some((item) => item.kind !== 'system');
}
