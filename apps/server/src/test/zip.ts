import { crc32, deflateRawSync } from 'node:zlib';

/** One zip entry; `declaredSize` writes a size other than the real one into the directory (a forged bomb). */
export interface ZipPart {
  name: string;
  data: Buffer | string;
  store?: boolean;
  declaredSize?: number;
}

/**
 * A minimal zip writer for tests: builds spreadsheets (and zip bombs) byte by byte, so no binary fixture
 * is checked in. Deflate level 9 gives a bomb's ratio (~1000:1 on repeated text).
 */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const data = Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data);
    const body = p.store ? data : deflateRawSync(data, { level: 9 });
    const name = Buffer.from(p.name);
    const crc = crc32(data);
    const size = p.declaredSize ?? data.length;
    // The local header and the central directory entry carry the same fields, the central one 2 bytes later.
    const entry = (signature: number, length: number, at: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      b.writeUInt16LE(20, 4);
      b.writeUInt16LE(p.store ? 0 : 8, at - 6);
      b.writeUInt32LE(crc, at);
      b.writeUInt32LE(body.length, at + 4);
      b.writeUInt32LE(size, at + 8);
      b.writeUInt16LE(name.length, at + 12);
      return b;
    };
    const local = entry(0x04034b50, 30, 14);
    const dir = entry(0x02014b50, 46, 16);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(dir, name);
    offset += 30 + name.length + body.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

const cell = (ref: string, v: string | number) =>
  typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
const col = (i: number) => String.fromCharCode(65 + i);

/** Sheet XML of rows (inline strings), with `filler` XML added inside sheetData after them. */
export const sheetXml = (rows: (string | number)[][], filler = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map((r, i) => `<row r="${i + 1}">${r.map((v, j) => cell(`${col(j)}${i + 1}`, v)).join('')}</row>`)
    .join('')}${filler}</sheetData></worksheet>`;

/** The parts of a one-sheet workbook around `sheet` (XML or a part to place as is). */
export function workbookParts(sheet: string | Buffer, extra: ZipPart[] = []): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ...extra,
  ];
}
