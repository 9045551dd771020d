import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELP, HelpRequested, parseArgs, run } from '../../scripts/analyze';
import { generateB2bCsv } from '../../scripts/generate-b2b-csv';
import type { AnalysisResult } from '../../worker/engine/contract';
import { scratchDir } from './helpers/scratch';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/ingest/${name}`, import.meta.url));

describe('npm run analyze', () => {
  it('parses the file, --out, --sheet, --as-of and repeated --map', () => {
    expect(
      parseArgs([
        'data.xlsx',
        '--out',
        'o',
        '--sheet',
        'Orders',
        '--as-of',
        '2024-01-31',
        '--map',
        'customerId=Kunde',
        '--map',
        'amount=Netto Betrag',
      ]),
    ).toEqual({
      file: 'data.xlsx',
      out: 'o',
      sheet: 'Orders',
      asOf: '2024-01-31',
      roles: { customerId: 'Kunde', amount: 'Netto Betrag' },
    });
    expect(parseArgs(['f.csv']).out).toBe('./out');
    expect(() => parseArgs(['f.csv', '--map', 'boss=X'])).toThrow('--map expects role=Header with a role among');
  });

  // With --as-of the rows after it were counted as rejected ("9,994 rows (2,122 rejected)" on Superstore).
  it('tells rows dated after --as-of from rejected ones in its summary', async () => {
    const summary = await run({ file: fixture('german-semicolon.csv'), out: scratchDir('tally-cli-'), roles: {}, asOf: '2024-01-31' });
    // 02.02 and 14.02 are after the analysis date; 31.02.2024 is no date.
    expect(summary).toMatch(/^german-semicolon\.csv: 6 rows \(1 rejected, 2 dated after the analysis date, left out\), 2 customers, /);
  });

  it('writes analysis.json and the rendered files, and returns a one-line summary', async () => {
    const out = scratchDir('tally-cli-');
    const summary = await run({ file: fixture('german-semicolon.csv'), out, roles: {} });
    expect(summary).toMatch(
      /^german-semicolon\.csv: 6 rows \(1 rejected\), 2 customers, 3 orders, revenue 1,228\.80, 2024-01-03 … 2024-02-14 → .*analysis\.json \(\+\d+ files\)$/,
    );
    const result = JSON.parse(readFileSync(join(out, 'analysis.json'), 'utf8')) as AnalysisResult;
    expect(result.dataset.fileName).toBe('german-semicolon.csv');
    expect(result.totals.revenue).toBe(1228.8);
    expect(result.trend.monthly.map((m) => m.month)).toEqual(['2024-01', '2024-02']);
    expect(readdirSync(out).length).toBeGreaterThan(1);
  });

  it('writes every SVG chart also as a 1200-px-wide PNG with drawn content', async () => {
    const out = scratchDir('tally-cli-');
    await run({ file: fixture('german-semicolon.csv'), out, roles: {} });
    const svgs = readdirSync(out).filter((name) => name.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(0);
    for (const svg of svgs) {
      const png = readFileSync(join(out, svg.replace(/\.svg$/, '.png')));
      // PNG signature, then the IHDR chunk's width (big-endian) at byte 16.
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png.readUInt32BE(16)).toBe(1200);
      expect(png.readUInt32BE(20)).toBeGreaterThan(100);
      // A blank white image compresses to a few hundred bytes; a chart with text does not.
      expect(png.byteLength).toBeGreaterThan(5000);
    }
  });

  it('parses --no-png and --threads, refuses a bad thread count, and answers --help with the help text', () => {
    expect(parseArgs(['f.csv', '--no-png', '--threads', '3'])).toEqual({ file: 'f.csv', out: './out', roles: {}, png: false, threads: 3 });
    expect(() => parseArgs(['f.csv', '--threads', '0'])).toThrow('--threads expects a whole number of at least 1.');
    expect(() => parseArgs(['--help'])).toThrow(HelpRequested);
    expect(HELP).toContain('*.png           every chart also as a 1200-px PNG, rendered last, after all of the\n');
    expect(HELP).toContain('--no-png skips them');
    expect(HELP).toContain('--threads N         threads for the PNGs and, with --no-bridge, for parsing');
    expect(parseArgs(['f.csv', '--no-bridge'])).toEqual({ file: 'f.csv', out: './out', roles: {}, bridge: false });
  });

  it('writes no PNG with --no-png, and everything else as without it', async () => {
    const out = scratchDir('tally-cli-');
    const summary = await run({ file: fixture('german-semicolon.csv'), out, roles: {}, png: false });
    const names = readdirSync(out);
    expect(names.filter((name) => name.endsWith('.png'))).toEqual([]);
    const svgs = names.filter((name) => name.endsWith('.svg')).length;
    expect(svgs).toBeGreaterThan(0);
    const withPng = scratchDir('tally-cli-');
    await run({ file: fixture('german-semicolon.csv'), out: withPng, roles: {} });
    expect(readdirSync(withPng).length).toBe(names.length + svgs);
    expect(summary).toContain(`(+${names.length - 1} files)`);
  });

  it('npm run analyze runs the esbuild bundle, which renders the PNGs on worker threads', () => {
    const dir = scratchDir('tally-cli-');
    const child = spawnSync(process.execPath, ['scripts/cli.mjs', fixture('german-semicolon.csv'), '--out', dir, '--threads', '2'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(child.stdout).toMatch(/^german-semicolon\.csv: 6 rows \(1 rejected\), 2 customers, 3 orders, revenue 1,228\.80, /);
    expect(readFileSync(join(root, 'dist/cli/analyze.mjs'), 'utf8')).toContain('png-worker.mjs');
    const svgs = readdirSync(dir).filter((name) => name.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(1);
    for (const svg of svgs) {
      const png = readFileSync(join(dir, svg.replace(/\.svg$/, '.png')));
      expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(png.readUInt32BE(16)).toBe(1200);
    }
  });

  it('npm run analyze --no-bridge parses a large CSV on worker threads into exactly the analysis.json of one pass', () => {
    const dir = scratchDir('tally-cli-');
    const csv = join(dir, 'b2b.csv');
    // 140,000 rows, about 18 MB: two ranges of more than MIN_RANGE_BYTES each.
    generateB2bCsv(140_000, csv);
    const analysisWith = (threads: number): { summary: string; analysis: Record<string, unknown> } => {
      const out = join(dir, `out-${threads}`);
      const child = spawnSync(
        process.execPath,
        ['scripts/cli.mjs', csv, '--out', out, '--threads', String(threads), '--no-png', '--no-bridge'],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );
      expect(child.stderr).toBe('');
      const analysis = JSON.parse(readFileSync(join(out, 'analysis.json'), 'utf8')) as Record<string, unknown>;
      delete analysis.generatedAt;
      return { summary: child.stdout, analysis };
    };
    const parallel = analysisWith(2);
    const onePass = analysisWith(1);
    expect(parallel.summary).toContain('files; parsed on 2 threads)');
    expect(onePass.summary).not.toContain('parsed on');
    expect(parallel.analysis).toEqual(onePass.analysis);
  });

  it('exits 1 with one line on stderr for bad input', () => {
    const dir = scratchDir('tally-cli-');
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/analyze.ts', empty, '--out', join(dir, 'out')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(child.status).toBe(1);
    expect(child.stderr).toBe('error: The file is empty.\n');
    expect(child.stdout).toBe('');
  });
});
