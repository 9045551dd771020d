/**
 * The transactions' rows on their way into the table reader: each line gets the columns
 * of every joined lookup (blank when its key is not found), the header gets their names,
 * and the key matches are counted for the join report. Rows above the header (titles)
 * pass unchanged.
 */
import type { LineTap } from '../ingest/table';
import type { RecordView } from '../ingest/tokenizer';
import type { JoinKey } from './join-key';
import { ExtendedRecord } from './extended-record';
import { keyOf } from './keys';
import type { Lookup } from './lookup';
import { sameRow, type TableSample } from './table-sample';

const EXAMPLES = 5;

export interface JoinSpec {
  lookup: Lookup;
  key: JoinKey;
}

/** What the rows showed about one join's keys. */
export interface KeyCounts {
  /**
   * Distinct non-blank key values on the transaction lines; for a flag list only the
   * listed ones (an order id column has too many values to keep them all).
   */
  seen: Set<string>;
  /** Of those, the ones the lookup holds. */
  matched: number;
  /** Transaction key values the lookup lacks (as written), first seen first. */
  missingExamples: string[];
  /** A flag list's analysed lines: their distinct keys, count and revenue. */
  flagged: { keys: Set<string>; lines: number; revenue: number };
}

export class JoinedRows {
  readonly counts: KeyCounts[];
  private readonly header: readonly string[];
  private readonly width: number;
  private readonly addedHeaders: string[];
  private headerSeen = false;
  private readonly decoder = new TextDecoder();
  /** Where joined rows go: the table reader's `cells` and `record`, connected once the reader exists. */
  private out: (cells: readonly string[]) => void = () => undefined;
  private outRecord: (record: RecordView) => void = () => undefined;
  private readonly extended: ExtendedRecord;
  private readonly headerStart: Uint8Array;

  constructor(
    tx: TableSample,
    private readonly specs: readonly JoinSpec[],
  ) {
    this.header = tx.header ?? [];
    this.width = tx.names.length;
    this.addedHeaders = specs.flatMap((s) => s.lookup.added.map((a) => a.header));
    this.extended = new ExtendedRecord(this.width + this.addedHeaders.length);
    this.headerStart = new TextEncoder().encode(this.header[0] ?? '');
    this.counts = specs.map(() => ({
      seen: new Set(),
      matched: 0,
      missingExamples: [],
      flagged: { keys: new Set(), lines: 0, revenue: 0 },
    }));
  }

  /** Sends joined rows to `target` (and text records to `records`) from now on. */
  connect(target: (cells: readonly string[]) => void, records?: (record: RecordView) => void): void {
    this.out = target;
    this.outRecord = records ?? ((record) => target(this.cellsOf(record)));
  }

  /** Takes one row of the transactions, as read. */
  row(cells: readonly string[]): void {
    if (!cells.some((c) => c.trim() !== '')) return this.out(cells);
    if (sameRow(cells, this.header)) {
      this.headerSeen = true;
      return this.out([...this.fitted(cells), ...this.addedHeaders]);
    }
    if (!this.headerSeen) return this.out(cells);
    const joined = this.fitted(cells);
    this.specs.forEach((spec, i) => joined.push(...this.lookUp(spec, this.counts[i], cells[spec.key.transactions] ?? '')));
    this.out(joined);
  }

  /**
   * Takes one record of a text file. Lines up to the header, and any line that may repeat
   * it, go through `row`; every other line is extended in bytes, decoding only its keys.
   */
  record(view: RecordView): void {
    if (!this.headerSeen || this.mayBeHeader(view)) return this.row(this.cellsOf(view));
    const out = this.extended;
    out.begin(view, this.width);
    this.specs.forEach((spec, i) => {
      const k = spec.key.transactions;
      const cell = k < view.count ? this.decoder.decode(view.buf.subarray(view.starts[k], view.ends[k])) : '';
      for (const value of this.lookUp(spec, this.counts[i], cell)) out.push(value);
    });
    this.outRecord(out.record);
  }

  /** Counts each flag list's analysed lines (after the reader's own rejections) and their revenue. */
  flagTap(): LineTap | undefined {
    const flagged: { column: number; key: number; counts: KeyCounts }[] = [];
    let column = this.width;
    this.specs.forEach((spec, i) => {
      if (spec.lookup.kind === 'flags') flagged.push({ column, key: spec.key.transactions, counts: this.counts[i] });
      column += spec.lookup.added.length;
    });
    if (flagged.length === 0) return undefined;
    return {
      line: (view, amount) => {
        for (const f of flagged) {
          if (f.column >= view.count || view.starts[f.column] === view.ends[f.column]) continue;
          f.counts.flagged.lines++;
          f.counts.flagged.revenue += amount;
          f.counts.flagged.keys.add(keyOf(this.decoder.decode(view.buf.subarray(view.starts[f.key], view.ends[f.key]))));
        }
      },
    };
  }

  private cellsOf(view: RecordView): string[] {
    const cells: string[] = [];
    for (let i = 0; i < view.count; i++) cells.push(this.decoder.decode(view.buf.subarray(view.starts[i], view.ends[i])));
    return cells;
  }

  /** A line as wide as the header whose first cell is the header's first cell. */
  private mayBeHeader(view: RecordView): boolean {
    const first = this.headerStart;
    if (view.count !== this.header.length || view.ends[0] - view.starts[0] !== first.length) return false;
    for (let i = 0; i < first.length; i++) if (view.buf[view.starts[0] + i] !== first[i]) return false;
    return true;
  }

  /** The row cut or padded to the header's width, so added columns line up. */
  private fitted(cells: readonly string[]): string[] {
    const row = cells.slice(0, this.width);
    while (row.length < this.width) row.push('');
    return row;
  }

  private lookUp(spec: JoinSpec, counts: KeyCounts, cell: string): readonly string[] {
    const key = keyOf(cell);
    const values = key === '' ? undefined : spec.lookup.values.get(key);
    const tracked = values !== undefined || spec.lookup.kind === 'master';
    if (key !== '' && tracked && !counts.seen.has(key)) {
      counts.seen.add(key);
      if (values) counts.matched++;
      else if (counts.missingExamples.length < EXAMPLES) counts.missingExamples.push(cell.trim());
    }
    return values ?? spec.lookup.added.map(() => '');
  }
}
