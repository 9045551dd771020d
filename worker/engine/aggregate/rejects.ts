/**
 * Rejected rows, counted by reason with up to three examples each, so that no row
 * vanishes silently and the user can find the ones that did not count.
 */
import type { RejectReason } from '../contract';
import type { RecordView } from '../ingest/tokenizer';

const MAX_EXAMPLES = 3;
const MAX_EXAMPLE_CHARS = 160;
const decoder = new TextDecoder();

export class RejectLog {
  private readonly reasons = new Map<string, RejectReason>();
  total = 0;

  /** Counts a rejected row; `rowNumber` is the 1-based data row. */
  add(reason: string, rowNumber: number, view: RecordView): void {
    this.total++;
    let entry = this.reasons.get(reason);
    if (!entry) {
      entry = { reason, count: 0, examples: [] };
      this.reasons.set(reason, entry);
    }
    entry.count++;
    if (entry.examples.length < MAX_EXAMPLES) entry.examples.push(`row ${rowNumber}: ${describe(view)}`);
  }

  /** Reasons, most frequent first. */
  list(): RejectReason[] {
    return [...this.reasons.values()].sort((a, b) => b.count - a.count);
  }

  count(reason: string): number {
    return this.reasons.get(reason)?.count ?? 0;
  }

  /** Reasons in the order they were first seen (what `absorb` needs to keep ties stable). */
  entries(): RejectReason[] {
    return [...this.reasons.values()];
  }

  /**
   * Adds the reasons of rows read after these (a later byte range of the same file, see
   * aggregate/merge.ts) as if they had been added here one by one: counts add up, the
   * first three examples stay, and `rowOffset` turns the range's row numbers into the file's.
   */
  absorb(later: readonly RejectReason[], rowOffset: number): void {
    for (const reason of later) {
      this.total += reason.count;
      let entry = this.reasons.get(reason.reason);
      if (!entry) {
        entry = { reason: reason.reason, count: 0, examples: [] };
        this.reasons.set(reason.reason, entry);
      }
      entry.count += reason.count;
      for (const example of reason.examples) {
        if (entry.examples.length >= MAX_EXAMPLES) break;
        entry.examples.push(example.replace(/^row (\d+):/, (_, row: string) => `row ${Number(row) + rowOffset}:`));
      }
    }
  }
}

function describe(view: RecordView): string {
  const cells: string[] = [];
  for (let i = 0; i < view.count; i++) cells.push(decoder.decode(view.buf.subarray(view.starts[i], view.ends[i])));
  const text = cells.join(' | ');
  return text.length > MAX_EXAMPLE_CHARS ? `${text.slice(0, MAX_EXAMPLE_CHARS - 1)}…` : text;
}
