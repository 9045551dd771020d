/**
 * The analytics engine's public entry: bytes in, aggregates and `analysis.json` out.
 * Pure TypeScript — no Workers, Node or DOM APIs — so the same code runs in the
 * AnalysisJob Durable Object, the CLI and the tests.
 */
export * from './contract';
export * from './errors';
export { ingest, type IngestOptions } from './ingest';
export type { Aggregates } from './aggregate/types';
