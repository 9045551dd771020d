/**
 * The size limits of a workbook and of a join's lookup file, shared by the engine (which
 * holds both whole while it reads them), the upload routes and the web app (which refuse
 * a larger one before any byte is sent). No imports, so the web app can take them without
 * the engine. The CLI, which has the machine's memory (`stateBudget: Infinity`), has none.
 *
 * Why 32 MB: a workbook's compressed bytes, the heap its XML parse takes and its state all
 * count against the analysis state budget (state-budget.ts). Measured at that budget's
 * edge, a 48 MB workbook peaked at 110–118 MB in a process that held only the engine, too
 * close to a Worker's 128 MB once the Worker's own code is loaded; a 32 MB one leaves its
 * aggregates 16 MB, about what the 541,909 rows of the Online Retail workbook (23.7 MB)
 * reach (measured on a re-save of it).
 */
export const MAX_WORKBOOK_BYTES = 32 * 1024 * 1024;

/** Whether a file name says workbook (.xlsx, .xlsm, .xls). */
export function isWorkbookName(fileName: string): boolean {
  return /\.(xlsx|xlsm|xls)$/i.test(fileName.trim());
}

/** The refusal of a workbook over MAX_WORKBOOK_BYTES. */
export function workbookTooLargeMessage(): string {
  return `This workbook is larger than ${MAX_WORKBOOK_BYTES / 1024 / 1024} MB. Save the data sheet as CSV and upload that instead.`;
}

/**
 * A lookup file (a customer master, a returns list) is read into rows and a key → values
 * map before the transactions stream. Measured in Node: a 2 MB master (32,101 customers,
 * six columns) takes 19 MB of live heap and 50 MB with the garbage of reading it, a 4 MB
 * one 45 and 77 MB; so 2 MB, about 30,000 customers or 150,000 returned invoices.
 */
export const MAX_LOOKUP_BYTES = 2 * 1024 * 1024;

/** The refusal of a lookup file over MAX_LOOKUP_BYTES. */
export function lookupTooLargeMessage(fileName: string): string {
  return `'${fileName}' is larger than ${MAX_LOOKUP_BYTES / 1024 / 1024} MB, too large for a lookup file. Join a smaller customer or returns file.`;
}

/** The limits of a read with this state budget: none for the CLI's (Infinity). */
export function sizeLimitsFor(stateBudget: number | undefined): { workbook: number; lookup: number } {
  return stateBudget === Infinity ? { workbook: Infinity, lookup: Infinity } : { workbook: MAX_WORKBOOK_BYTES, lookup: MAX_LOOKUP_BYTES };
}
