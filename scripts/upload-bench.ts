/**
 * Upload to "completed", end to end, against a local dev server (`npm run dev`, or
 * `vite dev --port P`): generates (once) the bench's CSV, uploads it through the web
 * app's chunked protocol (`POST /api/uploads`, `PUT …/parts/:n`, `POST …/complete`) with
 * a few parts in flight, then polls the analysis until it completes, and prints the
 * times. Traffic goes only to the given local URL; every loop is bounded.
 *
 *   npx tsx scripts/upload-bench.ts [--rows N] [--scale K] [--url http://localhost:3000] [--parallel 3]
 *
 * The last line printed is `rows=N uploadSeconds=U analysisSeconds=A totalSeconds=T`.
 */
import { open, stat } from 'node:fs/promises';
import { benchFile } from './generate-b2b-csv';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const rows = Number(option('rows', '1000000'));
const base = option('url', 'http://localhost:3000').replace(/\/$/, '');
const parallel = Number(option('parallel', '3'));
/** Give up polling after this long: a stuck job must not keep the script running. */
const POLL_LIMIT_MS = 10 * 60 * 1000;
if (!/^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(base)) throw new Error(`--url must be a local address, got ${base}`);

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * A visitor gets one analysis per day per email and per client address, so each run
 * presents a fresh loopback address (the local dev server takes CF-Connecting-IP as sent).
 */
const visitor = `127.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

const path = benchFile(rows, Number(option('scale', '1')));
const fileSize = (await stat(path)).size;
const started = performance.now();
const upload = await json<{ upload_id: string; upload_token: string; part_size: number; part_count: number }>(
  await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': visitor },
    body: JSON.stringify({
      fileName: 'bench.csv',
      fileSize,
      // A fresh address per run: a visitor gets one analysis per day.
      email: `bench-${Date.now()}@example.com`,
      message: 'Who are my best customers?',
      captchaToken: 'XXXX.DUMMY.TOKEN.XXXX',
    }),
  }),
);
/** PUTs one part; the route replaces an earlier try of a part, so a failed one is sent again (at most 3 tries). */
async function putPart(n: number, body: Uint8Array<ArrayBuffer>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}/api/uploads/${upload.upload_id}/parts/${n}`, {
      method: 'PUT',
      headers: { 'X-Upload-Token': upload.upload_token, 'Content-Type': 'application/octet-stream', 'CF-Connecting-IP': visitor },
      body,
    }).catch(() => null);
    if (response?.ok) {
      await response.arrayBuffer();
      return;
    }
    if (attempt === 3 || (response && response.status < 500)) {
      if (!response) throw new Error(`Part ${n}: no answer after ${attempt} tries.`);
      await json(response); // throws with the status and the answer
      return;
    }
    retries++;
    console.log(`part ${n} failed (${response ? response.status : 'no answer'}); sending it again`);
  }
}

let retries = 0;
const file = await open(path);
try {
  let next = 1;
  const sendParts = async (): Promise<void> => {
    for (let n = next++; n <= upload.part_count; n = next++) {
      const offset = (n - 1) * upload.part_size;
      const length = Math.min(upload.part_size, fileSize - offset);
      const body = new Uint8Array(length);
      await file.read(body, 0, length, offset);
      await putPart(n, body);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, sendParts));
} finally {
  await file.close();
}
const { analysis_id: id, access_token: token } = await json<{ analysis_id: string; access_token: string }>(
  await fetch(`${base}/api/uploads/${upload.upload_id}/complete`, {
    method: 'POST',
    headers: { 'X-Upload-Token': upload.upload_token, 'CF-Connecting-IP': visitor },
  }),
);
const uploaded = performance.now();
console.log(
  `uploaded ${(fileSize / 1e6).toFixed(1)} MB in ${upload.part_count} parts, ${parallel} in flight (${retries} retried); analysis ${id}`,
);

let status = '';
let failures = 0;
while (performance.now() - uploaded < POLL_LIMIT_MS) {
  // Locally the job runs on the same workerd thread that answers the poll, so a poll can
  // time out while the engine is busy: a few such failures are expected, not fatal.
  const response = await fetch(`${base}/api/analysis/${id}/${token}`).catch(() => null);
  if (!response || response.status >= 500) {
    if (++failures > 20) throw new Error(`Polling failed 20 times (last: ${response ? response.status : 'no answer'}).`);
  } else {
    const { analysis } = await json<{ analysis: { status: string; error: string | null } | null }>(response);
    status = analysis?.status ?? 'missing';
    if (status === 'completed') break;
    if (status === 'error') throw new Error(`The analysis failed: ${analysis?.error ?? 'no reason given'}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
if (status !== 'completed')
  throw new Error(`The analysis did not complete within ${POLL_LIMIT_MS / 60000} minutes (last status ${status}).`);
const done = performance.now();
console.log(
  `rows=${rows} uploadSeconds=${((uploaded - started) / 1000).toFixed(2)} analysisSeconds=${((done - uploaded) / 1000).toFixed(2)} ` +
    `totalSeconds=${((done - started) / 1000).toFixed(2)}`,
);
