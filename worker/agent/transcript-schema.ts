/**
 * JSON Schema (draft 2020-12) of a stored transcript message, matching `messages.ts`
 * and SPEC §3 "Message (server)": `message_type` plus `content`, which is either plain
 * text or a stream event whose `message_data.content` holds text, tool_use, tool_result
 * and image blocks. Tests validate both analysts' transcripts against it.
 */

const textBlock = {
  type: 'object',
  required: ['type', 'text'],
  additionalProperties: false,
  properties: { type: { const: 'text' }, text: { type: 'string' } },
} as const;

const todoItem = {
  type: 'object',
  required: ['id', 'content', 'status'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    content: { type: 'string' },
    status: { enum: ['pending', 'in_progress', 'completed'] },
  },
} as const;

const toolUseBlock = {
  type: 'object',
  required: ['type', 'id', 'name', 'input'],
  additionalProperties: false,
  properties: {
    type: { const: 'tool_use' },
    id: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1 },
    input: {},
  },
  // A TodoWrite call must carry a well-formed plan, since the client renders it as a checklist.
  if: { properties: { name: { const: 'TodoWrite' } } },
  then: {
    properties: {
      input: {
        type: 'object',
        required: ['todos'],
        properties: { todos: { type: 'array', items: todoItem } },
      },
    },
  },
} as const;

const toolResultBlock = {
  type: 'object',
  required: ['type', 'tool_use_id', 'content', 'is_error'],
  additionalProperties: false,
  properties: {
    type: { const: 'tool_result' },
    tool_use_id: { type: 'string', minLength: 1 },
    content: { type: 'string' },
    is_error: { type: 'boolean' },
  },
} as const;

const imageBlock = {
  type: 'object',
  required: ['type', 'artifact_id', 'file_name', 'alt'],
  additionalProperties: false,
  properties: {
    type: { const: 'image' },
    artifact_id: { type: 'string', minLength: 1 },
    file_name: { type: 'string', minLength: 1 },
    alt: { type: 'string' },
  },
} as const;

const streamEvent = {
  type: 'object',
  required: ['event', 'message_type', 'message_data'],
  additionalProperties: false,
  properties: {
    event: { const: 'message' },
    message_type: { enum: ['AssistantMessage', 'UserMessage'] },
    message_data: {
      type: 'object',
      required: ['content'],
      additionalProperties: false,
      properties: {
        content: { type: 'array', minItems: 1, items: { oneOf: [textBlock, toolUseBlock, toolResultBlock, imageBlock] } },
      },
    },
  },
} as const;

/** A stored message: `{ kind, content }` as the analyst hands it to the transcript sink. */
export const TRANSCRIPT_MESSAGE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://tally.example.com/schemas/transcript-message.json',
  title: 'Transcript message',
  type: 'object',
  required: ['kind', 'content'],
  additionalProperties: false,
  properties: {
    kind: { enum: ['assistant', 'user', 'system'] },
    content: { oneOf: [{ type: 'string', minLength: 1 }, streamEvent] },
  },
} as const;
