/**
 * Preloaded with `node --import` by the bench's DuckDB comparison: prints the process's
 * peak resident memory (worker threads included) on stderr as it exits. `--import` also
 * runs in every worker thread, whose exit is not the process's: only the main thread
 * reports, or a parse thread's early figure would pass for the peak.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  process.on('exit', () => {
    process.stderr.write(`maxRssMB=${(process.resourceUsage().maxRSS / 1024).toFixed(1)}\n`);
  });
}
