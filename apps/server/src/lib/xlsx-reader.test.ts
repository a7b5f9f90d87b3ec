import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStreamReader } from './xlsx-reader';

const NAMES = ['宋佳琳', '欧阳明轩', '张𠮷', '李卫康', '西安体检中心（高新）', '克拉玛依·体检'];
/** Enough multi-byte text that some characters straddle the chunks the zip stream hands out. */
const expected = Array.from({ length: 6000 }, (_, i) => [`${NAMES[i % NAMES.length]}${i}`, i]);

async function readAll(file: Buffer): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const sheet of xlsxStreamReader(Readable.from([file]), { sharedStrings: 'cache', worksheets: 'emit' })) {
    for await (const row of sheet) out.push((row.values as unknown[]).slice(1));
    break;
  }
  return out;
}

describe('streaming .xlsx reader', () => {
  it('keeps Chinese text whole with shared strings', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('表');
    for (const r of expected) ws.addRow(r);
    const rows = await readAll(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows).toEqual(expected);
  });

  it('keeps Chinese text whole with inline strings (streaming writer)', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const ws = wb.addWorksheet('表');
    for (const r of expected) ws.addRow(r).commit();
    ws.commit();
    await wb.commit();
    const rows = await readAll(Buffer.concat(chunks));
    expect(rows).toEqual(expected);
  });

  it('reads a sheet even when the workbook part was never reached (exceljs drops the last zip entry now and then)', async () => {
    // The state exceljs is left in when its unzip loop ends before xl/workbook.xml: no workbook model.
    const reader = xlsxStreamReader(Readable.from([]), { worksheets: 'emit' }) as unknown as {
      model?: unknown;
      workbookRels?: { Id: string; Target: string }[];
      _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string }>;
    };
    reader.workbookRels = [{ Id: 'rId1', Target: 'worksheets/sheet1.xml' }];
    expect(reader.model).toBeUndefined();
    const events = [...reader._parseWorksheet(Readable.from(['<worksheet/>']), '1')];
    expect(events.map((e) => e.eventType)).toEqual(['worksheet']);
  });
});
