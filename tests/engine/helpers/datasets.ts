/** Paths to the shared reference datasets and a tiny reader for their numeric CSVs. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of a file under `../shared/datasets/`. */
export function datasetPath(relative: string): string {
  return fileURLToPath(new URL(`../../../../shared/datasets/${relative}`, import.meta.url));
}

/** Columns of a small all-numeric CSV with a header row, by header name. */
export function numericColumns(relative: string): Record<string, Float64Array> {
  const lines = readFileSync(datasetPath(relative), 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0].split(',');
  const columns: Record<string, Float64Array> = {};
  header.forEach((name, c) => {
    columns[name] = Float64Array.from(lines.slice(1), (line) => Number(line.split(',')[c]));
  });
  return columns;
}
