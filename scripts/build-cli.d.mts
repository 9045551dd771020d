/** Builds the CLI bundle when stale and returns the path of one entry, the CLI's (`analyze`) by default (see build-cli.mjs). */
export function ensureCliBundle(entry?: 'analyze' | 'bench'): Promise<string>;
