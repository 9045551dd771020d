/**
 * `npm run bench`: runs the benchmark (bench.ts) from its prebuilt bundle (see
 * build-cli.mjs), building it first when it is missing or stale. The bench's arguments
 * pass through: `npm run bench -- --rows 1000000 --no-png`.
 */
import { pathToFileURL } from 'node:url';
import { ensureCliBundle } from './build-cli.mjs';

await import(pathToFileURL(await ensureCliBundle('bench')).href);
