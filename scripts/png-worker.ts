/**
 * A worker thread of the CLI's PNG step (see png-pool.ts): renders the charts it is
 * given with resvg and writes each next to its SVG, then reports how many it wrote.
 */
import { writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { svgToPng } from './png';
import type { PngJob } from './png-pool';

let written = 0;
for (const job of workerData as PngJob[]) {
  await writeFile(job.path, await svgToPng(job.svg));
  written++;
}
parentPort?.postMessage(written);
