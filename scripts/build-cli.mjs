/**
 * Builds the CLI into one esbuild bundle per entry under dist/cli/, so that
 * `npm run analyze` starts plain Node instead of transpiling TypeScript on every run
 * (tsx cost about a second of the CLI's 4.5 s). Runs on `npm ci` (the `prepare` script)
 * and again whenever a source file is newer than the bundle, so a checkout never runs
 * stale code.
 *
 * The benchmark is bundled too: a Worker runs bundled code, and under tsx the bench's
 * process held about 8 MB more heap (the transpiled sources and their source maps), which
 * its memory figures counted as if the Worker carried it.
 *
 *   node scripts/build-cli.mjs        builds (if stale) and prints the bundle's path
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/**
 * The project root: the nearest folder with a package.json above this file. This file runs
 * from scripts/, or bundled into dist/cli/bench.mjs (the bench compares the CLI with
 * DuckDB), so the root is one or two folders up.
 */
function projectRoot() {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

const ROOT = projectRoot();
const OUT = join(ROOT, 'dist/cli');
const ENTRIES = {
  analyze: 'scripts/analyze.ts',
  'png-worker': 'scripts/png-worker.ts',
  'ingest-worker': 'scripts/ingest-worker.ts',
  bench: 'scripts/bench.ts',
};
const META = join(OUT, 'meta.json');

/** True when the bundle (any entry of it) is missing, or it or any of its inputs changed after it was built. */
function stale() {
  if (!existsSync(META) || Object.keys(ENTRIES).some((entry) => !existsSync(join(OUT, `${entry}.mjs`)))) return true;
  const built = statSync(META).mtimeMs;
  if (statSync(join(ROOT, 'scripts/build-cli.mjs')).mtimeMs > built) return true;
  const { inputs } = JSON.parse(readFileSync(META, 'utf8'));
  return inputs.some((input) => !existsSync(join(ROOT, input)) || statSync(join(ROOT, input)).mtimeMs > built);
}

/** Builds the bundle when stale and returns the path of one entry (the CLI's by default). */
export async function ensureCliBundle(entry = 'analyze') {
  if (stale()) {
    const { build } = await import('esbuild');
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: ENTRIES,
      outdir: OUT,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      // resvg's wasm and the fonts are read from node_modules at run time (see png.ts).
      packages: 'external',
      metafile: true,
      logLevel: 'warning',
    });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(META, JSON.stringify({ inputs: Object.keys(result.metafile.inputs) }));
  }
  return join(OUT, `${entry}.mjs`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await ensureCliBundle());
