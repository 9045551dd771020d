/**
 * `npm run bench -- --vs-duckdb`: the full CLI analysis (the prebuilt bundle, as
 * `npm run analyze` runs it) against DuckDB's bare aggregates of the same file
 * (duckdb-aggregates.mjs), both with 2 threads, each as its own process, alternating in
 * one run so that both see the same load on a shared machine. The ratio is what counts;
 * single times on a busy machine are noise. Installs nothing: `@duckdb/node-api` is a
 * dev dependency. The last line printed is `cliSeconds=… duckdbSeconds=… ratio=…`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCliBundle } from './build-cli.mjs';

const THREADS = 2;

interface Run {
  seconds: number;
  maxRssMB: number;
  stdout: string;
}

/** Runs `node --import report-rusage.mjs …args`, timing it from spawn to exit. */
function timed(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', './scripts/report-rusage.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr.trim()}`));
      const rss = /maxRssMB=([\d.]+)/.exec(stderr);
      resolve({ seconds, maxRssMB: rss ? Number(rss[1]) : NaN, stdout: stdout.trim() });
    });
  });
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Times both sides `repeat` times, alternating, and prints each run, the medians and the ratio. */
export async function compareWithDuckDb(path: string, repeat: number, png: boolean): Promise<void> {
  const bundle = await ensureCliBundle();
  const out = await mkdtemp(join(tmpdir(), 'tally-bench-'));
  const cli: Run[] = [];
  const duck: Run[] = [];
  try {
    for (let i = 0; i < repeat; i++) {
      // --no-bridge: DuckDB computes no bridge either, and without it the CLI parses on THREADS threads.
      cli.push(await timed([bundle, path, '--out', out, '--threads', String(THREADS), '--no-bridge', ...(png ? [] : ['--no-png'])]));
      duck.push(await timed(['scripts/duckdb-aggregates.mjs', path, String(THREADS)]));
      console.log(
        `run ${i + 1}: cli=${cli[i].seconds.toFixed(2)}s (peak RSS ${cli[i].maxRssMB} MB) duckdb=${duck[i].seconds.toFixed(2)}s ` +
          `(peak RSS ${duck[i].maxRssMB} MB) ratio=${(cli[i].seconds / duck[i].seconds).toFixed(2)}`,
      );
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  console.log(`cli: ${cli[0].stdout}`);
  console.log(`duckdb: ${duck[0].stdout}`);
  const cliSeconds = median(cli.map((r) => r.seconds));
  const duckSeconds = median(duck.map((r) => r.seconds));
  console.log(
    `threads=${THREADS} repeats=${repeat} png=${png} cliPeakRssMB=${Math.max(...cli.map((r) => r.maxRssMB))} ` +
      `cliSeconds=${cliSeconds.toFixed(2)} duckdbSeconds=${duckSeconds.toFixed(2)} ratio=${(cliSeconds / duckSeconds).toFixed(2)}`,
  );
}
