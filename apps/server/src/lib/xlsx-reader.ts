import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { AppError } from './errors';

/**
 * What an .xlsx import may inflate. A spreadsheet is a zip: a few MB can declare gigabytes, so every bound
 * is checked on the zip's central directory before anything is inflated, and again on the bytes as they
 * are inflated (a directory can lie about sizes).
 */
export interface XlsxLimits {
  /** Entries in the zip (a workbook has a few dozen). */
  maxEntries: number;
  /** Sum of the entries' uncompressed sizes. */
  maxUncompressedBytes: number;
  /** Uncompressed ÷ compressed size of one entry, past RATIO_GRACE_BYTES (deflate reaches ~1000:1 on a bomb). */
  maxRatio: number;
  /** Uncompressed size of xl/sharedStrings.xml: its strings are held in memory while the sheet is read. */
  maxSharedStringsBytes: number;
  /** Rows of a sheet. */
  maxRows: number;
}

const MB = 1024 * 1024;
export const XLSX_LIMITS: XlsxLimits = {
  maxEntries: 1000,
  maxUncompressedBytes: 1024 * MB,
  maxRatio: 100,
  maxSharedStringsBytes: 64 * MB,
  maxRows: 1_048_576,
};
/** Entries smaller than this are not ratio-checked (a small, very regular part compresses well and harms nothing). */
const RATIO_GRACE_BYTES = MB;
/**
 * Longest stretch of XML between two '<': the XML parser holds a text or a tag whole, so one huge cell would
 * grow memory without bound. Excel caps a cell at 32,767 characters (≤ 6 bytes each, escaped).
 */
const MAX_XML_RUN_BYTES = MB;
/** Largest central directory read (1000 entries with long names fit many times over). */
const MAX_DIRECTORY_BYTES = 4 * MB;

const unreadable = () => new AppError(400, '文件无法读取，请确认是有效的 .xlsx 文件');
const mb = (n: number) => Math.round(n / MB);

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * Reads and checks the zip's central directory (entry count, sizes, ratios, shared strings) without
 * inflating anything. Throws an AppError (400/413, Chinese message) when a bound is exceeded.
 */
export async function readXlsxDirectory(path: string, limits: XlsxLimits): Promise<Map<string, ZipEntry>> {
  const fh = await open(path, 'r');
  try {
    const { size: fileSize } = await fh.stat();
    // End of central directory: 22 bytes plus a comment of at most 65,535, at the end of the file.
    const tailSize = Math.min(fileSize, 22 + 65_535);
    const tail = Buffer.alloc(tailSize);
    await fh.read(tail, 0, tailSize, fileSize - tailSize);
    let eocd = -1;
    for (let i = tailSize - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw unreadable();
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    // 0xFFFF entries means a zip64 directory: far more entries than a workbook has.
    if (count > limits.maxEntries) {
      throw new AppError(400, `文件中的条目过多（超过${limits.maxEntries}个），请确认是有效的 .xlsx 文件`);
    }
    if (dirSize > MAX_DIRECTORY_BYTES || dirOffset + dirSize > fileSize) throw unreadable();
    const dir = Buffer.alloc(dirSize);
    await fh.read(dir, 0, dirSize, dirOffset);
    const entries = new Map<string, ZipEntry>();
    let total = 0;
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > dirSize || dir.readUInt32LE(p) !== 0x02014b50) throw unreadable();
      const flags = dir.readUInt16LE(p + 8);
      const method = dir.readUInt16LE(p + 10);
      const compressedSize = dir.readUInt32LE(p + 20);
      const size = dir.readUInt32LE(p + 24);
      const nameLen = dir.readUInt16LE(p + 28);
      const extraLen = dir.readUInt16LE(p + 30);
      const commentLen = dir.readUInt16LE(p + 32);
      const localOffset = dir.readUInt32LE(p + 42);
      const name = dir.toString('utf8', p + 46, p + 46 + nameLen);
      p += 46 + nameLen + extraLen + commentLen;
      // 0xFFFFFFFF: a zip64 size, i.e. 4 GB or more.
      total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
      if (total > limits.maxUncompressedBytes) {
        throw new AppError(413, `文件解压后超过${mb(limits.maxUncompressedBytes)}MB，请拆分后分批导入`);
      }
      if (size > RATIO_GRACE_BYTES && size > Math.max(compressedSize, 1) * limits.maxRatio) {
        throw new AppError(400, '文件压缩比异常（疑似压缩炸弹），已拒绝导入');
      }
      if (flags & 1 || (method !== 0 && method !== 8)) throw unreadable(); // encrypted, or not deflate/stored
      if (name === 'xl/sharedStrings.xml' && size > limits.maxSharedStringsBytes) {
        throw new AppError(
          413,
          `文件中的文字内容过多（共享字符串超过${mb(limits.maxSharedStringsBytes)}MB），请拆分后分批导入`,
        );
      }
      if (!entries.has(name)) entries.set(name, { name, method, compressedSize, size, localOffset });
    }
    return entries;
  } finally {
    await fh.close();
  }
}

