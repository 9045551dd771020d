/**
 * What a run leaves behind for later: artifacts (R2 body + D1 row), the `analysis.json`
 * chat reads and the per-customer attributes chat filters by (the row snapshot has its
 * own module, row-snapshot.ts). The Durable Object and the pipeline call these; only
 * this module pairs an artifact's key with its row.
 */
import type { ArtifactFile } from '../agent';
import { database } from '../db/client';
import { upsertArtifact, type ArtifactRow } from '../db/analyses';
import type { AnalysisResult } from '../engine/contract';
import { sha256Hex } from '../lib/crypto';
import { analysisJsonKey, artifactKey, customerAttributesKey } from './keys';

/** Categorical attributes per customer id, by attribute name (e.g. `region`). */
export interface CustomerAttributes {
  region: Record<string, string | null>;
}

/** The stored result chat answers from. */
export interface StoredResult {
  result: AnalysisResult;
  /** Null for an analysis stored before attributes were kept (chat then says it can't filter). */
  attributes: CustomerAttributes | null;
}

/** An error whose message is safe and useful to show the user as is. */
export class UserFacingError extends Error {}

/**
 * Stores an artifact's body and its row. The id is derived from the analysis and file
 * name, so a re-run replaces rather than duplicates.
 */
export async function saveArtifact(env: Env, analysisId: string, file: ArtifactFile): Promise<ArtifactRow> {
  const key = artifactKey(analysisId, file.name);
  const body = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body;
  await env.FILES.put(key, body, { httpMetadata: { contentType: file.contentType } });
  return recordArtifact(env, analysisId, file, { location: key, size: body.byteLength });
}

/**
 * The row of an artifact whose body is not passed here: one already written to R2 as a
 * stream (the Parquet snapshot), or one made from another object when it is downloaded
 * (the CSV copy of the snapshot: its size is unknown until then, so null).
 */
export async function recordArtifact(
  env: Env,
  analysisId: string,
  file: Pick<ArtifactFile, 'name' | 'type' | 'contentType'>,
  stored: { location: string; size: number | null },
): Promise<ArtifactRow> {
  const row: ArtifactRow = {
    id: (await sha256Hex(`${analysisId}/${file.name}`)).slice(0, 32),
    analysisId,
    artifactType: file.type,
    fileName: file.name,
    fileLocation: stored.location,
    fileSize: stored.size,
    contentType: file.contentType,
    createdAt: new Date().toISOString(),
  };
  await upsertArtifact(database(env.DB), row);
  return row;
}

export async function saveCustomerAttributes(env: Env, analysisId: string, attributes: CustomerAttributes): Promise<void> {
  await env.FILES.put(customerAttributesKey(analysisId), JSON.stringify(attributes), {
    httpMetadata: { contentType: 'application/json' },
  });
}

/** The result and attributes of a completed analysis, for chat. */
export async function loadStoredResult(env: Env, analysisId: string): Promise<StoredResult> {
  const [json, attributes] = await Promise.all([
    env.FILES.get(analysisJsonKey(analysisId)),
    env.FILES.get(customerAttributesKey(analysisId)),
  ]);
  if (!json) throw new UserFacingError('The results of this analysis are no longer available.');
  return { result: await json.json<AnalysisResult>(), attributes: attributes ? await attributes.json<CustomerAttributes>() : null };
}
