import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { Tokenizer, type Delimiter, type RecordView } from '../../../worker/engine/ingest/tokenizer';

const decoder = new TextDecoder();

/** Tokenizes `text` fed in the given chunk sizes and returns the records as strings. */
function tokenize(text: string, delimiter: Delimiter, chunkSizes: number[] = [text.length + 1]): string[][] {
  const records: string[][] = [];
  const tokenizer = new Tokenizer(delimiter, (r: RecordView) => {
    const cells: string[] = [];
    for (let i = 0; i < r.count; i++) cells.push(decoder.decode(r.buf.subarray(r.starts[i], r.ends[i])));
    records.push(cells);
  });
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  let k = 0;
  while (offset < bytes.length) {
    const size = Math.max(1, chunkSizes[k++ % chunkSizes.length]);
    tokenizer.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  tokenizer.finish();
  return records;
}

/** papaparse emits a trailing `[""]` record for a final newline; the tokenizer does not. */
const withoutBlankRecords = (records: string[][]): string[][] => records.filter((r) => !(r.length === 1 && r[0] === ''));

describe('Tokenizer (RFC 4180)', () => {
  it('splits fields and records with LF, CRLF and lone CR line endings', () => {
    expect(tokenize('a,b\nc,d\r\ne,f\rg,h', 44)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('keeps quoted delimiters and newlines and unescapes doubled quotes', () => {
    expect(tokenize('id,name\n1,"Müller, ""Max""\nGmbH"\n2,""\n', 44)).toEqual([
      ['id', 'name'],
      ['1', 'Müller, "Max"\nGmbH'],
      ['2', ''],
    ]);
  });

  it('gives the same records whatever the chunk boundaries, even one byte at a time', () => {
    const text = 'x;"a;b"\r\n"q""uote";\r\n;last';
    const expected = [
      ['x', 'a;b'],
      ['q"uote', ''],
      ['', 'last'],
    ];
    expect(tokenize(text, 59, [1])).toEqual(expected);
    expect(tokenize(text, 59, [2, 3, 5])).toEqual(expected);
  });

  it('reads whitespace-separated fixed-width text, ignoring leading and repeated spaces', () => {
    expect(tokenize(' 00001 19970101  1   11.77\r\n 00002 19970112  1   12.00\r\n', 'whitespace', [4])).toEqual([
      ['00001', '19970101', '1', '11.77'],
      ['00002', '19970112', '1', '12.00'],
    ]);
  });

  it('reports a blank line as one empty field', () => {
    expect(tokenize('a\n\nb\n', 44)).toEqual([['a'], [''], ['b']]);
  });

  it('matches papaparse on random CSVs fed in random chunk sizes', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '€', ' ', ',', ';', '"', '\n', '\r\n', '1', '.'), maxLength: 8 });
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(
        table,
        fc.constantFrom(',', ';', '\t', '|'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        (rows, delimiter, newline, finalNewline, quoteAll, chunks) => {
          const quote = (v: string): string =>
            quoteAll || v.includes(delimiter) || v.includes('"') || v.includes('\n') || v.includes('\r') || v === ''
              ? `"${v.replace(/"/g, '""')}"`
              : v;
          const text = rows.map((r) => r.map(quote).join(delimiter)).join(newline) + (finalNewline ? newline : '');
          const expected = Papa.parse<string[]>(text, { delimiter, newline: newline as '\n' | '\r\n', quoteChar: '"' }).data;
          expect(withoutBlankRecords(tokenize(text, delimiter.charCodeAt(0), chunks))).toEqual(withoutBlankRecords(expected));
        },
      ),
      { numRuns: 500 },
    );
  });
});
