/**
 * Receives the `file` parts of a multipart body straight into R2 under the analysis (up
 * to three per analysis: the transactions and the lookup files the engine joins to them),
 * with the text fields beside them. Both upload paths use it: the single request for all
 * its files, the chunked protocol's `complete` for the lookup files sent with it.
 */
import { contentTypeFor, deleteUploadedFile } from '../analyses/uploads';
import { uploadKey } from '../analyses/keys';
import { MAX_JOINED_FILES } from '../engine/join/messages';
import { badRequest } from '../lib/http';
import { MultipartError, readMultipart } from '../lib/multipart';
import { R2StreamWriter } from '../lib/r2-writer';
import { UPLOAD_ERRORS, assertAcceptedFileName, assertNotEmpty } from './new-analysis';

/** One received file, streamed into R2. */
export interface ReceivedFile {
  name: string;
  key: string;
  writer: R2StreamWriter;
}

export interface Received {
  files: ReceivedFile[];
  fields: Map<string, string>;
}

/**
 * Streams the body's files into R2 (refusing a wrong type, a file beyond the analysis's
 * three, or a repeated name before storing its bytes). `storedKeys` are the analysis's
 * files already stored. On any refusal, what was stored is deleted and the error rethrown.
 */
export async function receiveFiles(
  env: Env,
  body: ReadableStream<Uint8Array>,
  boundary: string,
  analysisId: string,
  storedKeys: readonly string[] = [],
): Promise<Received> {
  const files: ReceivedFile[] = [];
  const fields = new Map<string, string>();
  try {
    await readMultipart(body, boundary, {
      onFile: async (field, fileName) => {
        if (field !== 'file') return null;
        // The first rule needs only the name, so a wrong type is refused before any byte is stored.
        assertAcceptedFileName(fileName);
        if (storedKeys.length + files.length === MAX_JOINED_FILES) throw badRequest(UPLOAD_ERRORS.tooManyFiles, 'TOO_MANY_FILES');
        const key = uploadKey(analysisId, fileName);
        if (storedKeys.includes(key) || files.some((f) => f.key === key)) throw badRequest(UPLOAD_ERRORS.sameName, 'DUPLICATE_FILE_NAME');
        const file = { name: fileName, key, writer: new R2StreamWriter(env.FILES, key, contentTypeFor(fileName)) };
        files.push(file);
        return file.writer;
      },
      onField: (field, value) => fields.set(field, value),
    });
    for (const file of files) assertNotEmpty(file.writer.size);
  } catch (error) {
    await discardFiles(env, files);
    if (error instanceof MultipartError) throw badRequest(error.message, 'BAD_MULTIPART');
    throw error;
  }
  return { files, fields };
}

/** Deletes received files after a refusal that came later (an email, the quota). */
export async function discardFiles(env: Env, files: readonly ReceivedFile[]): Promise<void> {
  for (const file of files) {
    await file.writer.abort();
    // The refusal that brought us here is what the caller must see, not a cleanup hiccup.
    await deleteUploadedFile(env, file.key).catch((error: unknown) => console.error(`discarding ${file.key} failed`, error));
  }
}
