/**
 * The lookup files uploaded beside an analysis's primary file (a customer master, a
 * returns list), as the engine's join option: the run joins them to the transactions
 * (worker/engine/join). Kept apart from the pipeline so that reading the upload stays one
 * call there; with no lookup file the option still lets a workbook join its own sheets.
 */
import { UserFacingError } from '../worker/analyses/stored-results';
import { listFileUploads } from '../worker/db/analyses';
import { database } from '../worker/db/client';
import type { IngestOptions } from '../worker/engine/ingest';
import type { JoinInput } from '../worker/engine/join';

/** The `join` ingest option for the analysis: its non-primary uploads, streamed from R2. */
export async function joinOptionOf(env: Env, analysisId: string): Promise<Pick<IngestOptions, 'join'>> {
  const uploads = await listFileUploads(database(env.DB), analysisId);
  const lookups: JoinInput[] = [];
  for (const upload of uploads.filter((u) => !u.isPrimary).sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    const object = await env.FILES.get(upload.fileLocation);
    if (!object) throw new UserFacingError(`The uploaded file '${upload.fileName}' could not be found. Please upload it again.`);
    lookups.push({ fileName: upload.fileName, source: object.body, byteLength: object.size });
  }
  return { join: { lookups } };
}
