/**
 * Choosing where to cut a delimited file for the parallel parse (split.ts), and the
 * tokenizer's proof that a cut fell between records (`pending`).
 */
import { describe, expect, it } from 'vitest';
import { recordStartIn } from '../../../worker/engine/ingest/split';
import { Tokenizer } from '../../../worker/engine/ingest/tokenizer';

const COMMA = 44;
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
/** The window's text from the chosen cut on ('' for none). */
function cutAt(window: string, width = 3, delimiter: number | 'whitespace' = COMMA): string {
  const offset = recordStartIn(bytes(window), delimiter, width);
  return offset < 0 ? '' : new TextDecoder().decode(bytes(window).subarray(offset));
}

describe('recordStartIn', () => {
  it('skips a newline inside a quoted field: the fragment after it has too few fields', () => {
    // The record was `K2,"Müller GmbH⏎Branch 3",DE,7`: four fields, the cut's fragment three.
    expect(cutAt('ller GmbH\nBranch 3",DE,7\nK3,b,AT,8\nK4,c,CH,9\nK5,d,NL,10\n', 4)).toBe('K3,b,AT,8\nK4,c,CH,9\nK5,d,NL,10\n');
  });

  it('cuts before a record whose quoted field holds a newline, doubled quotes and delimiters', () => {
    const records = 'K2,"Müller ""Pro"", GmbH\nBranch 3",7\nK3,b,8\nK4,c,9\n';
    expect(cutAt(`...,1\n${records}`)).toBe(records);
  });

  it('is not misled by a stray quote in an unquoted field, which a quote-parity count would be', () => {
    const records = 'K1,5" bolt,3\nK2,6" nut,4\nK3,a,5\n';
    expect(cutAt(`x,y,2\n${records}`)).toBe(records);
  });

  it('keeps CRLF line endings whole and cuts after the LF', () => {
    expect(cutAt('a,b,c\r\nK1,x,1\r\nK2,y,2\r\nK3,z,3\r\n')).toBe('K1,x,1\r\nK2,y,2\r\nK3,z,3\r\n');
  });

  it('takes the first newline in whitespace-separated text, which has no quoting', () => {
    expect(cutAt('0 19970101 1 11.77\n00001 19970112 1 12.00\n', 4, 'whitespace')).toBe('00001 19970112 1 12.00\n');
  });

  it('finds no cut without a newline, or without three whole records of the width after it', () => {
    expect(cutAt('K1,a,1,K2,b,2')).toBe('');
    expect(cutAt('x\nK1,a,1\nK2,b,2\nK3,c')).toBe('');
    expect(cutAt('x\nK1,a\nK2,b\nK3,c\nK4,d\n')).toBe('');
  });

  it('can be misled by quoted text that itself looks like records: the proof below is what makes a cut safe', () => {
    expect(cutAt('note\nK1,a,1\nK2,b,2\nK3,c,3"\nK4,d,4\n')).toBe('K1,a,1\nK2,b,2\nK3,c,3"\nK4,d,4\n');
  });
});

describe('Tokenizer.pending: the proof that a range ended between records', () => {
  function pendingAfter(text: string): number {
    const tokenizer = new Tokenizer(COMMA, () => {});
    tokenizer.push(bytes(text));
    return tokenizer.pending;
  }

  it('is 0 when the bytes end right after a record', () => {
    expect(pendingAfter('a,b\n"x\ny",z\n')).toBe(0);
    expect(pendingAfter('a,b\r\nc,d\r\n')).toBe(0);
  });

  it('is the unfinished bytes when the bytes end inside a quoted field or a record', () => {
    expect(pendingAfter('a,b\n"x\n')).toBe(3);
    expect(pendingAfter('a,b\nc,')).toBe(2);
  });
});
