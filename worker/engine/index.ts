/**
 * The analytics engine's public entry: bytes in, aggregates and `analysis.json` out.
 * Pure TypeScript — no Workers, Node or DOM APIs — so the same code runs in the
 * AnalysisJob Durable Object, the CLI and the tests.
 */
export * from './contract';
export * from './contract-join';
export * from './errors';
export { ingest, type IngestOptions } from './ingest';
export { ingestFiles, MAX_JOINED_FILES, type JoinInput } from './join';
export type { Aggregates } from './aggregate/types';
