/**
 * An expected absence: the file simply has no column for what was asked (no supplier,
 * no cost, no customer, no dates). That is a normal answer, not a failure, so the tool
 * result is not marked as an error and the transcript does not show a red "Tool error";
 * real errors (bad input, no match, a bug) keep `is_error: true`.
 */
export class DataAbsentError extends Error {
  override readonly name = 'DataAbsentError';
}
