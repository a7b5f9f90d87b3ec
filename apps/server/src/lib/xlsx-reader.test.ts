import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { sheetXml, workbookParts, zip } from '../test/zip';
import { openXlsx, type XlsxLimits, xlsxStreamReader } from './xlsx-reader';

const NAMES = ['宋佳琳', '欧阳明轩', '张𠮷', '李卫康', '西安体检中心（高新）', '克拉玛依·体检'];
/** Enough multi-byte text that some characters straddle the chunks the zip stream hands out. */
const expected = Array.from({ length: 6000 }, (_, i) => [`${NAMES[i % NAMES.length]}${i}`, i]);

const dir = mkdtempSync(join(tmpdir(), 'peis-xlsx-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

async function rowsOf(reader: ExcelJS.stream.xlsx.WorkbookReader): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) out.push((row.values as unknown[]).slice(1));
    break;
  }
  return out;
}

/** The first sheet's rows through the file reader (entries read by name, bounded) and the stream reader. */
async function readAll(file: Buffer): Promise<unknown[][]> {
  const path = join(dir, `f${fileNo++}.xlsx`);
  writeFileSync(path, file);
  const bounded = await rowsOf(await openXlsx(path, { sharedStrings: 'cache', worksheets: 'emit' }));
  const streamed = await rowsOf(
    xlsxStreamReader(Readable.from([file]), { sharedStrings: 'cache', worksheets: 'emit' }),
  );
  expect(streamed).toEqual(bounded);
  return bounded;
}

/** What reading a file through openXlsx ends in: its rows, or the error's status and message. */
async function attempt(file: Buffer, limits: Partial<XlsxLimits> = {}) {
  const path = join(dir, `f${fileNo++}.xlsx`);
  writeFileSync(path, file);
  try {
    return { rows: await rowsOf(await openXlsx(path, { sharedStrings: 'cache', worksheets: 'emit' }, limits)) };
  } catch (err) {
    const e = err as { statusCode?: number; message: string };
    return { status: e.statusCode, msg: e.message };
  }
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

  it('reads a workbook built by hand (inline strings, sheet found through the workbook relationships)', async () => {
    const file = zip(
      workbookParts(
        sheetXml([
          ['身份证号', '体检日期'],
          ['610402198605200011', '2026-04-01'],
        ]),
      ),
    );
    expect(await attempt(file)).toEqual({
      rows: [
        ['身份证号', '体检日期'],
        ['610402198605200011', '2026-04-01'],
      ],
    });
  });
});

describe('bounded .xlsx reading (zip bombs)', () => {
  const header = [['身份证号', '体检日期', 'SBP']];

  it('refuses a bomb by its compression ratio before inflating it (real bomb: 64 MB of rows at ~1000:1)', async () => {
    const rows = '<row r="2"><c r="A2"><v>1</v></c></row>'.repeat((64 * 1024 * 1024) / 40);
    const file = zip(workbookParts(sheetXml(header, rows)));
    expect(file.length).toBeLessThan(1024 * 1024);
    expect(await attempt(file)).toEqual({ status: 400, msg: '文件压缩比异常（疑似压缩炸弹），已拒绝导入' });
  });

  it('refuses a file whose entries inflate past the total', async () => {
    // Digits in no pattern: a low ratio, so only the total can stop it.
    const noise = Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 100_003).join(',');
    const file = zip(workbookParts(sheetXml(header), [{ name: 'xl/media/noise.bin', data: noise }]));
    expect(await attempt(file, { maxUncompressedBytes: 1024 * 1024 })).toEqual({
      status: 413,
      msg: '文件解压后超过1MB，请拆分后分批导入',
    });
    expect((await attempt(file)).rows).toEqual(header);
  });

  it('refuses a zip of too many entries (1,001 with the real limits)', async () => {
    const many = Array.from({ length: 1001 - 5 }, (_, i) => ({ name: `xl/x/${i}.xml`, data: '<x/>' }));
    expect(await attempt(zip(workbookParts(sheetXml(header), many)))).toEqual({
      status: 400,
      msg: '文件中的条目过多（超过1000个），请确认是有效的 .xlsx 文件',
    });
  });

  it('refuses shared strings past their bound', async () => {
    const strings = Array.from({ length: 60_000 }, (_, i) => `<si><t>${(i * 7919) % 1_000_003}名</t></si>`).join('');
    const sst = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings}</sst>`;
    const file = zip(workbookParts(sheetXml(header), [{ name: 'xl/sharedStrings.xml', data: sst }]));
    expect(await attempt(file, { maxSharedStringsBytes: 1024 * 1024 })).toEqual({
      status: 413,
      msg: '文件中的文字内容过多（共享字符串超过1MB），请拆分后分批导入',
    });
    expect((await attempt(file)).rows).toEqual(header);
  });

  it('refuses a sheet of more rows than allowed while reading it', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [
      `6104021986052${String(i).padStart(5, '0')}`,
      '2026-04-01',
      120,
    ]);
    const file = zip(workbookParts(sheetXml([...header, ...rows])));
    expect(await attempt(file, { maxRows: 1000 })).toEqual({
      status: 413,
      msg: '文件行数超过1000行，请拆分后分批导入',
    });
    expect((await attempt(file)).rows).toHaveLength(1201);
  });

  it('stops an entry that inflates past the size its directory declares (a forged size)', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c></row>`);
    const sheet = sheetXml(header, rows.join(''));
    const parts = workbookParts(sheet).map((p) =>
      p.name === 'xl/worksheets/sheet1.xml' ? { ...p, declaredSize: 64 * 1024 } : p,
    );
    expect(await attempt(zip(parts))).toEqual({ status: 400, msg: '文件无法读取，请确认是有效的 .xlsx 文件' });
  });

  it('refuses one giant cell instead of holding it in memory (stored, so no ratio gives it away)', async () => {
    const file = zip([
      ...workbookParts(sheetXml([...header, ['x'.repeat(3 * 1024 * 1024), '2026-04-01', 1]])).map((p) => ({
        ...p,
        store: true,
      })),
    ]);
    expect(await attempt(file)).toEqual({ status: 400, msg: '单元格内容过长（超过1MB），请确认是有效的 .xlsx 文件' });
  });
});
