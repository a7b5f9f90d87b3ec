import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTar, TAR_END, tarFile, tarHeader } from './tar';

async function* stream(...chunks: Buffer[]) {
  yield* chunks;
}

async function collect(chunks: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

const long = `pgdata/${'deep/'.repeat(25)}file`;
async function* sample() {
  yield tarHeader('pgdata/empty', 0, 'directory');
  yield* tarFile('a.txt', 5, Buffer.from('hello'));
  yield* tarFile(long, 513, Buffer.alloc(513, 7));
  yield* tarFile('uploads/ab/ab12', 0, Buffer.alloc(0));
  yield TAR_END;
}

describe('tar', () => {
  it('reads back what it writes, long paths and skipped bodies included', async () => {
    const bytes = await collect(sample());
    expect(bytes.length % 512).toBe(0);
    const seen: [string, string, number, number][] = [];
    for await (const e of readTar(stream(bytes.subarray(0, 700), bytes.subarray(700)))) {
      // The first file's body is left unread: the reader must still find the next header.
      const body = e.name === 'a.txt' ? Buffer.alloc(0) : await collect(e.body);
      seen.push([e.name, e.type, e.size, body.length]);
    }
    expect(seen).toEqual([
      ['pgdata/empty', 'directory', 0, 0],
      ['a.txt', 'file', 5, 0],
      [long, 'file', 513, 513],
      ['uploads/ab/ab12', 'file', 0, 0],
    ]);
  });

  it('is read by the system tar', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'peis-tar-'));
    try {
      writeFileSync(join(dir, 'x.tar'), await collect(sample()));
      const listed = execFileSync('tar', ['tf', join(dir, 'x.tar')], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(listed).toEqual(['pgdata/empty/', 'a.txt', long, 'uploads/ab/ab12']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file that is not a tar, and a file that changes size while archived', async () => {
    await expect(collect(readTar(stream(Buffer.alloc(512, 65))) as AsyncIterable<never>)).rejects.toThrow(/not a tar/);
    await expect(collect(tarFile('x', 10, Buffer.from('short')))).rejects.toThrow(/changed/);
  });
});
