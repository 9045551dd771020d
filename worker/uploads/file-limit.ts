/**
 * The largest file Tally analyses, shared by the upload routes and the web app (which
 * refuses a larger file before any byte is sent). 5 million rows of the bench's B2B export
 * (645 MB) is the largest file run end to end: uploaded through the chunked path and
 * completed on local workerd (README, "The benchmark"). 700 MB leaves room for exports
 * with slightly wider rows. The engine's memory still grows with customer × product pairs
 * and invoice lines, so at 5M rows it is over a 128 MB isolate's budget (README); the
 * limit is what has been run, not what production memory has been proven to hold.
 */
export const MAX_FILE_BYTES = 700 * 1024 * 1024;

/** The error shown for a file over MAX_FILE_BYTES, with the file's own size. */
export function fileTooLargeMessage(size: number): string {
  const mb = (bytes: number) => Math.ceil(bytes / (1024 * 1024)).toLocaleString('en-US');
  return `This file is ${mb(size)} MB. Tally analyses files of up to ${mb(MAX_FILE_BYTES)} MB (about 5 million rows); split it, for example by year, and analyse each part.`;
}
