/**
 * The largest file Tally analyses, shared by the upload routes and the web app (which
 * refuses a larger file before any byte is sent). The engine's memory grows with distinct
 * customers, products and customer × product pairs, not rows as such, so the limit is
 * one of time and pairs: 5 million rows of the bench's B2B export (651 MB) is the largest
 * file run through the engine (`npm run bench -- --rows 5000000 --scale 5`; README, "The
 * benchmark"); the upload of that file to completed on workerd has not been measured yet.
 * 700 MB leaves room for exports with slightly wider rows.
 */
export const MAX_FILE_BYTES = 700 * 1024 * 1024;

/** The error shown for a file over MAX_FILE_BYTES, with the file's own size. */
export function fileTooLargeMessage(size: number): string {
  const mb = (bytes: number) => Math.ceil(bytes / (1024 * 1024)).toLocaleString('en-US');
  return `This file is ${mb(size)} MB. Tally analyses files of up to ${mb(MAX_FILE_BYTES)} MB (about 5 million rows); split it, for example by year, and analyse each part.`;
}