/**
 * Counts what an entry inflates to: more than its directory said means a forged size (a bomb), and a
 * stretch of XML without '<' longer than MAX_XML_RUN_BYTES would make the parser hold one giant string.
 * '<' is ASCII, so it is never part of a multi-byte UTF-8 character and bytes can be scanned as they come.
 */
class InflateGuard extends Transform {
  private bytes = 0;
  private run = 0;
  constructor(private readonly declared: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.declared) return done(unreadable());
    // Chunks are far smaller than the limit, so only a stretch reaching across chunks can exceed it.
    const first = chunk.indexOf(0x3c);
    const longest = this.run + (first < 0 ? chunk.length : first);
    this.run = first < 0 ? longest : chunk.length - chunk.lastIndexOf(0x3c) - 1;
    if (longest > MAX_XML_RUN_BYTES) {
      return done(new AppError(400, '单元格内容过长（超过1MB），请确认是有效的 .xlsx 文件'));
    }
    done(null, chunk);
  }
}

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
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  sharedStrings?: unknown[];
  options: ExcelJS.stream.xlsx.WorkbookStreamReaderOptions;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<WorksheetEvent>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
};
type WorksheetEvent = { eventType: string; value: AsyncIterable<ExcelJS.Row> };
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
    // Without a workbook part the rows are still read, without the sheet's name.
    const self = this as unknown as { model?: { sheets: unknown[] } };
    self.model ??= { sheets: [] };
    return yield* super._parseWorksheet(utf8Chunks(iterator), sheetNo);
  }

  override _parseSharedStrings(entry: Readable) {
    entry.setEncoding('utf8');
    return super._parseSharedStrings(entry);
  }
}

/**
 * Reads a saved .xlsx by entry name instead of exceljs's streaming unzip (whose loop now and then ends
 * before the last entry, and which inflates whatever the zip holds): relationships, workbook, shared
 * strings and styles first, then the sheets in workbook order, each entry inflated only when read and
 * through an InflateGuard; rows past `maxRows` are refused.
 */
class BoundedWorkbookReader extends Utf8WorkbookReader {
  private readonly open = new Set<Readable>();
  constructor(
    private readonly path: string,
    private readonly entries: Map<string, ZipEntry>,
    private readonly limits: XlsxLimits,
    options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
  ) {
    super(null as unknown as Readable, options);
  }

  /** One entry's inflated bytes, read from the file by the offset its local header gives. */
  private async entry(name: string): Promise<Readable | null> {
    const e = this.entries.get(name);
    if (!e) return null;
    const fh = await open(this.path, 'r');
    let start: number;
    let fileSize: number;
    try {
      const head = Buffer.alloc(30);
      await fh.read(head, 0, 30, e.localOffset);
      if (head.readUInt32LE(0) !== 0x04034b50) throw unreadable();
      start = e.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
      fileSize = (await fh.stat()).size;
    } finally {
      await fh.close();
    }
    if (start + e.compressedSize > fileSize) throw unreadable();
    if (e.compressedSize === 0) return Readable.from([]);
    const guard = new InflateGuard(e.size);
    const raw = createReadStream(this.path, { start, end: start + e.compressedSize - 1 });
    const onError = () => undefined; // the error reaches the reader through `guard`
    if (e.method === 8) pipeline(raw, createInflateRaw(), guard, onError);
    else pipeline(raw, guard, onError);
    this.open.add(guard);
    return guard;
  }

