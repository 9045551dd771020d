/**
 * Join keys compare as people read them: case, surrounding and repeated spaces, leading
 * zeros of a numeric id and a workbook's `.0` do not make two ids different
 * (`CG-12520` = `cg-12520`, `05408` = `5408` = `5408.0`).
 */

/** The comparable form of a key cell; '' for a blank one. */
export function keyOf(cell: string): string {
  const text = cell.trim().replace(/\s+/g, ' ').toLowerCase();
  const numeric = /^0*(\d+)(?:\.0+)?$/.exec(text);
  return numeric ? numeric[1] : text;
}
