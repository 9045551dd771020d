/**
 * `npm run analyze`: runs the prebuilt CLI bundle (see build-cli.mjs), building it first
 * when it is missing or stale.
 */
import { pathToFileURL } from 'node:url';
import { ensureCliBundle } from './build-cli.mjs';

const { main } = await import(pathToFileURL(await ensureCliBundle()).href);
await main();
