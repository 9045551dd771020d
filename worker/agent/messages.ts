/**
 * The transcript format the user watches (SPEC §3, "Message (server)").
 *
 * A stored message has a `message_type` column (`assistant`, `user` or `system`) and a
 * `content` column holding JSON: either a plain string (system notes), or a stream event
 * `{ event, message_type, message_data: { content: ContentBlock[] } }` in the shape of the
 * Claude agent transcript the spec's client renders.
 */

export type MessageKind = 'assistant' | 'user' | 'system';

export interface TodoItem {
  id: string;
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error: boolean }
  /** A chart or other image artifact shown inline (our extension; the SPA renders it). */
  | { type: 'image'; artifact_id: string; file_name: string; alt: string };

export interface StreamEvent {
  event: 'message';
  message_type: 'AssistantMessage' | 'UserMessage';
  message_data: { content: ContentBlock[] };
}

export type MessageContent = string | StreamEvent;

export interface TranscriptMessage {
  kind: MessageKind;
  content: MessageContent;
}

/** An assistant event holding the given blocks. */
export function assistantEvent(...content: ContentBlock[]): StreamEvent {
  return { event: 'message', message_type: 'AssistantMessage', message_data: { content } };
}

/** A user event holding the given blocks (tool results are reported back as user turns). */
export function userEvent(...content: ContentBlock[]): StreamEvent {
  return { event: 'message', message_type: 'UserMessage', message_data: { content } };
}

/** A `TodoWrite` tool call carrying the whole plan, as the spec's checklist expects. */
export function todoWrite(id: string, todos: TodoItem[]): StreamEvent {
  return assistantEvent({ type: 'tool_use', id, name: 'TodoWrite', input: { todos } });
}
