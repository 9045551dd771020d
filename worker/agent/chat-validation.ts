/**
 * Chat message validation, exactly as SPEC §5: the trimmed text must be 1..2000
 * characters, with the spec's error texts. The route and the SPA both use it.
 */

export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_MESSAGE_EMPTY = 'Message cannot be empty';
export const CHAT_MESSAGE_TOO_LONG = 'Message too long. Maximum 2000 characters allowed.';

export type ChatValidation = { ok: true; message: string } | { ok: false; error: string };

/** Validates a chat message; on success returns it trimmed. */
export function validateChatMessage(text: string): ChatValidation {
  const message = text.trim();
  if (message.length === 0) return { ok: false, error: CHAT_MESSAGE_EMPTY };
  if (message.length > CHAT_MESSAGE_MAX) return { ok: false, error: CHAT_MESSAGE_TOO_LONG };
  return { ok: true, message };
}
