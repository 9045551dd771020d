// Runs before `npm run dev`: a fresh clone works without hand edits.
// 1. .dev.vars (local secrets) is created from .dev.vars.example when missing.
// 2. D1 migrations are applied to the local database (.wrangler/state).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';

if (!existsSync('.dev.vars')) {
  copyFileSync('.dev.vars.example', '.dev.vars');
  console.log('Created .dev.vars from .dev.vars.example');
}
execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local'], {
  stdio: 'inherit',
  env: { ...process.env, CI: '1' },
});
