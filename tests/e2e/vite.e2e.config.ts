/**
 * The app as the browser tests see it: the same build as production, previewed in workerd
 * with its own local state (D1, R2, Durable Objects) under .wrangler/e2e-state, so a run
 * starts from an empty database and never touches a developer's `npm run dev` data.
 */
import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export const E2E_STATE_DIR = '.wrangler/e2e-state';
export const E2E_PORT = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({
      remoteBindings: false,
      persistState: { path: E2E_STATE_DIR },
      inspectorPort: false,
      config: (config) => ({ vars: { ...config.vars, DEV_PORT: String(E2E_PORT) } }),
    }),
  ],
  server: { port: E2E_PORT, strictPort: true },
  preview: { port: E2E_PORT, strictPort: true },
  logLevel: 'warn',
});
