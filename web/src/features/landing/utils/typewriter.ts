/**
 * The hero's typing headline (SPEC §2): it types a word, holds it, deletes it and moves
 * on. A pure step function, so the sequence is testable without timers.
 */

export const HEADLINE_WORDS = ['customer data', 'segments', 'demographics', 'insights'] as const;

/** Cosmetic speeds from the spec: 80, 100 and 120 ms; pauses 2 s and 500 ms. */
export const TYPEWRITER_TIMING = {
  firstWordTypingMs: 120,
  typingMs: 100,
  deletingMs: 80,
  holdMs: 2000,
  nextWordMs: 500,
} as const;

export interface TypewriterState {
  wordIndex: number;
  text: string;
  deleting: boolean;
  /** Set once the first word has been fully typed. */
  looped: boolean;
}

export const INITIAL_TYPEWRITER: TypewriterState = { wordIndex: 0, text: '', deleting: false, looped: false };

/** The next state and how long to wait before showing it. */
export function nextTypewriterStep(
  state: TypewriterState,
  words: readonly string[] = HEADLINE_WORDS,
): { state: TypewriterState; delayMs: number } {
  const word = words[state.wordIndex];
  if (!state.deleting) {
    if (state.text.length < word.length) {
      const delayMs = state.wordIndex === 0 && !state.looped ? TYPEWRITER_TIMING.firstWordTypingMs : TYPEWRITER_TIMING.typingMs;
      return { state: { ...state, text: word.slice(0, state.text.length + 1) }, delayMs };
    }
    return { state: { ...state, deleting: true, looped: state.looped || state.wordIndex === 0 }, delayMs: TYPEWRITER_TIMING.holdMs };
  }
  if (state.text.length > 0) {
    return { state: { ...state, text: word.slice(0, state.text.length - 1) }, delayMs: TYPEWRITER_TIMING.deletingMs };
  }
  return { state: { ...state, deleting: false, wordIndex: (state.wordIndex + 1) % words.length }, delayMs: TYPEWRITER_TIMING.nextWordMs };
}
