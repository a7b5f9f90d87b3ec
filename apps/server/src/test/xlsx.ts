import ExcelJS from 'exceljs';

/** A multipart body with `fields` before one file field, as a browser sends it (imports read leading fields). */
export function multipart(name: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----peis${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A one-sheet .xlsx holding `rows` (the first row is the header). */
export async function sheet(rows: unknown[][], sheetName = '导入'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An answered .xlsx, loaded. */
export async function readXlsx(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

/** A worksheet's rows as plain arrays (ExcelJS's row.values start at index 1). */
export function rowsOf(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return out;
}
