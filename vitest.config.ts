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
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));

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
              bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: 'test' },
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
