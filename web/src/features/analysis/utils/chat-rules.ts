/** The question box's rules and texts (SPEC §5, §9). */

export const MESSAGE_MIN_LENGTH = 1;
/** From here the counter shows, in yellow. */
export const MESSAGE_WARN_LENGTH = 1800;
export const MESSAGE_MAX_LENGTH = 2000;
/** Typing is allowed a little past the maximum, so a paste isn't silently cut. */
export const MESSAGE_HARD_LIMIT = MESSAGE_MAX_LENGTH + 100;

export const CHAT_ERRORS = {
  empty: 'Message cannot be empty',
  tooLong: `Message too long. Maximum ${MESSAGE_MAX_LENGTH} characters allowed.`,
} as const;

/** The error text for a question, or null when it may be sent. */
export function chatMessageError(text: string): string | null {
  const length = text.trim().length;
  if (length < MESSAGE_MIN_LENGTH) return CHAT_ERRORS.empty;
  if (length > MESSAGE_MAX_LENGTH) return CHAT_ERRORS.tooLong;
  return null;
}

export interface CounterState {
  visible: boolean;
  tone: 'warning' | 'danger' | null;
  text: string;
}

/** The length counter: hidden below 1800, yellow up to 2000, red with 'Too long' above. */
export function counterState(length: number): CounterState {
  if (length < MESSAGE_WARN_LENGTH) return { visible: false, tone: null, text: '' };
  if (length > MESSAGE_MAX_LENGTH) return { visible: true, tone: 'danger', text: `${length}/${MESSAGE_MAX_LENGTH} Too long` };
  return { visible: true, tone: 'warning', text: `${length}/${MESSAGE_MAX_LENGTH}` };
}

/** Send is disabled for blank text and above the maximum. */
export function canSend(text: string): boolean {
  return text.trim().length >= MESSAGE_MIN_LENGTH && text.length <= MESSAGE_MAX_LENGTH;
}

/** A failed question's text: the server's message, with when to retry after a 429 (RATE_LIMITED). */
export function chatFailureText(failure: {
  message: string;
  status?: number;
  code?: string | null;
  retryAfterSeconds?: number | null;
}): string {
  const message = failure.message || 'Something went wrong';
  if (failure.code === 'RATE_LIMITED' && failure.retryAfterSeconds && failure.retryAfterSeconds > 0) {
    const minutes = Math.ceil(failure.retryAfterSeconds / 60);
    const wait =
      failure.retryAfterSeconds < 60 ? `${failure.retryAfterSeconds} seconds` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
    return `${message} You can ask again in ${wait}.`;
  }
  return `Error: ${message}`;
}
