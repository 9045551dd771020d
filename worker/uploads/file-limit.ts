/**
 * The largest file Tally takes, shared by the upload routes and the web app (which
 * refuses a larger file before any byte is sent). What fits one analysis is decided
 * later, by the analysis state budget (engine/aggregate/state-budget.ts): it depends on
 * the distinct customers, products and orders a file holds, not on its bytes, and a wide
 * export of a million rows can be several hundred MB. 700 MB was run end to end through
 * the chunked upload (README, "The benchmark"); uploads stay bounded by it.
 */
import {
  isWorkbookName,
  lookupTooLargeMessage,
  MAX_LOOKUP_BYTES,
  MAX_WORKBOOK_BYTES,
  workbookTooLargeMessage,
} from '../engine/ingest/limits';

export const MAX_FILE_BYTES = 700 * 1024 * 1024;

/**
 * Why a file of this name and size is refused before it is uploaded, or null: over
 * MAX_FILE_BYTES, a lookup file (`lookup`) over the engine's MAX_LOOKUP_BYTES, or a
 * workbook over its MAX_WORKBOOK_BYTES (both are held whole while they are read), each
 * with the engine's own message, before any byte is sent.
 */
export function uploadSizeRefusal(fileName: string, size: number, lookup = false): { message: string; code: string } | null {
  if (size > MAX_FILE_BYTES) return { message: fileTooLargeMessage(size), code: 'FILE_TOO_LARGE' };
  if (lookup && size > MAX_LOOKUP_BYTES) return { message: lookupTooLargeMessage(fileName), code: 'LOOKUP_TOO_LARGE' };
  if (isWorkbookName(fileName) && size > MAX_WORKBOOK_BYTES) return { message: workbookTooLargeMessage(), code: 'WORKBOOK_TOO_LARGE' };
  return null;
}

/** The error shown for a file over MAX_FILE_BYTES, with the file's own size. */
export function fileTooLargeMessage(size: number): string {
  const mb = (bytes: number) => Math.ceil(bytes / (1024 * 1024)).toLocaleString('en-US');
  return `This file is ${mb(size)} MB. Tally analyses files of up to ${mb(MAX_FILE_BYTES)} MB; split it, for example by year, and analyse each part.`;
}
