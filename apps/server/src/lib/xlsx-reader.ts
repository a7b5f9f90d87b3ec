import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';

/** Buffer chunks decoded as one UTF-8 text: a character split between two chunks stays whole. */
async function* utf8Chunks(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const s = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (s) yield s;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

type ReaderInternals = {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
};
const Base = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (
  input: Readable,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
) => ExcelJS.stream.xlsx.WorkbookReader & ReaderInternals;

/**
 * exceljs's streaming WorkbookReader (4.4) decodes every chunk of a sheet's XML on its own, so a Chinese
 * character whose UTF-8 bytes straddle two chunks turns into "��" (a name like 宋��琳 then no longer
 * matches). This reader hands it text decoded across chunks instead: worksheets and shared strings.
 */
class Utf8WorkbookReader extends Base {
  override *_parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    // exceljs reads a sheet stored before xl/workbook.xml (as exceljs itself writes them) after the last zip
    // entry, and now and then its unzip loop ends without that last entry: the workbook model is then unset
    // and exceljs throws on `model.sheets` (about 1 in 300 uploads, depending on how the upload is chunked).
    // The rows need no sheet name: read them without it.
    const self = this as unknown as { model?: { sheets: unknown[] } };
    self.model ??= { sheets: [] };
    return yield* super._parseWorksheet(utf8Chunks(iterator), sheetNo);
  }

  override _parseSharedStrings(entry: Readable) {
    entry.setEncoding('utf8');
    return super._parseSharedStrings(entry);
  }
}

/** A streaming .xlsx reader (first to last sheet, row by row) that keeps multi-byte text intact. */
export function xlsxStreamReader(
  input: Readable,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
): ExcelJS.stream.xlsx.WorkbookReader {
  return new Utf8WorkbookReader(input, options);
}
