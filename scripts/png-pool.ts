/**
 * The CLI's PNG step. resvg takes about as long as the whole analysis of a 1M-row file,
 * so it runs after analysis.json and every other file are written, spread over worker
 * threads. From TypeScript sources (tests, tsx) there is no bundled worker file to start,
 * so the charts are rendered in this thread instead, with the same code.
 */
import { writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { svgToPng } from './png';

/** One chart to rasterise: its SVG source and the PNG path to write. */
export interface PngJob {
  svg: string;
  path: string;
}

/** Renders every job, on up to `threads` worker threads; returns how many were written. */
export async function writePngs(jobs: readonly PngJob[], threads: number): Promise<number> {
  const workerFile = new URL('./png-worker.mjs', import.meta.url);
  if (!import.meta.url.endsWith('.mjs') || threads < 2 || jobs.length < 2) {
    for (const job of jobs) await writeFile(job.path, await svgToPng(job.svg));
    return jobs.length;
  }
  const shares: PngJob[][] = Array.from({ length: Math.min(threads, jobs.length) }, () => []);
  jobs.forEach((job, i) => shares[i % shares.length].push(job));
  const counts = await Promise.all(
    shares.map(
      (share) =>
        new Promise<number>((resolve, reject) => {
          const worker = new Worker(workerFile, { workerData: share });
          worker.once('message', (count: number) => resolve(count));
          worker.once('error', reject);
          worker.once('exit', (code) => (code === 0 ? resolve(0) : reject(new Error(`A PNG worker exited with code ${code}.`))));
        }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}
