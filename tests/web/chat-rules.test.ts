import { describe, expect, it } from 'vitest';
import { CHAT_ERRORS, MESSAGE_HARD_LIMIT, canSend, chatMessageError, counterState } from '../../web/src/features/analysis/utils/chat-rules';

describe('chat message validation (SPEC §5)', () => {
  it("refuses blank text with 'Message cannot be empty'", () => {
    expect(chatMessageError('')).toBe('Message cannot be empty');
    expect(chatMessageError('   \n ')).toBe(CHAT_ERRORS.empty);
  });
  it("refuses more than 2000 characters with 'Message too long. Maximum 2000 characters allowed.'", () => {
    expect(chatMessageError('a'.repeat(2001))).toBe('Message too long. Maximum 2000 characters allowed.');
  });
  it('accepts 1 to 2000 characters, measured after trimming', () => {
    expect(chatMessageError('?')).toBeNull();
    expect(chatMessageError('a'.repeat(2000))).toBeNull();
    expect(chatMessageError(`  ${'a'.repeat(2000)}  `)).toBeNull();
  });
  it('lets typing run 100 characters past the maximum', () => {
    expect(MESSAGE_HARD_LIMIT).toBe(2100);
  });
  it('disables send for blank text and above the maximum', () => {
    expect(canSend(' ')).toBe(false);
    expect(canSend('a'.repeat(2000))).toBe(true);
    expect(canSend('a'.repeat(2001))).toBe(false);
  });
});

describe('the length counter (1800 / 2000)', () => {
  it('is hidden below 1800 characters', () => {
    expect(counterState(1799)).toEqual({ visible: false, tone: null, text: '' });
  });
  it('shows in yellow from 1800 up to 2000', () => {
    expect(counterState(1800)).toEqual({ visible: true, tone: 'warning', text: '1800/2000' });
    expect(counterState(2000)).toEqual({ visible: true, tone: 'warning', text: '2000/2000' });
  });
  it("turns red with 'Too long' above 2000", () => {
    expect(counterState(2001)).toEqual({ visible: true, tone: 'danger', text: '2001/2000 Too long' });
  });
});
