/**
 * What an analysis was asked to do. The web app's focus cards send the card's title (or
 * its prompt) as the analysis message, next to `analysis_type`; that message is the
 * choice of a card, not a free question, so it must run the card's focused analysis
 * rather than a comprehensive one with "Your question: Risk Assessment" appended.
 */
import { FOCUS_AREAS, type FocusAreaId } from './focus-areas';

export interface FocusRequest {
  focus: FocusAreaId;
  /** A real free-text question, or null when the message only named a focus area. */
  question: string | null;
}

/** Lower-cased, punctuation and runs of spaces folded, so "Risk assessment." matches the card. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .replace(/[.!?]+$/, '')
    .trim();

/** The focus area a message names by its id, title or card prompt, or null. */
export function focusNamedBy(message: string): FocusAreaId | null {
  const text = normalise(message);
  if (!text) return null;
  const area = FOCUS_AREAS.find((candidate) => [candidate.id, candidate.title, candidate.prompt].some((name) => normalise(name) === text));
  return area?.id ?? null;
}

/**
 * The focus and question to run: a message that names a focus area runs that area with no
 * question; an empty message runs the stored focus; anything else is a free question.
 */
export function focusRequestOf(focus: FocusAreaId, message: string | null): FocusRequest {
  const text = message?.trim() ?? '';
  if (!text) return { focus, question: null };
  const named = focusNamedBy(text);
  if (named) return { focus: named, question: null };
  return { focus, question: text };
}
