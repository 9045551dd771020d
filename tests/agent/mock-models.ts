/**
 * Scripted mock language models (from `ai/test`) for the model analyst's tests: each
 * model call takes the next scripted reply, and every prompt it received is kept.
 */
import { MockLanguageModelV4 } from 'ai/test';

export type GenerateResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;
export type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];
export type Reply = GenerateResult | Error | ((options: CallOptions) => Promise<GenerateResult>);

const usage: GenerateResult['usage'] = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 50, text: 50, reasoning: 0 },
};

let callCounter = 0;

/** A reply that calls tools. */
export function toolCalls(...calls: [name: string, input: unknown][]): GenerateResult {
  return {
    content: calls.map(([toolName, input]) => ({
      type: 'tool-call' as const,
      toolCallId: `call-${++callCounter}`,
      toolName,
      input: JSON.stringify(input),
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

/** A reply with text only. */
export function textReply(text: string): GenerateResult {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
}

/** A model that plays the replies in order; a missing reply fails the test loudly. */
export function scriptedModel(replies: Reply[]): MockLanguageModelV4 {
  let index = 0;
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const reply = replies[index++];
      if (reply === undefined) throw new Error(`The script has no reply for model call ${index}`);
      if (reply instanceof Error) throw reply;
      return typeof reply === 'function' ? reply(options) : reply;
    },
  });
}

/** A model call that never answers until it is aborted. */
export function hangingReply(): Reply {
  return (options) =>
    new Promise((_, reject) => {
      if (options.abortSignal?.aborted) reject(options.abortSignal.reason);
      options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason), { once: true });
    });
}

/** The text of every message of one model call's prompt, by role. */
export function promptTexts(options: CallOptions): { role: string; text: string }[] {
  return options.prompt.map((message) => ({
    role: message.role,
    text:
      typeof message.content === 'string'
        ? message.content
        : message.content
            .map((part) => {
              if (part.type === 'text') return part.text;
              if (part.type === 'tool-result') return JSON.stringify(part.output);
              if (part.type === 'tool-call') return JSON.stringify(part.input);
              return '';
            })
            .join('\n'),
  }));
}
