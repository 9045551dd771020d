/**
 * Reads an R2 object by byte ranges, each into a fresh array the caller frees once it is
 * done with it: the job's upload (the engine's `rangedChunks` drives it) and the row
 * snapshot's row groups (analyses/row-snapshot.ts). A range arrives whole
 * (`arrayBuffer()`, read natively, where a streamed body costs a JavaScript round trip
 * per few KB: locally twice as slow).
 *
 * Every range is asked for with the etag the caller saw, so a file that was replaced
 * while it was read fails loudly instead of mixing two files' bytes.
 */
import type { ReadRange } from '../engine/ingest/source';

/** `gone` makes the error for an object that vanished or changed since `object` was read. */
export function r2RangeReader(bucket: R2Bucket, object: R2Object, gone: () => Error): ReadRange {
  return async (offset, length) => {
    const part = await bucket.get(object.key, { range: { offset, length }, onlyIf: { etagMatches: object.etag } });
    // A failed condition gives the object's metadata without a body.
    if (part === null || !('body' in part)) throw gone();
    const bytes = new Uint8Array(await part.arrayBuffer());
    if (bytes.length !== length) throw gone();
    return bytes;
  };
}
