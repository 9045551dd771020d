/**
 * The command-line analysis: one file in (or a transactions file and up to two lookup
 * files to join to it), `<out>/analysis.json` plus the rendered reports, charts, dashboard
 * and CSV exports out, through the same engine the job runs. A workbook's sheets are
 * joined when they can be (Superstore's `Orders` + `Returns` + `People`).
 *
 *   npm run analyze -- <file> [<lookup file> ...] [--out dir] [--sheet NAME] [--as-of YYYY-MM-DD] [--map role=Header ...]
 *                      [--currency CODE] [--no-png] [--threads N] [--help]
 *
 * Prints a one-line summary. On bad input it prints one line on stderr and exits 1
 * (2 for a usage error). `npm run analyze` runs this file as a prebuilt bundle
 * (build-cli.mjs, cli.mjs), not through tsx.
 */
import { createReadStream, statSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { analyse } from '../worker/engine/analyze';
import type { Aggregates } from '../worker/engine/aggregate/types';
import type { AnalysisResult, ColumnRole } from '../worker/engine/contract';
import { defaultBridgeOf } from '../worker/engine/analyses/pvm-bridge';
import { memorySnapshot } from '../worker/engine/snapshot/memory';
import { renderArtifacts } from '../worker/engine/render';
import { money } from '../worker/engine/render/format';
import { REASONS } from '../worker/engine/aggregate/builder';
import { ingestFiles, MAX_JOINED_FILES } from '../worker/engine/join';
import { joinSentences } from '../worker/engine/render/join-summary';
import { kindOf, type IngestOptions } from '../worker/engine/ingest';
import { ingestFile } from './parallel-ingest';
import { writePngs, type PngJob } from './png-pool';

const ROLES: readonly ColumnRole[] = [
  'customerId',
  'customerName',
  'orderId',
  'date',
  'quantity',
  'unitPrice',
  'amount',
  'unitCost',
  'cost',
  'profit',
  'productId',
  'productName',
  'category',
  'supplier',
  'region',
  'salesRep',
];

export interface CliArgs {
  file: string;
  /** Further files to join with `file` (a customer master, a returns list); at most two. */
  joinWith?: string[];
  out: string;
  sheet?: string;
  asOf?: string;
  roles: Partial<Record<ColumnRole, string>>;
  /** ISO 4217 code (`--currency GBP`) replacing the currency the file shows. */
  currency?: string;
  /** `false` (`--no-bridge`) skips the revenue bridge, so the rows need not stay in memory. */
  bridge?: false;
  /** `false` (`--no-png`) skips the PNG copies of the charts. */
  png?: false;
  /** Threads for parsing and for the PNG step (`--threads`, default: the machine's cores). */
  threads?: number;
}

class UsageError extends Error {}

const USAGE =
  'usage: npm run analyze -- <file> [<lookup file> ...] [--out dir] [--sheet NAME] [--as-of YYYY-MM-DD] [--map role=Header ...] [--currency CODE] [--no-png] [--no-bridge] [--threads N] [--help]';

/** `--help`: what the CLI writes, and when. */
export const HELP = `${USAGE}

Analyses one CSV, TXT, XLSX or XLS file and writes into --out (default ./out). Up to
two more files (a customer master, a returns list) are joined to the transactions file,
and a workbook's sheets are joined the same way unless --sheet chooses one:
  analysis.json   the full result (written first)
  *.md, *.svg, *.csv, dashboard.html
                  reports, charts, exports and the dashboard
  *.png           every chart also as a 1200-px PNG, rendered last, after all of the
                  above are written, on --threads worker threads; made by default,
                  --no-png skips them (they take about as long as the analysis)

  --threads N         threads for the PNGs and, with --no-bridge, for parsing (default:
                      this machine's ${availableParallelism()} cores); a large CSV/TXT is then parsed
                      in N byte ranges at once, with exactly the one-pass result
  --no-png            write no PNG copies of the charts
  --no-bridge         skip the price/volume/mix revenue bridge, which keeps every row in
                      memory and so needs one reading pass
  --sheet NAME        workbook sheet to read alone (default: the transactions sheet, with
                      the sheets that join to it)
  --as-of YYYY-MM-DD  end of the observation period; later rows are left out
  --map role=Header   override an inferred column role; roles: ${ROLES.join(', ')}
  --currency CODE     the amounts' currency (ISO 4217, e.g. GBP), replacing what the file
                      shows; without it and without a sign in the file, amounts are
                      written without a currency ("amounts in the file's currency")
  --help              this text`;

/** Asked for with `--help`: not an error, but no analysis either. */
export class HelpRequested extends Error {}

/** Parses the command line (arguments after the script name). */
export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { file: '', out: './out', roles: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value. ${USAGE}`);
      return v;
    };
    if (arg === '--help' || arg === '-h') throw new HelpRequested(HELP);
    else if (arg === '--no-png') args.png = false;
    else if (arg === '--no-bridge') args.bridge = false;
    else if (arg === '--threads') {
      const threads = Number(value());
      if (!Number.isInteger(threads) || threads < 1) throw new UsageError(`--threads expects a whole number of at least 1. ${USAGE}`);
      args.threads = threads;
    } else if (arg === '--out') args.out = value();
    else if (arg === '--sheet') args.sheet = value();
    else if (arg === '--as-of') args.asOf = value();
    else if (arg === '--currency') args.currency = value();
    else if (arg === '--map') {
      const mapping = value();
      const eq = mapping.indexOf('=');
      const role = mapping.slice(0, eq) as ColumnRole;
      if (eq < 1 || !ROLES.includes(role))
        throw new UsageError(`--map expects role=Header with a role among ${ROLES.join(', ')}; got '${mapping}'.`);
      args.roles[role] = mapping.slice(eq + 1);
    } else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}. ${USAGE}`);
    else if (args.file === '') args.file = arg;
    else if ((args.joinWith ??= []).length < MAX_JOINED_FILES - 1) args.joinWith.push(arg);
    else throw new UsageError(`At most ${MAX_JOINED_FILES} files can be joined in one analysis. ${USAGE}`);
  }
  if (args.file === '') throw new UsageError(USAGE);
  return args;
}

