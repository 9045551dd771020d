/**
 * XLSX workbooks: finds the sheets (workbook.xml and its relationships), picks the one
 * that holds the data table — the largest worksheet that is not a pivot table, unless the
 * caller names one — then streams that sheet's rows into the table reader.
 */
import type { Aggregates } from '../aggregate/types';
import type { DatasetProfile } from '../contract';
import { EngineError } from '../errors';
import { TableReader, type TableContext } from './table';
import { attribute, dateStylesOf, ElementScanner, richText, rowCells, type CellContext } from './xlsx-xml';
import { assertPlausible, inflateEntry, inflateText, readZipDirectory, type ZipEntry } from './zip';

export interface SheetInfo {
  name: string;
  path: string;
  hidden: boolean;
  pivot: boolean;
  rows: number;
  columns: number;
}

const EXTENSION = '.xlsx';

/** A workbook's worksheets and a way to read any one of them row by row. */
export interface XlsxSheets {
  sheets: SheetInfo[];
  /** Streams a sheet's rows as cell text; `onRow` returns false to stop early. */
  rows(sheet: SheetInfo, onRow: (cells: string[]) => boolean | void): void;
}

/** Opens an XLSX workbook (already in memory, compressed): its sheet list and cell context. */
export function openXlsx(bytes: Uint8Array): XlsxSheets {
  const entries = readZipDirectory(bytes, EXTENSION);
  // Refuse a bomb anywhere in the archive before inflating anything.
  for (const found of entries.values()) assertPlausible(found);
  const workbookXml = text(bytes, entries, 'xl/workbook.xml');
  if (workbookXml === null)
    throw new EngineError('This .xlsx file is a zip archive but not an Excel workbook (it has no xl/workbook.xml).', 'NOT_A_WORKBOOK');
  const sheets = listSheets(bytes, entries, workbookXml);
  if (sheets.length === 0) throw new EngineError('This workbook has no worksheets.', 'NO_SHEETS');
  const date1904 = /<workbookPr\b[^>]*\bdate1904\s*=\s*"(1|true)"/.test(workbookXml);
  let cells: CellContext | null = null;
  const cellContext = (): CellContext =>
    (cells ??= {
      sharedStrings: sharedStringsOf(bytes, entries),
      dateStyles: dateStylesOf(text(bytes, entries, 'xl/styles.xml') ?? ''),
      date1904,
    });
  return {
    sheets,
    rows(sheet, onRow) {
      const context = cellContext();
      let more = true;
      const scanner = new ElementScanner('row', (row) => {
        if (more && onRow(rowCells(row, context)) === false) more = false;
      });
      const decoder = new TextDecoder();
      inflateEntry(bytes, entry(entries, sheet.path), EXTENSION, (chunk) => {
        scanner.push(decoder.decode(chunk, { stream: true }));
        return more;
      });
      if (more) scanner.push(decoder.decode());
    },
  };
}

/** Reads an XLSX workbook (already in memory, compressed) into aggregates. */
export function readXlsx(
  bytes: Uint8Array,
  context: Omit<TableContext, 'canonicalNumbers' | 'semicolonDelimited' | 'sheet'>,
  sheetName: string | undefined,
): Aggregates {
  const workbook = openXlsx(bytes);
  const { chosen, considered, warning } = chooseSheet(workbook.sheets, sheetName);
  const warnings = [...context.warnings];
  if (warning) warnings.push(warning);
  const table = new TableReader({
    ...context,
    warnings,
    sheet: chosen.name,
    sheetsConsidered: considered,
    canonicalNumbers: true,
    semicolonDelimited: false,
  });
  workbook.rows(chosen, (cells) => table.cells(cells));
  return table.finish();
}

function entry(entries: Map<string, ZipEntry>, path: string): ZipEntry {
  const found = entries.get(path);
  if (!found) throw new EngineError(`This workbook is damaged: ${path} is missing.`, 'CORRUPT_WORKBOOK');
  return found;
}

function text(bytes: Uint8Array, entries: Map<string, ZipEntry>, path: string): string | null {
  const found = entries.get(path);
  return found ? inflateText(bytes, found, EXTENSION) : null;
}

