/** Paths to the shared reference datasets and a tiny reader for their numeric CSVs. */
import { readFileSync } from 'node:fs';
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
