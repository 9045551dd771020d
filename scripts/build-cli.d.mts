/** Builds the CLI bundle when stale and returns the path of its analyze entry (see build-cli.mjs). */
export function ensureCliBundle(): Promise<string>;
