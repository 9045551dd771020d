/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Turnstile site key; defaults to Cloudflare's always-pass test key. */
  readonly VITE_TURNSTILE_SITE_KEY?: string;
  /** The external meeting scheduler behind every Book a Call button. */
  readonly VITE_SCHEDULER_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
