import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, escapeHtml, escapeMarkdown } from '../../../worker/engine/render/escape';

describe('escapeHtml', () => {
  it('turns a script tag into inert text', () => {
    expect(escapeHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('escapes quotes and ampersands for attributes', () => {
    expect(escapeHtml(`Tom & "Jerry's"`)).toBe('Tom &amp; &quot;Jerry&#39;s&quot;');
  });

  it('drops control characters that XML forbids', () => {
    expect(escapeHtml('a\u0001b\tc')).toBe('ab\tc');
  });
});

describe('escapeMarkdown', () => {
  it('escapes table pipes and emphasis', () => {
    expect(escapeMarkdown('Pipe | Star * _x_')).toBe('Pipe \\| Star \\* \\_x\\_');
  });

  it('never lets raw HTML through', () => {
    expect(escapeMarkdown('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert\\(1\\)&gt;');
  });

  it('escapes link syntax and keeps a cell on one line', () => {
    expect(escapeMarkdown('[click](http://evil)\nnext')).toBe('\\[click\\]\\(http://evil\\) next');
  });
});

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ])('neutralises the formula %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes commas, quotes and line breaks per RFC 4180', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes computed numbers as numbers, negative ones included, and null as empty', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('builds a CRLF document', () => {
    expect(csvDocument(['a', 'b'], [['x', 1]])).toBe('a,b\r\nx,1\r\n');
  });
});
