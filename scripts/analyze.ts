/**
 * The command-line analysis: one file in, `<out>/analysis.json` plus the rendered reports,
 * charts, dashboard and CSV exports out, through the same engine the job runs.
 *
 *   npm run analyze -- <file> [--out dir] [--sheet NAME] [--as-of YYYY-MM-DD] [--map role=Header ...]
 *
 * Prints a one-line summary. On bad input it prints one line on stderr and exits 1
 * (2 for a usage error).
 */
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { analyse } from '../worker/engine/analyze';
import type { AnalysisResult, ColumnRole } from '../worker/engine/contract';
import { ingest } from '../worker/engine/ingest';
import { renderArtifacts } from '../worker/engine/render';
import { svgToPng } from './png';

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
  out: string;
  sheet?: string;
  asOf?: string;
  roles: Partial<Record<ColumnRole, string>>;
}

class UsageError extends Error {}

const USAGE = 'usage: npm run analyze -- <file> [--out dir] [--sheet NAME] [--as-of YYYY-MM-DD] [--map role=Header ...]';

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
    if (arg === '--out') args.out = value();
    else if (arg === '--sheet') args.sheet = value();
    else if (arg === '--as-of') args.asOf = value();
    else if (arg === '--map') {
      const mapping = value();
      const eq = mapping.indexOf('=');
      const role = mapping.slice(0, eq) as ColumnRole;
      if (eq < 1 || !ROLES.includes(role))
        throw new UsageError(`--map expects role=Header with a role among ${ROLES.join(', ')}; got '${mapping}'.`);
      args.roles[role] = mapping.slice(eq + 1);
    } else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}. ${USAGE}`);
    else if (args.file === '') args.file = arg;
    else throw new UsageError(`Only one file can be analysed at a time. ${USAGE}`);
  }
  if (args.file === '') throw new UsageError(USAGE);
  return args;
}

/**
 * Writes the rendered artifacts (reports, charts, dashboard, CSV exports) next to
 * analysis.json. `analysis.json` itself is written pretty-printed by `run`.
 */
async function writeRenderedFiles(result: AnalysisResult, out: string): Promise<number> {
  let written = 0;
  for (const file of renderArtifacts(result)) {
    if (file.name === 'analysis.json') continue;
    const path = join(out, file.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.body);
    written++;
    // Charts also as PNG, for viewers and email clients without SVG support.
    if (file.contentType === 'image/svg+xml' && typeof file.body === 'string') {
      await writeFile(path.replace(/\.svg$/, '.png'), await svgToPng(file.body));
      written++;
    }
  }
  return written;
}

/** Runs one analysis and returns the summary line. */
export async function run(args: CliArgs): Promise<string> {
  const info = await stat(args.file).catch(() => null);
  if (!info?.isFile()) throw new UsageError(`No such file: ${args.file}`);
  const aggregates = await ingest(createReadStream(args.file, { highWaterMark: 1 << 20 }), {
    fileName: basename(args.file),
    sheet: args.sheet,
    asOf: args.asOf,
    roles: args.roles,
  });
  const result = analyse(aggregates, { asOf: args.asOf });
  await mkdir(args.out, { recursive: true });
  await writeFile(join(args.out, 'analysis.json'), `${JSON.stringify(result, null, 2)}\n`);
  const files = await writeRenderedFiles(result, args.out);
  const { dataset, totals } = result;
  const money = (v: number): string => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    `${dataset.fileName}${dataset.sheet ? ` [${dataset.sheet}]` : ''}: ${dataset.rowsRead.toLocaleString('en-US')} rows ` +
    `(${dataset.rowsRejected.toLocaleString('en-US')} rejected), ${totals.customers.toLocaleString('en-US')} customers, ` +
    `${totals.orders.toLocaleString('en-US')} orders, revenue ${money(totals.revenue)}` +
    `${dataset.period.from ? `, ${dataset.period.from} … ${dataset.period.to}` : ''} → ${join(args.out, 'analysis.json')} (+${files} files)`
  );
}

async function main(): Promise<void> {
  try {
    console.log(await run(parseArgs(process.argv.slice(2))));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`error: ${message.split('\n')[0]}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && basename(process.argv[1]).startsWith('analyze')) await main();
