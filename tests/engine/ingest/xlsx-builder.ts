/**
 * Builds small, hand-made XLSX workbooks for tests: just the parts Excel itself writes
 * (workbook, relationships, sheets, shared strings, styles), zipped with fflate.
 */
import { strToU8, zipSync } from 'fflate';

export interface SheetSpec {
  name: string;
  /** The `<sheetData>` rows, as XML. */
  rows: string;
  dimension?: string;
  pivot?: boolean;
}

export interface WorkbookSpec {
  sheets: SheetSpec[];
  sharedStrings?: string[];
  date1904?: boolean;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Styles: 0 general, 1 built-in date (14), 2 custom `dd/mm/yyyy hh:mm` (164), 3 custom number `#,##0.00 [$€-407]` (165). */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm"/><numFmt numFmtId="165" formatCode="#,##0.00\\ [$€-407]"/></numFmts>
<cellXfs count="4"><xf numFmtId="0" fontId="0"/><xf numFmtId="14" fontId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" applyNumberFormat="1"/></cellXfs>
</styleSheet>`;

export function buildXlsx(spec: WorkbookSpec): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const ns =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  files['[Content_Types].xml'] = strToU8(
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  files['xl/workbook.xml'] = strToU8(
    `<?xml version="1.0"?><workbook ${ns}>${spec.date1904 ? '<workbookPr date1904="1"/>' : '<workbookPr/>'}<sheets>` +
      spec.sheets.map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
      '</sheets></workbook>',
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      spec.sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('') +
      '</Relationships>',
  );
  spec.sheets.forEach((s, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(
      `<?xml version="1.0"?><worksheet ${ns}>${s.dimension ? `<dimension ref="${s.dimension}"/>` : ''}<sheetData>${s.rows}</sheetData></worksheet>`,
    );
    if (s.pivot) {
      files[`xl/worksheets/_rels/sheet${i + 1}.xml.rels`] = strToU8(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotTable" Target="../pivotTables/pivotTable1.xml"/></Relationships>',
      );
    }
  });
  if (spec.sharedStrings) {
    files['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${spec.sharedStrings.map((t) => `<si><t>${esc(t)}</t></si>`).join('')}</sst>`,
    );
  }
  files['xl/styles.xml'] = strToU8(STYLES);
  return zipSync(files);
}

/** A row of cells given as raw `<c>` XML. */
export const row = (r: number, cells: string): string => `<row r="${r}">${cells}</row>`;
/** A shared-string cell. */
export const s = (ref: string, index: number): string => `<c r="${ref}" t="s"><v>${index}</v></c>`;
/** An inline-string cell. */
export const is = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${esc(text)}</t></is></c>`;
/** A number cell, optionally styled. */
export const n = (ref: string, value: number, style?: number): string =>
  `<c r="${ref}"${style === undefined ? '' : ` s="${style}"`}><v>${value}</v></c>`;