/**
 * Writes the rendered artifacts (reports, charts, dashboard, CSV exports) next to
 * analysis.json, then the charts' PNG copies (for viewers and email clients without SVG
 * support) unless `--no-png`. `analysis.json` itself is written pretty-printed by `run`.
 */
async function writeRenderedFiles(result: AnalysisResult, args: CliArgs): Promise<number> {
  let written = 0;
  const charts: PngJob[] = [];
  for (const file of renderArtifacts(result)) {
    if (file.name === 'analysis.json') continue;
    const path = join(args.out, file.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.body);
    written++;
    if (file.contentType === 'image/svg+xml' && typeof file.body === 'string')
      charts.push({ svg: file.body, path: path.replace(/\.svg$/, '.png') });
  }
  if (args.png === false) return written;
  return written + (await writePngs(charts, threadsOf(args)));
}

/** `--threads`, else every core the machine offers. */
function threadsOf(args: CliArgs): number {
  return args.threads ?? availableParallelism();
}

/** Runs one analysis and returns the summary line. */
/**
 * "1 rejected", or with `--as-of`, "2,122 dated after the analysis date, left out": rows past the
 * analysis date are no bad data, and "9,994 rows (2,122 rejected)" said they were.
 */
function rowsLeftOut(dataset: AnalysisResult['dataset']): string {
  const after = dataset.rejectReasons.find((r) => r.reason === REASONS.afterAsOf)?.count ?? 0;
  const rejected = `${(dataset.rowsRejected - after).toLocaleString('en-US')} rejected`;
  return after ? `${rejected}, ${after.toLocaleString('en-US')} dated after the analysis date, left out` : rejected;
}

export async function run(args: CliArgs): Promise<string> {
  const paths = [args.file, ...(args.joinWith ?? [])];
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new UsageError(`No such file: ${path}`);
  }
  let ranges = 1;
  // The rows stay in memory for the revenue bridge (the job reads its Parquet copy instead).
  // A snapshot is filled by one reader, so keeping the rows means one pass; --no-bridge
  // lets a large CSV be parsed on worker threads.
  const rows = args.bridge === false ? null : memorySnapshot();
  const options = {
    sheet: args.sheet,
    asOf: args.asOf,
    roles: args.roles,
    currency: args.currency,
    // The CLI has the machine's memory, not a 128 MB Worker isolate's (state-budget.ts).
    stateBudget: Infinity,
    ...(rows ? { snapshot: rows.consumer } : {}),
  };
  const aggregates: Aggregates = joins(paths, args.sheet)
    ? await ingestFiles(
        paths.map((path) => ({ fileName: basename(path), source: createReadStream(path), byteLength: statSync(path).size })),
        options,
      )
    : await ingestFile(
        args.file,
        { ...options, fileName: basename(args.file) },
        { threads: threadsOf(args), onRanges: (n) => (ranges = n) },
      );
  const result = analyse(aggregates, { asOf: args.asOf });
  if (rows) result.bridge = await defaultBridgeOf(rows.snapshot(), result.asOf);
  await mkdir(args.out, { recursive: true });
  await writeFile(join(args.out, 'analysis.json'), `${JSON.stringify(result, null, 2)}\n`);
  const files = await writeRenderedFiles(result, args);
  const { dataset, totals } = result;
  const joined = result.joins
    ? joinSentences(result.joins, dataset.currency)
        .map((line) => `\n  ${line}`)
        .join('')
    : '';
  return (
    `${dataset.fileName}${dataset.sheet ? ` [${dataset.sheet}]` : ''}: ${dataset.rowsRead.toLocaleString('en-US')} rows ` +
    `(${rowsLeftOut(dataset)}), ${totals.customers.toLocaleString('en-US')} customers, ` +
    `${totals.orders.toLocaleString('en-US')} orders, revenue ${money(totals.revenue, dataset.currency)}` +
    `${dataset.period.from ? `, ${dataset.period.from} … ${dataset.period.to}` : ''} → ${join(args.out, 'analysis.json')} (+${files} files${ranges > 1 ? `; parsed on ${ranges} threads` : ''})` +
    joined
  );
}

/** Several files, or one workbook whose sheet is not chosen, go through the join. */
function joins(paths: readonly string[], sheet: IngestOptions['sheet']): boolean {
  return paths.length > 1 || (sheet === undefined && kindOf(paths[0]).kind !== 'text');
}

/** Runs the command line in `process.argv` (the entry of the bundle and of tsx). */
export async function main(): Promise<void> {
  try {
    console.log(await run(parseArgs(process.argv.slice(2))));
  } catch (error) {
    if (error instanceof HelpRequested) {
      console.log(error.message);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    console.error(`error: ${message.split('\n')[0]}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && basename(process.argv[1]).startsWith('analyze')) await main();
