/**
 * Both analysts' transcripts match the stored message shape (SPEC §3), checked with
 * a JSON Schema validator.
 */
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { analystConfigFromEnv, createAnalyst, TRANSCRIPT_MESSAGE_SCHEMA } from '../../worker/agent';
import { wholesaleResult } from './fixtures/wholesale-result';
import { memoryArtifacts, memoryTranscript } from './helpers';
import { scriptedModel, textReply, toolCalls } from './mock-models';

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(TRANSCRIPT_MESSAGE_SCHEMA);

function invalidMessages(messages: unknown[]) {
  return messages.flatMap((message, index) => (validate(message) ? [] : [{ index, errors: validate.errors }]));
}

describe('transcript JSON schema', () => {
  it('accepts the offline narrative and chat answers', async () => {
    const transcript = memoryTranscript();
    const analyst = createAnalyst({ kind: 'offline' });
    await analyst.narrate({
      result: wholesaleResult(),
      focus: 'comprehensive',
      question: 'What should I sell to Fjord Hotels?',
      transcript,
      artifacts: memoryArtifacts(),
    });
    await analyst.answer({
      result: wholesaleResult(),
      question: 'plot revenue by month',
      history: transcript.messages,
      transcript,
      artifacts: memoryArtifacts(),
    });
    await analyst.answer({
      result: wholesaleResult(),
      question: 'What is the weather?',
      history: transcript.messages,
      transcript,
      artifacts: memoryArtifacts(),
    });
    expect(transcript.messages.length).toBeGreaterThan(40);
    expect(invalidMessages(transcript.messages)).toEqual([]);
  });

  it('accepts the model narrative, including error results and the fallback note', async () => {
    const model = scriptedModel([
      toolCalls(['get_overview', {}], ['rank_customers', { limit: 99 }]),
      toolCalls(['make_chart', { series: 'monthly_revenue' }]),
      textReply('Revenue was €93,000.'),
    ]);
    const transcript = memoryTranscript();
    await createAnalyst(analystConfigFromEnv({}, { model, limits: { retryBaseDelayMs: 0 } })).narrate({
      result: wholesaleResult(),
      focus: 'revenue_growth',
      question: null,
      transcript,
      artifacts: memoryArtifacts(),
    });
    const failing = scriptedModel([new Error('Internal server error')]);
    await createAnalyst(analystConfigFromEnv({}, { model: failing })).answer({
      result: wholesaleResult(),
      question: 'top customers',
      history: [],
      transcript,
      artifacts: memoryArtifacts(),
    });
    expect(transcript.messages.some((m) => m.kind === 'system')).toBe(true);
    expect(invalidMessages(transcript.messages)).toEqual([]);
  });

  it('rejects a tool result without is_error and a malformed TodoWrite plan', () => {
    const event = (block: unknown) => ({
      kind: 'assistant',
      content: { event: 'message', message_type: 'AssistantMessage', message_data: { content: [block] } },
    });
    expect(validate(event({ type: 'tool_result', tool_use_id: 'a', content: 'x' }))).toBe(false);
    expect(
      validate(event({ type: 'tool_use', id: 'a', name: 'TodoWrite', input: { todos: [{ id: '1', content: 'x', status: 'done' }] } })),
    ).toBe(false);
    expect(
      validate(event({ type: 'tool_use', id: 'a', name: 'TodoWrite', input: { todos: [{ id: '1', content: 'x', status: 'completed' }] } })),
    ).toBe(true);
  });
});
