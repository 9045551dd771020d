/** Paths to the shared reference datasets and a tiny reader for their numeric CSVs. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The shared datasets folder: `../shared/datasets` beside the project (where the
 * workspace keeps them), or `TALLY_DATASETS` when a checkout lives elsewhere.
 */
export const DATASETS_DIR = process.env.TALLY_DATASETS ?? fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));

/** Absolute path of a file under the shared datasets folder. */
export function datasetPath(relative: string): string {
  return `${DATASETS_DIR}/${relative}`;
}

/** Columns of a small all-numeric CSV with a header row, by header name. */
export function numericColumns(relative: string): Record<string, Float64Array> {
  const lines = readFileSync(datasetPath(relative), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = lines[0].split(',');
  const columns: Record<string, Float64Array> = {};
  header.forEach((name, c) => {
    columns[name] = Float64Array.from(lines.slice(1), (line) => Number(line.split(',')[c]));
  });
  return columns;
}

/**
 * Writes Online Retail's October and November 2011 (its by-day files, one header) to `path`:
 * the two months the chat tests ask about.
 */
export function writeOnlineRetailOctNov2011(path: string): void {
  const dir = datasetPath('online_retail/by-day');
  const days = readdirSync(dir)
    .filter((f) => /^2011-1[01]-\d\d\.csv$/.test(f))
    .sort();
  const lines = days.flatMap((f, i) => {
    const rows = readFileSync(`${dir}/${f}`, 'utf8').split('\n').filter(Boolean);
    return i === 0 ? rows : rows.slice(1);
  });
  writeFileSync(path, `${lines.join('\n')}\n`);
}
