/**
 * An error whose message is written for the person who uploaded the file.
 * The job shows `message` verbatim in the transcript and the CLI prints it on stderr.
 */
export class EngineError extends Error {
  constructor(
    message: string,
    /** Stable machine-readable code, e.g. `EMPTY_FILE`, `NOT_A_ZIP`, `ZIP_BOMB`. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
