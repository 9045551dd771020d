/**
 * Every reading the offline grammar gives, for diffing before and after a change to it:
 *
 *   npx tsx scripts/grammar-readings.ts out.tsv [--phrasings phrasings.json] [--part 0|1]
 *
 * Collects the phrasings quoted in the tests, the README and the grammar's own comments,
 * parses each over six real files (the shared datasets and the generated B2B file, each
 * with its analysis day) and writes one line per file and phrasing: the file, the phrasing
 * and `parseQuestion`'s result as JSON, then one line per phrasing for `shapeRefusal`.
 * A refactor that changes no reading leaves the output byte for byte the same. The phrasings
 * are collected from the checkout the script runs in; `--phrasings` reads them from a file,
 * or writes them there when it does not exist, so that two checkouts read the same ones.
 * `--part` takes every other file, so two processes can share the work on two cores.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseQuestion, shapeRefusal } from '../worker/agent/offline/query-grammar';
import type { AnalysisFacts } from '../worker/agent/offline/query-parsed';
import { ingestWithSnapshot } from '../tests/engine/query/snapshot-of';
import { DATASETS_DIR, writeOnlineRetailOctNov2011 } from '../tests/engine/helpers/datasets';
import { generateB2bCsv } from './generate-b2b-csv';

const [outFile, ...flags] = process.argv.slice(2);
if (!outFile) throw new Error('usage: npx tsx scripts/grammar-readings.ts out.tsv [--phrasings phrasings.json] [--part 0|1]');
const flag = (name: string): string | null => {
  const at = flags.indexOf(name);
  return at >= 0 ? (flags[at + 1] ?? null) : null;
};
const part = flag('--part') === null ? null : Number(flag('--part'));
const phrasingsFile = flag('--phrasings');

/** Quoted strings of two words or more that read like questions or figures asked for. */
function phrasings(): string[] {
  const found = new Set<string>();
  const scan = (text: string) => {
    for (const m of text.matchAll(/'((?:[^'\\\n]|\\.){6,300})'|"((?:[^"\\\n]|\\.){6,300})"|`([^`$\n]{6,300})`|“([^”\n]{6,300})”/g)) {
      const s = (m[1] ?? m[2] ?? m[3] ?? m[4]).replace(/\\'/g, "'").replace(/\\"/g, '"');
      const asked =
        /\?/.test(s) ||
        /^(what|which|who|how|top|list|show|revenue|sales|customers|products|compare|is|are|did|do|does)\b/i.test(s) ||
        (/\b(revenue|customers|products|orders|margin|profit|sales|bought|spend|spent)\b/i.test(s) && s.length < 120 && !/[{}();]/.test(s));
      if (asked && s.split(/\s+/).length >= 2 && /[a-z]/i.test(s) && !/^[./@]/.test(s) && !s.includes('=>')) found.add(s);
    }
  };
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|md)$/.test(name)) scan(readFileSync(path, 'utf8'));
    }
  };
  walk('tests');
  walk('worker/agent/offline');
  scan(readFileSync('README.md', 'utf8'));
  return [...found];
}

const dir = mkdtempSync(join(tmpdir(), 'grammar-readings-'));
const b2b = join(dir, 'b2b.csv');
generateB2bCsv(20_000, b2b);
const onlineRetail = join(dir, 'online-retail.csv');
writeOnlineRetailOctNov2011(onlineRetail);
const files: [path: string, name: string, day: string | null][] = [
  [`${DATASETS_DIR}/superstore/Sample - Superstore.csv`, 'superstore.csv', '2021-12-30'],
  [onlineRetail, 'online-retail.csv', '2011-11-30'],
  [`${DATASETS_DIR}/cdnow/CDNOW_master.txt`, 'CDNOW_master.txt', '1998-06-30'],
  [`${DATASETS_DIR}/iowa_liquor/IA_liquor_sales.csv`, 'IA_liquor_sales.csv', '2012-01-31'],
  [b2b, 'b2b.csv', '2024-12-31'],
  [`${DATASETS_DIR}/wholesale_customers/Wholesale customers data.csv`, 'Wholesale customers data.csv', null],
];
// Fixed answers, so the readings that ask the analysis for a fact are read the same each run.
const facts: AnalysisFacts = {
  lastPurchaseOf: (customer) => (customer.length % 2 ? '2021-10-12' : null),
  customerLabelOf: (id) => (id === '2506' ? 'Hy-Vee #3 / BDI / Des Moines' : null),
  // Online Retail's codes of two products, and one of the generated file's.
  productLabelOf: (code) =>
    ({ '23084': 'RABBIT NIGHT LIGHT', '22086': "PAPER CHAIN KIT 50'S CHRISTMAS", 'p-002483': 'Fitting 2483mm' })[code.toLowerCase()] ??
    null,
};
const questions: string[] = phrasingsFile && existsSync(phrasingsFile) ? JSON.parse(readFileSync(phrasingsFile, 'utf8')) : phrasings();
if (phrasingsFile && !existsSync(phrasingsFile)) writeFileSync(phrasingsFile, JSON.stringify(questions));
const out: string[] = [];
for (const [i, [path, name, day]] of files.entries()) {
  if (part !== null && i % 2 !== part) continue;
  const { snapshot } = await ingestWithSnapshot(path, name);
  const today = day ? new Date(`${day}T00:00:00Z`) : null;
  for (const q of questions) {
    let reading: unknown;
    try {
      reading = parseQuestion(q, snapshot.meta, today, facts);
    } catch (error) {
      reading = { threw: String(error) };
    }
    out.push(`${name}\t${q}\t${JSON.stringify(reading)}`);
  }
  console.error(`${name}: ${questions.length} phrasings read`);
}
if (part !== 1) for (const q of questions) out.push(`shape\t${q}\t${JSON.stringify(shapeRefusal(q))}`);
writeFileSync(outFile, `${out.join('\n')}\n`);
// The generated files are scratch: each run left about 10 MB in the temp directory.
rmSync(dir, { recursive: true, force: true });
