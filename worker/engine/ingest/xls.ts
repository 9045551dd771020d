/**
 * Legacy XLS (BIFF8) workbooks, read with SheetJS. BIFF8 sheets hold at most 65,536
 * rows, so parsing the whole workbook in memory is bounded and acceptable here.
 *
 * SheetJS is imported when an .xls file comes, not with the engine: loaded, it holds
 * about 4 MB of the isolate's 128 MB (2.8 MB of heap and 1.1 MB outside it, measured in
 * Node), which every CSV or .xlsx analysis would otherwise carry through its ingest.
 */
import type * as XLSX from '@e965/xlsx';
import type { Aggregates } from '../aggregate/types';
import type { DatasetProfile } from '../contract';
import { EngineError } from '../errors';
import { TableReader, type TableContext } from './table';
import { isDateFormatCode, serialToIso } from './xlsx-xml';

/** The OLE2 compound-file signature every BIFF8 .xls starts with. */
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function isCompoundFile(bytes: Uint8Array): boolean {
  return CFB_MAGIC.every((b, i) => bytes[i] === b);
}

/** An XLS workbook's sheets (with their sizes) and a way to read any one row by row. */
export interface XlsSheets {
  sheets: { name: string; rows: number; columns: number }[];
  /** A sheet's rows as cell text; `onRow` returns false to stop early. */
  rows(name: string, onRow: (cells: string[]) => boolean | void): void;
}

/** Parses an XLS workbook (BIFF8 sheets are bounded, so the whole parse is acceptable). */
export async function openXls(bytes: Uint8Array): Promise<XlsSheets> {
  if (!isCompoundFile(bytes)) {
    throw new EngineError('This .xls file is not a valid Excel workbook. Save it again from Excel, or upload a CSV.', 'NOT_AN_XLS');
  }
  const XLSX = await import('@e965/xlsx');
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'array', cellNF: true, cellDates: false, cellText: false, cellFormula: false, cellHTML: false });
  } catch {
    throw new EngineError('This .xls workbook is damaged and could not be read.', 'CORRUPT_WORKBOOK');
  }
  const sheets = workbook.SheetNames.map((name) => {
    const ref = workbook.Sheets[name]['!ref'];
    const range = ref ? XLSX.utils.decode_range(ref) : null;
    return { name, rows: range ? range.e.r - range.s.r + 1 : 0, columns: range ? range.e.c - range.s.c + 1 : 0 };
  });
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  return {
    sheets,
    rows(name, onRow) {
      const sheet = workbook.Sheets[name];
      const ref = sheet['!ref'];
      if (!ref) return;
      const range = XLSX.utils.decode_range(ref);
      for (let r = range.s.r; r <= range.e.r; r++) {
        const row: string[] = [];
        for (let c = range.s.c; c <= range.e.c; c++)
          row.push(cellText(sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined, date1904));
        if (onRow(row) === false) return;
      }
    },
  };
}

/** Reads an XLS workbook into aggregates. */
export async function readXls(
  bytes: Uint8Array,
  context: Omit<TableContext, 'canonicalNumbers' | 'semicolonDelimited' | 'sheet'>,
  sheetName: string | undefined,
): Promise<Aggregates> {
  const workbook = await openXls(bytes);
  const sizes = workbook.sheets;
  const chosen = pickSheet(sizes, sheetName);
  const considered: NonNullable<DatasetProfile['sheetsConsidered']> = sizes.map((s) => ({
    name: s.name,
    rows: s.rows,
    chosen: s === chosen,
    reason:
      s === chosen
        ? sheetName !== undefined
          ? 'chosen with the sheet option'
          : 'the largest data table in the workbook'
        : `smaller (${s.rows.toLocaleString('en-US')} rows)`,
  }));
  const warnings = [...context.warnings];
  if (sizes.length > 1) {
    warnings.push(
      `Analysed sheet '${chosen.name}'; the workbook's other sheets (${sizes
        .filter((s) => s !== chosen)
        .map((s) => `'${s.name}'`)
        .join(', ')}) can be chosen with the sheet option.`,
    );
  }
  const table = new TableReader({
    ...context,
    warnings,
    sheet: chosen.name,
    sheetsConsidered: considered,
    canonicalNumbers: true,
    semicolonDelimited: false,
  });
  workbook.rows(chosen.name, (row) => table.cells(row));
  return table.finish();
}

function pickSheet<T extends { name: string; rows: number; columns: number }>(sizes: T[], requested: string | undefined): T {
  if (requested === undefined) return sizes.reduce((best, s) => (s.rows * s.columns > best.rows * best.columns ? s : best), sizes[0]);
  const found = sizes.find((s) => s.name === requested) ?? sizes.find((s) => s.name.toLowerCase() === requested.trim().toLowerCase());
  if (!found)
    throw new EngineError(
      `There is no sheet named '${requested}' in this workbook. Its sheets are: ${sizes.map((s) => s.name).join(', ')}.`,
      'SHEET_NOT_FOUND',
    );
  return found;
}

function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') {
    return typeof cell.z === 'string' && isDateFormatCode(cell.z) ? serialToIso(cell.v, date1904) : String(cell.v);
  }
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'e') return '';
  if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return String(cell.v);
}
