/**
 * Writes `worker/agent/offline/grammar-words.ts`: every word the offline grammar's patterns and
 * word lists hold, so that a question's word outside them, and outside the file's names, is
 * known to be unread (`query-unknown-words.ts`).
 *
 *   npm run grammar-words            # after changing a pattern; a test fails until it is run
 *
 * The words are read from the literals of `worker/agent/offline/*.ts` with the TypeScript
 * parser: every regular expression, and every string or template in lower case (a capital
 * marks a message or an identifier, whose words the grammar does not read), and every key in
 * lower case of an object literal (the number words' table). A pattern's word that more
 * letters follow (`discontinu\w*`, `prioriti[sz]e`) is a stem too: the words it begins are read.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const OFFLINE = 'worker/agent/offline';
export const GRAMMAR_WORDS_FILE = join(OFFLINE, 'grammar-words.ts');

/** A stem: six letters or more that a pattern continues with more letters ("discontinu" of `discontinu\w*`). */
const STEM = /[a-z]{6,}(?=\\w|\[)/g;

/** A pattern's escapes (`\b`, `\s`, `\p{L}`) are no words. */
function withoutEscapes(text: string): string {
  return text.replace(/\\[pPu]\{[^}]*\}/g, ' ').replace(/\\[a-zA-Z]/g, ' ');
}

/** A string's text as written, or null where a capital marks it a message or an identifier. */
function lowerCaseText(raw: string): string | null {
  return /[A-Z]/.test(withoutEscapes(raw)) ? null : raw;
}

/** A literal's text as written, escapes and all, or null where it holds no words the grammar reads. */
function textOfLiteral(node: ts.Node): string | null {
  // A word list's keys ("one: 1", "twenty: 20") are words it reads.
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) return /^[a-z]+$/.test(node.name.text) ? node.name.text : null;
  if (ts.isRegularExpressionLiteral(node)) return node.text.slice(1, node.text.lastIndexOf('/'));
  if (ts.isStringLiteral(node)) return lowerCaseText(node.text);
  if (ts.isNoSubstitutionTemplateLiteral(node)) return lowerCaseText(node.rawText ?? node.text);
  // A template is one text: "I can't read “${word}” here" is a message by its first part's capital.
  if (ts.isTemplateExpression(node))
    return lowerCaseText([node.head, ...node.templateSpans.map((span) => span.literal)].map((part) => part.rawText ?? part.text).join(' '));
  return null;
}

/**
 * `const NOT_… = new Set(…)` or `= { … }`: words the grammar's nets skip or phrases they mend
 * away, so no words it reads. A `NOT_…` pattern (a negative lookahead's words) is read.
 */
function isListOfWordsReadPast(node: ts.Node): boolean {
  if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.name.text.startsWith('NOT_') || !node.initializer)
    return false;
  const value = node.initializer;
  return ts.isObjectLiteralExpression(value) || (ts.isNewExpression(value) && value.expression.getText() === 'Set');
}

/** The literals' texts, as written, of the grammar's sources in `root`. */
function grammarLiteralsOf(root: string): string[] {
  const texts: string[] = [];
  const dir = join(root, OFFLINE);
  // The nets' own word lists (plain English, a whole figure's words) are read at run time apart, not as the grammar's;
  // so are the words of figures refused by name and of currencies ("cash", "sterling"), unknown to every other net.
  const notTheGrammar = new Set(
    [
      'grammar-words.ts',
      'plain-english.ts',
      'query-unknown-words.ts',
      'query-whole-figure.ts',
      'query-not-held.ts',
      'query-currency.ts',
    ].map((file) => join(OFFLINE, file)),
  );
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !notTheGrammar.has(join(OFFLINE, f)))) {
    const source = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      // An import's path ("./query-follow-ups") is no word; a list of words the grammar reads past
      // on purpose (`NOT_BRANDS`: "online", "retail", "wholesale") is what the net must catch.
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || isListOfWordsReadPast(node)) return;
      const text = textOfLiteral(node);
      if (text) texts.push(text);
      // A template's parts were read with it; what its holes hold is read on its own.
      if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) visit(span.expression);
      else ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

/** The words, in lower case and sorted, of the grammar's sources in `root`. */
export function grammarWordsOf(root: string): string[] {
  const words = grammarLiteralsOf(root).flatMap(
    (text) =>
      withoutEscapes(text)
        .toLowerCase()
        .match(/[a-z]{2,}/g) ?? [],
  );
  return [...new Set(words)].sort();
}

/** The stems, sorted, of the grammar's patterns in `root`: words they continue with more letters. */
export function grammarStemsOf(root: string): string[] {
  // "\bbottom" is "bottom": only the escape `\w` says more letters follow.
  const stems = grammarLiteralsOf(root).flatMap((text) => text.replace(/\\[pPu]\{[^}]*\}|\\(?!w)[a-zA-Z]/g, ' ').match(STEM) ?? []);
  return [...new Set(stems)].sort();
}

/** Words in lines of about 100 characters, as quoted strings indented by `indent`. */
function linesOf(words: readonly string[], indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + word.length + 1 > 100) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `${indent}'${l}',`);
}

/** The module's text: the words, then the stems. */
export function grammarWordsModule(words: readonly string[], stems: readonly string[]): string {
  return [
    '// Generated by `npm run grammar-words` from the literals of worker/agent/offline/*.ts; do not edit.',
    '/** Every word the offline grammar’s patterns and word lists hold, in lower case. */',
    'export const GRAMMAR_WORDS: ReadonlySet<string> = new Set(',
    '  [',
    ...linesOf(words, '    '),
    '  ]',
    "    .join(' ')",
    "    .split(' '),",
    ');',
    '',
    '/** The patterns’ stems: words they continue with more letters (“prioriti” of `prioriti[sz]e`), which begin the words read. */',
    'export const GRAMMAR_STEMS: readonly string[] = [',
    ...linesOf(stems, '  '),
    ']',
    "  .join(' ')",
    "  .split(' ');",
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(GRAMMAR_WORDS_FILE, grammarWordsModule(grammarWordsOf('.'), grammarStemsOf('.')));
  console.log(`wrote ${GRAMMAR_WORDS_FILE}`);
}
