/**
 * The words the last net of the chat knows (`query-unknown-words.ts`) are the grammar's own:
 * a pattern changed without `npm run grammar-words` would leave its new words refused.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRAMMAR_WORDS_FILE, grammarStemsOf, grammarWordsModule, grammarWordsOf } from '../../scripts/grammar-words';

describe("the grammar's words", () => {
  it('are written out from the patterns as they stand (run `npm run grammar-words` after changing one)', () => {
    expect(readFileSync(GRAMMAR_WORDS_FILE, 'utf8')).toBe(grammarWordsModule(grammarWordsOf('.'), grammarStemsOf('.')));
  });
  // "./query-follow-ups" made "ups" a word, and NOT_BRANDS' "wholesale" was read past.
  it("hold no import path, no list of words read past on purpose, and not the net's own plain English", () => {
    const words = grammarWordsOf('.');
    for (const word of ['ups', 'engine', 'wholesale', 'tomorrow', 'gimme']) expect(words).not.toContain(word);
  });
  it("are a pattern's words, a lower-case word list's and a table's keys, not a message's or a comment's", () => {
    const root = mkdtempSync(join(tmpdir(), 'grammar-words-'));
    try {
      mkdirSync(join(root, 'worker/agent/offline'), { recursive: true });
      writeFileSync(
        join(root, 'worker/agent/offline/sample.ts'),
        [
          '// a comment about zebras',
          String.raw`const PATTERN = /\bconcentrat\w*|\p{Lu}pareto\b|\bprioriti[sz]e|\bmarket\b/u;`,
          "const LIST = new Set('show list give'.split(' '));",
          'const TABLE = { twenty: 20, camelCase: 1 };',
          "const MESSAGE = `I can't read “${word}” here: it is no value`;",
          'const HOLE = String.raw`\\b(?:top|bottom)\\s${LIST}`;',
          "import { x } from './query-follow-ups';",
          "const NOT_BRANDS = new Set('online retail'.split(' '));",
          "const NOT_READ_LOOKS: Record<string, string> = { 'grand total': 'total' };",
        ].join('\n'),
      );
      expect(grammarWordsOf(root)).toEqual([
        'bottom',
        'concentrat',
        'give',
        'list',
        'market',
        'pareto',
        'prioriti',
        'show',
        'sz',
        'top',
        'twenty',
      ]);
      // A stem is continued by the pattern ("prioritize", "concentration"); "market" is whole, so "marketplace" is not read.
      expect(grammarStemsOf(root)).toEqual(['concentrat', 'prioriti']);
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});
