/** Stored messages in the shape the AnalysisJob writes (worker/agent/messages.ts). */
import type { ServerMessage } from '../../web/src/features/analysis/utils/transcript';

let seq = 0;
export function message(message_type: string, content: unknown): ServerMessage {
  seq += 1;
  return { id: `a1:${seq}`, seq, message_type, content, created_at: '2026-11-21T10:00:00.000Z' };
}

export const assistant = (...content: unknown[]) =>
  message('assistant', { event: 'message', message_type: 'AssistantMessage', message_data: { content } });
export const toolResults = (...content: unknown[]) =>
  message('user', { event: 'message', message_type: 'UserMessage', message_data: { content } });

export const plan = (id: string, statuses: string[]) =>
  assistant({
    type: 'tool_use',
    id,
    name: 'TodoWrite',
    input: { todos: statuses.map((status, index) => ({ id: String(index + 1), content: `Step ${index + 1}`, status })) },
  });
