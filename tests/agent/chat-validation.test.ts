/**
 * SPEC §5: chat messages are trimmed and must be 1..2000 characters.
 */
import { describe, expect, it } from 'vitest';
import { validateChatMessage } from '../../worker/agent';

describe('validateChatMessage', () => {
  it.each([
    ['', { ok: false, error: 'Message cannot be empty' }],
    ['   \n\t ', { ok: false, error: 'Message cannot be empty' }],
    ['  Who are my top customers?  ', { ok: true, message: 'Who are my top customers?' }],
    ['x'.repeat(2000), { ok: true, message: 'x'.repeat(2000) }],
    [` ${'x'.repeat(2000)} `, { ok: true, message: 'x'.repeat(2000) }],
    ['x'.repeat(2001), { ok: false, error: 'Message too long. Maximum 2000 characters allowed.' }],
  ])('validates %j', (text, expected) => {
    expect(validateChatMessage(text)).toEqual(expected);
  });
});
