/**
 * Passes a chosen file from the landing page's hero to the analysis page. Files can't
 * travel in a URL, and keeping them out of history state means a reload starts clean.
 */
let handedOff: File | null = null;

export function handOffFile(file: File): void {
  handedOff = file;
}

/** The handed-off file, once: a second call returns null. */
export function takeHandedOffFile(): File | null {
  const file = handedOff;
  handedOff = null;
  return file;
}
