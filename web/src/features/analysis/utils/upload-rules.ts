/** What the upload accepts and the texts it shows (SPEC §4, §5, §8, newer-screen wording). */

export const ACCEPTED_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

/** Files joined to the first one (a customer master, a returns list): the Worker takes three in all. */
export const MAX_LOOKUP_FILES = 2;

/** Files above this go through the chunked upload API (a Workers request body caps at 100 MB). */
export const SINGLE_REQUEST_LIMIT = 95 * 1024 * 1024;

export const UPLOAD_TEXTS = {
  invalidEmail: 'Please enter a valid email address.',
  verification: 'Please complete the security verification.',
  preparing: 'Preparing your analysis workspace...',
  opening: 'Opening your analysis...',
  failed: (reason: string | null | undefined) => `Upload failed: ${reason || 'Unknown error'}`,
  exception: (message: string) => `Upload error: ${message}`,
  added: (name: string, size: string, to: string) => `${name} (${size}) is added; it will be joined to ${to}.`,
  sameName: 'Each file must have a different name.',
  addFile: 'Add a file to join (customers, returns)',
} as const;

/** The deliberate pauses after 'Preparing…' and 'Opening…' (SPEC §9). */
export const UPLOAD_PAUSES_MS = { afterUpload: 1500, beforeNavigate: 500 } as const;

/** True for .csv, .xlsx and .xls by name; anything else is ignored silently. */
export function isAcceptedFile(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

/** The spec's deliberately loose email rule: it must contain '@'. */
export function isEmailLike(email: string): boolean {
  return email.trim().includes('@');
}
