import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BASELINE_DOCUMENT_HEADERS } from './worker/lib/security-headers';

/** `PORT=3100 npm run dev` moves the dev server; emailed links and redirects follow (DEV_PORT). */
const port = Number(process.env.PORT ?? 3000);

/**
 * One Vite build for both halves: the React SPA (web/) and the Worker (worker/), which
 * the Cloudflare plugin runs in workerd during `vite dev` with local D1, R2 and DOs.
 * Remote bindings stay off: there is no Cloudflare account on a developer's machine.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({
      remoteBindings: false,
      config: (config) => ({ vars: { ...config.vars, DEV_PORT: String(port) } }),
    }),
  ],
  // The SPA's pages under `vite dev` get production's headers apart from the CSP (see BASELINE_DOCUMENT_HEADERS).
  server: { port, strictPort: true, headers: { ...BASELINE_DOCUMENT_HEADERS } },
  preview: { port, strictPort: true },
});
