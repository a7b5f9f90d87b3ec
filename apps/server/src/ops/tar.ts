/**
 * The small part of the tar format (POSIX ustar) that backups need: regular files and folders, written and read as
 * streams so neither the database files nor the uploads are ever held in memory whole. `tar tzf` lists an
 * archive made here, and `tar xzf` unpacks it.
 */

export interface TarEntry {
  /** Path inside the archive, '/'-separated, no leading '/'. */
  name: string;
  type: 'file' | 'directory';
  size: number;
  /** The file's bytes; read it (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

const BLOCK = 512;
/** ustar's 11 octal digits. */
const MAX_SIZE = 0o77777777777;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** The 512-byte header of one entry. */
export function tarHeader(name: string, size: number, type: 'file' | 'directory' = 'file', mtime = new Date()): Buffer {
  if (size > MAX_SIZE) throw new Error(`${name}: ${size} bytes is more than a tar entry holds`);
  // Folders end in '/', as GNU tar writes them.
  const path = type === 'directory' && !name.endsWith('/') ? `${name}/` : name;
  let prefix = '';
  let short = path;
  if (Buffer.byteLength(path) > 100) {
    // ustar splits a long path at a '/' into prefix (155) and name (100).
    const cut = path.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(path.slice(cut + 1)) > 100) throw new Error(`path too long for tar: ${name}`);
    prefix = path.slice(0, cut);
    short = path.slice(cut + 1);
  }
  const h = Buffer.alloc(BLOCK);
  h.write(short, 0, 100, 'utf8');
  h.write(octal(type === 'directory' ? 0o755 : 0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(type === 'directory' ? 0 : size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type === 'directory' ? '5' : '0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

/** Zero bytes that bring an entry of `size` bytes to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The two zero blocks that end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

/** One file as tar bytes: header, the bytes (checked against `size`), padding. */
export async function* tarFile(
  name: string,
  size: number,
  body: AsyncIterable<Buffer> | Buffer,
): AsyncGenerator<Buffer> {
  yield tarHeader(name, size);
  let written = 0;
  for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
    written += chunk.length;
    yield chunk;
  }
  // A file that changed size while being read would shift every later header.
  if (written !== size) throw new Error(`${name} changed while being archived (${size} → ${written} bytes)`);
  yield tarPadding(size);
}

/** Reads the entries of an (already decompressed) tar stream in order. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const it = source[Symbol.asyncIterator]();
  let buf: Buffer = Buffer.alloc(0);
  const fill = async (n: number) => {
    while (buf.length < n) {
      const next = await it.next();
      if (next.done) return false;
      buf = buf.length === 0 ? next.value : Buffer.concat([buf, next.value]);
    }
    return true;
  };
  const take = (n: number) => {
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    return out;
  };
  /** Yields the next `counter.left` bytes as they arrive; what a reader leaves unread stays counted. */
  async function* bytes(counter: { left: number }): AsyncGenerator<Buffer> {
    while (counter.left > 0) {
      if (buf.length === 0 && !(await fill(1))) throw new Error('the archive ends in the middle of a file');
      const chunk = take(Math.min(counter.left, buf.length));
      counter.left -= chunk.length;
      yield chunk;
    }
  }
  const skip = async (n: number) => {
    for await (const _ of bytes({ left: n })) {
      // discarded
    }
  };
  const field = (h: Buffer, start: number, len: number) => {
    const raw = h.subarray(start, start + len);
    const end = raw.indexOf(0);
    return raw.subarray(0, end < 0 ? len : end).toString('utf8');
  };
  let longName: string | undefined;
  while (true) {
    if (!(await fill(BLOCK))) throw new Error('the archive ends without its end marker');
    const h = take(BLOCK);
    if (h.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
    if (Number.parseInt(field(h, 148, 8).trim(), 8) !== sum) throw new Error('not a tar archive (bad header checksum)');
    const size = Number.parseInt(field(h, 124, 12).trim() || '0', 8);
    const flag = String.fromCharCode(h[156]);
    const prefix = h.subarray(257, 262).toString('ascii') === 'ustar' ? field(h, 345, 155) : '';
    const name = longName ?? (prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100));
    longName = undefined;
    const padded = size + tarPadding(size).length;
    if (flag === 'L') {
      // GNU long name: the next entry's path is this entry's body.
      const parts: Buffer[] = [];
      for await (const c of bytes({ left: padded })) parts.push(c);
      longName = Buffer.concat(parts).subarray(0, size).toString('utf8').replace(/\0+$/, '');
      continue;
    }
    const type = flag === '5' ? 'directory' : flag === '0' || flag === '\0' ? 'file' : undefined;
    if (!type) {
      // Links, pax headers and the like: never written by backups, skipped.
      await skip(padded);
      continue;
    }
    const counter = { left: type === 'file' ? size : 0 };
    yield {
      name: name.replace(/^\/+/, '').replace(/\/+$/, ''),
      type,
      size: counter.left,
      body: bytes(counter),
    };
    // Whatever the reader left of the body, then the padding.
    await skip(counter.left + (type === 'file' ? padded - size : padded));
  }
}