  /** Zip paths of the sheets in workbook order (by number when the workbook part is missing). */
  private sheetPaths(): string[] {
    const rels = new Map((this.workbookRels ?? []).map((r) => [r.Id, r.Target]));
    const fromWorkbook = ((this as unknown as ReaderInternals).model?.sheets ?? [])
      .map((s) => rels.get(s.rId))
      .filter((t): t is string => Boolean(t))
      .map((t) => (t.startsWith('/') ? t.slice(1) : posix.normalize(`xl/${t}`)));
    if (fromWorkbook.length) return fromWorkbook.filter((p) => this.entries.has(p));
    return [...this.entries.keys()]
      .map((name) => ({ name, no: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] }))
      .filter((x) => x.no)
      .sort((a, b) => Number(a.no) - Number(b.no))
      .map((x) => x.name);
  }

  override async *parse() {
    try {
      const rels = await this.entry('xl/_rels/workbook.xml.rels');
      if (rels) await this._parseRels(rels);
      const workbook = await this.entry('xl/workbook.xml');
      if (workbook) await this._parseWorkbook(workbook);
      const strings = await this.entry('xl/sharedStrings.xml');
      if (strings) yield* this._parseSharedStrings(strings);
      const styles = this.options.styles === 'cache' ? await this.entry('xl/styles.xml') : null;
      if (styles) await this._parseStyles(styles);
      for (const path of this.sheetPaths()) {
        const stream = await this.entry(path);
        if (!stream) continue;
        const sheetNo = /sheet(\d+)\.xml$/.exec(path)?.[1] ?? '1';
        for (const event of this._parseWorksheet(stream, sheetNo)) {
          yield { ...event, value: limitRows(event.value, this.limits.maxRows) };
        }
      }
    } finally {
      for (const s of this.open) s.destroy();
    }
  }
}

/** A sheet whose row iterator refuses the file past `maxRows` rows. */
function limitRows<T extends AsyncIterable<ExcelJS.Row>>(sheet: T, maxRows: number): T {
  const rows = sheet[Symbol.asyncIterator].bind(sheet);
  return Object.assign(sheet, {
    async *[Symbol.asyncIterator]() {
      let n = 0;
      for await (const row of { [Symbol.asyncIterator]: rows }) {
        if (++n > maxRows) throw new AppError(413, `文件行数超过${maxRows}行，请拆分后分批导入`);
        yield row;
      }
    },
  });
}

/**
 * Opens a saved .xlsx for reading sheet by sheet, row by row: its directory is checked against `limits`
 * first (AppError 400/413 before anything is inflated), then entries are read by name.
 */
export async function openXlsx(
  path: string,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
  limits: Partial<XlsxLimits> = {},
): Promise<ExcelJS.stream.xlsx.WorkbookReader> {
  const all = { ...XLSX_LIMITS, ...limits };
  const entries = await readXlsxDirectory(path, all);
  return new BoundedWorkbookReader(path, entries, all, options);
}

/** A streaming .xlsx reader over any stream (first to last sheet, row by row) that keeps multi-byte text intact. */
export function xlsxStreamReader(
  input: Readable,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
): ExcelJS.stream.xlsx.WorkbookReader {
  return new Utf8WorkbookReader(input, options);
}

/** An upload saved to a temporary file; `dispose` deletes it. */
export interface SavedUpload {
  path: string;
  bytes: number;
  dispose(): Promise<void>;
}

/**
 * Receives an upload completely into a temporary file before anything reads it, so no database work waits
 * on a slow client. Refuses it when it is larger than the multipart limit (`truncated`, 413), when it does
 * not start like a zip (415), or when it takes longer than `timeoutMs` (408).
 */
export async function saveUpload(
  upload: Readable & { truncated?: boolean },
  opts: { tooLarge: () => AppError; timeoutMs: number },
): Promise<SavedUpload> {
  const dir = await mkdtemp(join(tmpdir(), 'peis-upload-'));
  const path = join(dir, 'upload.xlsx');
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    let bytes = 0;
    let head = Buffer.alloc(0);
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (head.length < 4) head = Buffer.concat([head, chunk]).subarray(0, 4);
        done(null, chunk);
      },
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        upload.destroy();
        reject(new AppError(408, '上传超时，请检查网络后重试'));
      }, opts.timeoutMs);
      pipeline(upload, counter, createWriteStream(path), (err) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      });
    });
    if (upload.truncated) throw opts.tooLarge();
    if (!(head[0] === 0x50 && head[1] === 0x4b)) throw new AppError(415, '只能导入 .xlsx 格式的文件');
    return { path, bytes, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
