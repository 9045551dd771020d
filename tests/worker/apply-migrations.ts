import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// The same migration files wrangler applies, applied to each test run's D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
