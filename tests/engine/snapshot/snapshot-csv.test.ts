/**
 * "Cleaned data (CSV)": the snapshot's rows as CSV text, made a piece at a time. Hand-made
 * rows: a cost derived as sales minus profit prints as a spreadsheet shows it, blanks stay
 * blank, returns are signed and flagged, and text that looks like a formula is neutralised.
 */
import { describe, expect, it } from 'vitest';
import { ingest } from '../../../worker/engine/ingest';
import { readParquetSnapshot } from '../../../worker/engine/snapshot/parquet-read';
import { parquetSnapshot } from '../../../worker/engine/snapshot/parquet-write';
import { snapshotCsvPieces } from '../../../worker/engine/snapshot/files';

async function csvOf(text: string): Promise<string> {
  const parquet = parquetSnapshot();
  const bytes = new TextEncoder().encode(text);
  await ingest(
    (async function* () {
      yield bytes;
    })(),
    { fileName: 'lines.csv', snapshot: parquet.consumer },
  );
  let out = '';
  for await (const piece of snapshotCsvPieces(readParquetSnapshot(parquet.bytes()))) out += piece;
  return out;
}

describe('the CSV copy of the snapshot', () => {
  it('prints each row once, with tidy numbers, signed returns and formula-safe text', async () => {
    const csv = await csvOf(
      [
        'Order ID,Order Date,Customer Name,Product Name,Sales,Quantity,Profit',
        'A-1,2021-03-01,Claire Gute,Bookcase,261.96,2,41.9136',
        'A-2,2021-03-02,=cmd|calc,Chair,100,1,-5.5',
        'A-3,2021-03-03,Claire Gute,Chair,-20,-1,-2',
      ].join('\n'),
    );
    const lines = csv.split('\r\n');
    expect(lines[0].startsWith('date,amount,cost,quantity,is_return,customer,product')).toBe(true);
    expect(lines.slice(1, -1)).toHaveLength(3);
    // cost = sales − profit: 261.96 − 41.9136 = 220.0464; 100 − (−5.5) = 105.5.
    expect(lines[1].startsWith('2021-03-01,261.96,220.0464,2,false,Claire Gute,Bookcase')).toBe(true);
    expect(lines[2].startsWith(`2021-03-02,100,105.5,1,false,'=cmd|calc,Chair`)).toBe(true);
    expect(lines[3]).toMatch(/^2021-03-03,-20,-18,-?1,true,Claire Gute,Chair/);
    expect(lines.at(-1)).toBe('');
  });
});
