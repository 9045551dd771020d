/**
 * Turns string cells (workbook rows, sampled rows being replayed) into the byte-level
 * `RecordView` the aggregator reads, so every format shares one row path.
 */
import { MAX_COLUMNS, tooManyColumns, type RecordView } from './tokenizer';

export class RecordEncoder {
  private readonly encoder = new TextEncoder();
  private readonly view: RecordView = {
    buf: new Uint8Array(4096),
    starts: new Int32Array(MAX_COLUMNS + 1),
    ends: new Int32Array(MAX_COLUMNS + 1),
    count: 0,
  };

  /** Encodes the cells; the returned view is reused by the next call. */
  encode(cells: readonly string[]): RecordView {
    if (cells.length > MAX_COLUMNS) throw tooManyColumns();
    const view = this.view;
    let pos = 0;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      const worst = pos + cell.length * 3;
      if (worst > view.buf.length) {
        const grown = new Uint8Array(Math.max(worst, view.buf.length * 2));
        grown.set(view.buf.subarray(0, pos));
        view.buf = grown;
      }
      const { written } = this.encoder.encodeInto(cell, view.buf.subarray(pos));
      view.starts[i] = pos;
      view.ends[i] = pos + written;
      pos += written;
    }
    view.count = cells.length;
    return view;
  }
}