/** Resolves a relationship target against the folder of the part that owns it. */
function resolve(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

function relationships(xml: string | null): { id: string; type: string; target: string }[] {
  if (!xml) return [];
  return [...xml.matchAll(/<Relationship\s[^>]*>/g)].map((m) => ({
    id: attribute(m[0], 'Id') ?? '',
    type: attribute(m[0], 'Type') ?? '',
    target: attribute(m[0], 'Target') ?? '',
  }));
}

function listSheets(bytes: Uint8Array, entries: Map<string, ZipEntry>, workbookXml: string): SheetInfo[] {
  const rels = relationships(text(bytes, entries, 'xl/_rels/workbook.xml.rels'));
  const sheets: SheetInfo[] = [];
  for (const m of workbookXml.matchAll(/<sheet\s[^>]*>/g)) {
    const name = attribute(m[0], 'name') ?? '';
    const id = attribute(m[0], 'r:id') ?? /\s[\w]+:id\s*=\s*"([^"]*)"/.exec(m[0])?.[1] ?? '';
    const rel = rels.find((r) => r.id === id);
    if (!rel || !/\/worksheet$/.test(rel.type)) continue;
    const path = resolve('xl', rel.target);
    const file = path.split('/').pop() ?? '';
    const sheetRels = relationships(text(bytes, entries, `${path.slice(0, path.length - file.length)}_rels/${file}.rels`));
    const { rows, columns } = dimensionOf(bytes, entries.get(path));
    sheets.push({
      name,
      path,
      hidden: /\sstate\s*=\s*"(hidden|veryHidden)"/.test(m[0]),
      pivot: sheetRels.some((r) => /\/pivotTable$/.test(r.type)),
      rows,
      columns,
    });
  }
  return sheets;
}

/**
 * A sheet's size from its `<dimension ref="A1:I29529"/>`, read from the first few KB of
 * the inflated XML; without one, estimated from the uncompressed size.
 */
function dimensionOf(bytes: Uint8Array, found: ZipEntry | undefined): { rows: number; columns: number } {
  if (!found) return { rows: 0, columns: 0 };
  const decoder = new TextDecoder();
  let head = '';
  inflateEntry(bytes, found, EXTENSION, (chunk) => {
    head += decoder.decode(chunk, { stream: true });
    return head.length < 4096 && head.indexOf('<sheetData') < 0;
  });
  const ref = /<dimension\s+ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/.exec(head);
  if (!ref || ref[4] === undefined) return { rows: Math.round(found.uncompressedSize / 200), columns: 1 };
  const col = (letters: string): number => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  return { rows: Number(ref[4]) - Number(ref[2]) + 1, columns: col(ref[3]) - col(ref[1]) + 1 };
}

/**
 * The data sheet: the caller's choice if given, else the largest visible worksheet that
 * is not a pivot table. Other sheets are listed with the reason they were passed over.
 */
function chooseSheet(sheets: SheetInfo[], requested: string | undefined) {
  let chosen: SheetInfo | undefined;
  if (requested !== undefined) {
    chosen = sheets.find((s) => s.name === requested) ?? sheets.find((s) => s.name.toLowerCase() === requested.trim().toLowerCase());
    if (!chosen) {
      throw new EngineError(
        `There is no sheet named '${requested}' in this workbook. Its sheets are: ${sheets.map((s) => s.name).join(', ')}.`,
        'SHEET_NOT_FOUND',
      );
    }
  } else {
    const size = (s: SheetInfo): number => (s.pivot || s.hidden ? 0 : s.rows * Math.max(1, s.columns));
    chosen = sheets.reduce((best, s) => (size(s) > size(best) ? s : best), sheets[0]);
  }
  const pick = chosen;
  const considered: NonNullable<DatasetProfile['sheetsConsidered']> = sheets.map((s) => ({
    name: s.name,
    rows: s.rows,
    chosen: s === pick,
    reason:
      s === pick
        ? requested !== undefined
          ? 'chosen with the sheet option'
          : 'the largest data table in the workbook'
        : s.pivot
          ? 'a pivot table (a summary of other data)'
          : s.hidden
            ? 'hidden'
            : `smaller (${s.rows.toLocaleString('en-US')} rows)`,
  }));
  const otherData = sheets.filter((s) => s !== pick && !s.pivot && !s.hidden && s.rows >= 100);
  const warning =
    otherData.length > 0
      ? `The workbook has ${otherData.length + 1} sheets of data; analysed '${pick.name}'${requested === undefined ? ' (the largest)' : ''}. ` +
        `Choose another sheet to analyse ${otherData.map((s) => `'${s.name}'`).join(', ')}.`
      : sheets.length > 1
        ? `Analysed sheet '${pick.name}'; the other sheets (${sheets
            .filter((s) => s !== pick)
            .map((s) => `'${s.name}'`)
            .join(', ')}) are not data tables.`
        : null;
  return { chosen: pick, considered, warning };
}

/** All shared strings, read element by element from the inflated stream. */
function sharedStringsOf(bytes: Uint8Array, entries: Map<string, ZipEntry>): string[] {
  const found = entries.get('xl/sharedStrings.xml');
  if (!found) return [];
  const strings: string[] = [];
  const scanner = new ElementScanner('si', (si) => strings.push(richText(si)));
  const decoder = new TextDecoder();
  inflateEntry(bytes, found, EXTENSION, (chunk) => {
    scanner.push(decoder.decode(chunk, { stream: true }));
    return true;
  });
  scanner.push(decoder.decode());
  return strings;
}
