// Runs before `npm run dev`: a fresh clone works without hand edits.
// 1. .dev.vars (local secrets) is created from .dev.vars.example when missing.
// 2. D1 migrations are applied to the local database (.wrangler/state).
// Run it as `npm run predev` or directly with `node scripts/prepare-dev.mjs`: wrangler is
// started from this project's node_modules, so it need not be on the PATH.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

// node_modules/.bin first, as npm scripts have it: its wrangler (and the project's Node 22,
// which wrangler's shim picks up through `env node`).
const bin = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));

if (!existsSync('.dev.vars')) {
  copyFileSync('.dev.vars.example', '.dev.vars');
  console.log('Created .dev.vars from .dev.vars.example');
}
execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local'], {
  stdio: 'inherit',
  env: { ...process.env, CI: '1', PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
});
