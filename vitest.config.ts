/**
 * Three test projects, one per runtime:
 * - engine: the pure analytics engine and the analyst, in Node (fast, no bindings needed);
 * - worker: routes, D1, R2 and the AnalysisJob Durable Object, inside workerd via the
 *   Cloudflare Vitest integration, with the real migrations applied;
 * - web: React components and client logic, in happy-dom.
 * Browser flows run separately in Debian Chromium (`npm run test:e2e`).
 */
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { FAKE_OIDC_BINDINGS } from './tests/fake-oidc/config.ts';
import { createFakeOidcProvider } from './tests/fake-oidc/provider.ts';

// Google sign-in tests run the real OIDC flow against this provider (tests/fake-oidc).
const fakeGoogle = createFakeOidcProvider();

const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));

/** The documented local values (offline Turnstile test secret, dev JWT secret, offline analyst). */
function devVars(): Record<string, string> {
  const text = readFileSync(new URL('./.dev.vars.example', import.meta.url), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'engine',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts', 'tests/agent/**/*.test.ts'],
          // Real-dataset tests read tens of MB; give them room without timing anything.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            remoteBindings: false,
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: { ...devVars(), TEST_MIGRATIONS: migrations, ENVIRONMENT: 'test', ...FAKE_OIDC_BINDINGS },
              // The Worker's outbound fetches: the fake Google answers its own host; nothing else is faked.
              outboundService: async (request) =>
                fakeGoogle.handles(request.url)
                  ? fakeGoogle.fetch(request)
                  : fetch(request.url, {
                      method: request.method,
                      headers: Object.fromEntries(request.headers),
                      body: ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer(),
                    }),
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['./tests/worker/apply-migrations.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
