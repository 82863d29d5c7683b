import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/**
 * Hostile spreadsheets for the import tests (not a test file itself): a small workbook written
 * by exceljs whose first sheet is then replaced, through jszip, by generated XML streamed in
 * chunks (so the test process never holds the whole sheet as one string).
 */

async function withSheet(header: string[], body: () => Iterable<string>, level: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Sheet1').addRow(header);
  const zip = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
  const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const start = xml.indexOf('<sheetData>') + '<sheetData>'.length;
  const end = xml.indexOf('</sheetData>');
  const headerRow = xml.slice(start, end);
  const chunks = (function* () {
    yield Buffer.from(xml.slice(0, start) + headerRow);
    let part = '';
    for (const piece of body()) {
      part += piece;
      if (part.length > 256 * 1024) {
        yield Buffer.from(part);
        part = '';
      }
    }
    yield Buffer.from(part + xml.slice(end));
  })();
  zip.file('xl/worksheets/sheet1.xml', Readable.from(chunks));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level } });
}

/** `rows` data rows under `header`, the row number in every cell (the audit's "million rows in a small file"). */
export function manyRowsXlsx(rows: number, header = ['code']): Promise<Buffer> {
  const letters = header.map((_, i) => String.fromCharCode(65 + i));
  return withSheet(
    header,
    function* () {
      for (let n = 2; n <= rows + 1; n++) yield `<row r="${n}">${letters.map((l) => `<c r="${l}${n}"><v>${n}</v></c>`).join('')}</row>`;
    },
    6,
  );
}

/**
 * A zip bomb: the sheet unpacks to `bytes` (mostly blanks inside one cell's text) while the file
 * stays small. jszip writes streamed entries with sizes only after the data, so the local header
 * declares 0: only counting while unpacking finds out.
 */
export function bombXlsx(bytes: number): Promise<Buffer> {
  const blank = ' '.repeat(64 * 1024);
  return withSheet(
    ['code'],
    function* () {
      yield '<row r="2"><c r="A2" t="inlineStr"><is><t>';
      for (let n = 0; n < Math.ceil(bytes / blank.length); n++) yield blank;
      yield 'x</t></is></c></row>';
    },
    1,
  );
}
