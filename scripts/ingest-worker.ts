/**
 * A worker thread of the CLI's parallel parse (see parallel-ingest.ts): waits for one
 * byte range, reads it with the engine, and hands back the part, its buffers transferred
 * rather than copied.
 */
import { parentPort } from 'node:worker_threads';
import { transferablesOf } from '../worker/engine/aggregate/part';
import { readRange, type RangeJob } from './read-range';

const port = parentPort;
port?.once('message', (job: RangeJob) => {
  try {
    const result = readRange(job);
    port.postMessage({ result }, transferablesOf(result.part.aggregate));
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
  port.close();
});
