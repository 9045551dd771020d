import { describe, expect, it } from 'vitest';
import { buildTranscript, hasConversation, systemTone } from '../../web/src/features/analysis/utils/transcript';
import { assistant, message, plan, toolResults } from './transcript-fixtures';

describe('buildTranscript: stored messages → what the message list draws', () => {
  it('turns plain-string messages into system notes, user questions and assistant text', () => {
    const items = buildTranscript([
      message('system', 'Analysis failed: The file is empty'),
      message('user', 'Who buys the most?'),
      message('assistant', 'Harbor Bistro Group.'),
    ]);
    expect(items.map((item) => item.kind)).toEqual(['system', 'user', 'assistant']);
    expect(items[0]).toMatchObject({ tone: 'error', text: 'Analysis failed: The file is empty' });
  });

  it('drops messages of an unknown type', () => {
    expect(buildTranscript([message('unknown', 'x'), message('assistant', 'kept')])).toHaveLength(1);
  });

  it('folds a tool_result into its tool_use step, keeping the error flag', () => {
    const items = buildTranscript([
      assistant({ type: 'text', text: 'Checking churn.' }, { type: 'tool_use', id: 't1', name: 'get_churn_risk', input: { limit: 5 } }),
      toolResults({ type: 'tool_result', tool_use_id: 't1', content: 'limit must be ≤ 50', is_error: true }),
    ]);
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ kind: 'tool', name: 'get_churn_risk', result: { content: 'limit must be ≤ 50', isError: true } });
  });

  it('shows a tool_result whose call is missing on its own', () => {
    const items = buildTranscript([toolResults({ type: 'tool_result', tool_use_id: 'gone', content: 'boom', is_error: true })]);
    expect(items).toEqual([{ kind: 'tool-result', id: expect.any(String), result: { content: 'boom', isError: true } }]);
  });

  it('keeps one checklist for all TodoWrite calls, showing the latest plan where it first appeared', () => {
    const items = buildTranscript([
      plan('p0', ['in_progress', 'pending']),
      assistant({ type: 'text', text: 'Reading the file.' }),
      plan('p1', ['completed', 'in_progress']),
      toolResults({ type: 'tool_result', tool_use_id: 'p1', content: 'ok', is_error: false }),
    ]);
    expect(items.map((item) => item.kind)).toEqual(['todo', 'assistant']);
    expect(items[0]).toMatchObject({ kind: 'todo', todos: [{ status: 'completed' }, { status: 'in_progress' }] });
  });

  it('passes chart images through with their artifact id', () => {
    const items = buildTranscript([
      assistant({ type: 'image', artifact_id: 'art9', file_name: 'top-customers.svg', alt: 'Top customers' }),
    ]);
    expect(items).toEqual([
      { kind: 'image', id: expect.any(String), artifactId: 'art9', fileName: 'top-customers.svg', alt: 'Top customers' },
    ]);
  });

  it('orders by sequence number, not arrival', () => {
    const first = message('assistant', 'first');
    const second = message('assistant', 'second');
    expect(buildTranscript([second, first]).map((item) => (item.kind === 'assistant' ? item.text : ''))).toEqual(['first', 'second']);
  });

  it('counts only non-system items as a conversation (the focus cards hide then)', () => {
    expect(hasConversation(buildTranscript([message('system', 'sales.csv is loaded.')]))).toBe(false);
    expect(hasConversation(buildTranscript([message('user', 'Hi')]))).toBe(true);
  });

  it('gives failure notes the error tone', () => {
    expect(systemTone('Upload failed: The file is empty')).toBe('error');
    expect(systemTone('Error loading analysis: Unable to load analysis (500)')).toBe('error');
    expect(systemTone('Preparing your analysis workspace...')).toBe('info');
  });
});
