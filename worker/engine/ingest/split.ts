/**
 * Where one delimited text file can be cut into byte ranges that are parsed separately
 * (the CLI's parallel parse).
 *
 * A cut must fall between two records, and a newline inside a quoted field (`"Müller
 * GmbH⏎Branch 3"`) looks exactly like the end of one. Only a scan from the start of the
 * file proves whether a byte is inside quotes: counting quote characters does not, since
 * an unquoted field may hold a stray quote (`5" bolt`). So the cut is chosen in two steps:
 * 1. here, a likely record start: just after a newline, where the next records parse as
 *    whole records of the table's width (a cut inside a quoted field leaves a fragment of
 *    a record, which has too few fields);
 * 2. proof: the range before the cut is parsed from a proven record start and must end
 *    exactly at the cut with no record unfinished (`Tokenizer.pending === 0`). If it does
 *    not, the caller reads the whole file in one pass instead.
 */
import { Tokenizer, type Delimiter } from './tokenizer';

const LF = 10;

/** Whole records that must follow a candidate cut, each of the table's width. */
export const RECORDS_CHECKED = 3;
/** Bytes parsed after a candidate; records longer than a third of this rule out a cut. */
const CHECKED_BYTES = 16 * 1024;
/** Newlines tried per window, so a file of ragged rows costs little before giving up. */
const MAX_CANDIDATES = 64;

/**
 * The offset in `window` (bytes of the file from some position on) of the first likely
 * record start, or -1 when the window holds none. `width` is the table's column count.
 */
export function recordStartIn(window: Uint8Array, delimiter: Delimiter, width: number): number {
  let tried = 0;
  for (let newline = window.indexOf(LF); newline >= 0 && tried++ < MAX_CANDIDATES; newline = window.indexOf(LF, newline + 1)) {
    const candidate = newline + 1;
    if (delimiter === 'whitespace') return candidate < window.length ? candidate : -1;
    if (wholeRecordsFollow(window.subarray(candidate), delimiter, width)) return candidate;
  }
  return -1;
}

/** True when the bytes start with RECORDS_CHECKED complete records of exactly `width` fields. */
function wholeRecordsFollow(bytes: Uint8Array, delimiter: number, width: number): boolean {
  let records = 0;
  let allWide = true;
  const tokenizer = new Tokenizer(delimiter, (record) => {
    if (records < RECORDS_CHECKED && record.count !== width) allWide = false;
    records++;
  });
  try {
    // A record cut off at the end of these bytes is never reported.
    tokenizer.push(bytes.subarray(0, CHECKED_BYTES));
  } catch {
    return false; // more columns than a table may have: not a record start worth trusting
  }
  return records >= RECORDS_CHECKED && allWide;
}
