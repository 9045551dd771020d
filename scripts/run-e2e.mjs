// Browser tests, end to end: build the app, start it on the local Workers runtime with a
// fresh local state (D1 migrated from migrations/, empty R2 and Durable Objects), wait
// for /api/health, run tests/e2e/*.test.ts in Debian Chromium, and always stop the server.
// Screenshots land in tests/e2e/screenshots/.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const CONFIG = 'tests/e2e/vite.e2e.config.ts';
const STATE_DIR = '.wrangler/e2e-state';
// PORT moves the preview (and every emailed link, through DEV_PORT); 3000 by default.
const PORT = process.env.PORT ?? '3000';
const BASE_URL = `http://localhost:${PORT}`;
const STARTUP_LIMIT_MS = 60_000;

const bin = (name) => `node_modules/.bin/${name}`;
const run = (command, args, env = {}) => execFileSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });

// Local secrets (ENVIRONMENT=development turns on the /dev/mail outbox the tests read).
if (!existsSync('.dev.vars')) copyFileSync('.dev.vars.example', '.dev.vars');

rmSync(STATE_DIR, { recursive: true, force: true });
run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE_DIR], { CI: '1' });
run(bin('vite'), ['build', '--config', CONFIG]);

const server = spawn(bin('vite'), ['preview', '--config', CONFIG], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
const stopServer = () => {
  if (server.exitCode === null) {
    try {
      // The preview spawns workerd: end the whole process group we started.
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      server.kill('SIGTERM');
    }
  }
};
process.on('exit', stopServer);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

async function waitForHealth() {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${BASE_URL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`the app did not answer ${BASE_URL}/api/health within ${STARTUP_LIMIT_MS / 1000}s`);
}

let status = 1;
try {
  await waitForHealth();
  const tests = process.argv.slice(2);
  const result = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      ...(tests.length ? tests : ['tests/e2e/app.test.ts', 'tests/e2e/currency-setting.test.ts', 'tests/e2e/dashboard-layout.test.ts']),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: BASE_URL },
    },
  );
  status = await new Promise((resolve) => result.on('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(error);
} finally {
  stopServer();
}
process.exit(status);
