import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../db/seed';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';

const MB = 1024 * 1024;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_MAGIC, randomBytes(size - PNG_MAGIC.length)]);
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----peis${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const filePart = (value: Buffer | string, filename: string, contentType = 'application/octet-stream'): Part => ({
  name: 'file',
  value,
  filename,
  contentType,
});

/** Every file below a folder (relative paths), temporary ones included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe.each(TEST_DATABASES)('file upload on $name', (target) => {
  let t: TestApp;
  let uploadDir: string;
  let adminToken: string;

  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'peis-upload-'));
    t = await createTestApp(target, { env: { UPLOAD_DIR: uploadDir } });
    adminToken = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const upload = (token: string | null, parts: Part[], url = '/api/upload') => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? t.auth(token) : {}) },
    });
  };
  const uploadCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads')).rows[0].n;

  /** Runs a refused upload and checks it left neither a row nor a file behind. */
  async function expectRefused(
    res: Promise<Awaited<ReturnType<typeof upload>>>,
    status: number,
    msg: string,
  ): Promise<void> {
    const rowsBefore = await uploadCount();
    // Stored files only: a request answered before may still be removing its temporary .part (a refused or
    // cut-off upload's goes once its stream has closed), and this one may have begun writing its own.
    const filesBefore = filesUnder(uploadDir).filter((f) => !f.endsWith('.part')).length;
    const answer = await res;
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toEqual({ status: 'error', msg, code: status });
    expect(await uploadCount()).toBe(rowsBefore);
    // Nothing of the refused file stays, its temporary file included (gone once its stream has closed).
    await expect.poll(() => filesUnder(uploadDir).length).toBe(filesBefore);
  }

  it('accepts a PNG avatar and reads it back byte for byte, with the header or ?token=', async () => {
    const bytes = png(50_000);
    const res = await upload(adminToken, [{ name: 'purpose', value: 'avatar' }, filePart(bytes, '头像 (1).png')]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      msg: '上传成功',
      data: [{ url: `/api/files/${body.data[0].id}`, name: '头像 (1).png', size: 50_000, id: expect.any(Number) }],
    });

    const read = await t.app.inject({ url: body.data[0].url, headers: t.auth(adminToken) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['content-disposition']).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('头像 ')}%281%29.png`,
    );
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.rawPayload.equals(bytes)).toBe(true);

    const viaQuery = await t.app.inject({ url: `${body.data[0].url}?token=${adminToken}` });
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.rawPayload.equals(bytes)).toBe(true);
    expect((await t.app.inject({ url: `${body.data[0].url}?token=not-a-token` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: body.data[0].url })).statusCode).toBe(401);

    // A second read with the ETag is a 304 without the bytes.
    const again = await t.app.inject({
      url: body.data[0].url,
      headers: { ...t.auth(adminToken), 'if-none-match': read.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // The row, its hash and the audit entry.
    const { rows } = await t.db.query<{ mime: string; size: number; sha256: string; purpose: string }>(
      'SELECT mime, size, sha256, purpose FROM uploads WHERE id = $1',
      [body.data[0].id],
    );
    expect(rows[0]).toMatchObject({ mime: 'image/png', size: 50_000, purpose: 'avatar' });
    const { createHash } = await import('node:crypto');
    expect(rows[0].sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const audit = await t.db.query<{ username: string; after: unknown }>(
      "SELECT username, after FROM audit_log WHERE action = 'upload.create' AND resource = 'upload' AND record_id = $1",
      [String(body.data[0].id)],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      username: 'admin',
      after: { name: '头像 (1).png', mime: 'image/png', size: 50_000, purpose: 'avatar' },
    });
  });

  it('also answers on the /upload alias, with the purpose in the query and any field name', async () => {
    const res = await upload(adminToken, [{ ...filePart(png(1000), 'a.png'), name: 'img' }], '/upload?purpose=avatar');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
  });

  it('refuses a GIF named photo.png as an avatar: the content decides, not the name', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), randomBytes(500)]);
    await expectRefused(
      upload(adminToken, [{ name: 'purpose', value: 'avatar' }, filePart(gif, 'photo.png', 'image/png')]),
      415,
      '上传图片只能是 JPG/PNG 格式!',
    );
  });

  it('refuses a 3 MB PNG avatar while streaming and leaves nothing behind', async () => {
    await expectRefused(
      upload(adminToken, [{ name: 'purpose', value: 'avatar' }, filePart(png(3 * MB), 'big.png', 'image/png')]),
      413,
      '上传头像图片大小不能超过 2MB!',
    );
    // Also when the purpose comes after the file: checked again once it is known.
    await expectRefused(
      upload(adminToken, [filePart(png(3 * MB), 'big.png', 'image/png'), { name: 'purpose', value: 'avatar' }]),
      413,
      '上传头像图片大小不能超过 2MB!',
    );
    // Exactly 2 MB is not "under 2 MB".
    await expectRefused(
      upload(adminToken, [filePart(png(2 * MB), 'edge.png')], '/api/upload?purpose=avatar'),
      413,
      '上传头像图片大小不能超过 2MB!',
    );
  });

  it('accepts a 4 MB PDF agreement and refuses a 6 MB one', async () => {
    const ok = await upload(adminToken, [{ name: 'purpose', value: 'agreement' }, filePart(pdf(4 * MB), '协议.pdf')]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data[0]).toMatchObject({ name: '协议.pdf', size: 4 * MB });
    const read = await t.app.inject({ url: ok.json().data[0].url, headers: t.auth(adminToken) });
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.length).toBe(4 * MB);

    await expectRefused(
      upload(adminToken, [{ name: 'purpose', value: 'agreement' }, filePart(pdf(6 * MB), '协议.pdf')]),
      413,
      '上传图片大小不能超过 5MB!',
    );
  });

  it('refuses a text file renamed .pdf, as an agreement and as a plain file', async () => {
    const text = Buffer.from('这不是PDF文件，只是一段文字。\n'.repeat(20));
    await expectRefused(
      upload(adminToken, [{ name: 'purpose', value: 'agreement' }, filePart(text, 'scan.pdf', 'application/pdf')]),
      415,
      '上传文件只能是 JPG/PNG 格式或 PDF 格式!',
    );
    await expectRefused(upload(adminToken, [filePart(text, 'scan.pdf', 'application/pdf')]), 415, '不支持的文件类型');
    await expectRefused(upload(adminToken, [filePart('', 'empty.pdf')]), 415, '不支持的文件类型');
  });

  it('takes an .xlsx (a zip) as a plain file, and refuses it as an agreement', async () => {
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]);
    const res = await upload(adminToken, [filePart(xlsx, '体检名单.xlsx')]);
    expect(res.statusCode).toBe(200);
    const read = await t.app.inject({ url: res.json().data[0].url, headers: t.auth(adminToken) });
    expect(read.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await expectRefused(
      upload(adminToken, [filePart(xlsx, '体检名单.xlsx')], '/api/upload?purpose=agreement'),
      415,
      '上传文件只能是 JPG/PNG 格式或 PDF 格式!',
    );
  });

  it('refuses a request without a file, with two files, or with an unknown purpose', async () => {
    await expectRefused(upload(adminToken, [{ name: 'purpose', value: 'file' }]), 400, '请选择要上传的文件');
    await expectRefused(
      upload(adminToken, [filePart(png(100), 'a.png'), filePart(png(100), 'b.png')]),
      400,
      '一次只能上传一个文件',
    );
    await expectRefused(
      upload(adminToken, [filePart(png(100), 'a.png')], '/api/upload?purpose=photo'),
      400,
      '上传用途只能是 avatar、agreement 或 file',
    );
    // A body cut off in the middle of the file: nothing of it is kept.
    const cut = multipart([filePart(png(5000), 'cut.png')]);
    await expectRefused(
      t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: cut.payload.subarray(0, 3000),
        headers: { ...cut.headers, ...t.auth(adminToken) },
      }),
      400,
      '上传数据格式错误',
    );
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: { file: 'x' },
      headers: t.auth(adminToken),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ status: 'error', code: 415 });
  });

  it('answers 401 without a session on both /api/upload and /upload', async () => {
    for (const url of ['/api/upload', '/upload']) {
      await expectRefused(upload(null, [filePart(png(100), 'a.png')], url), 401, '请先登录');
      const bad = await upload('nope', [filePart(png(100), 'a.png')], url);
      expect(bad.statusCode).toBe(401);
    }
  });

  it('lets a reader see only the uploads of their unit scope', async () => {
    const unitId = async (shortName: string) =>
      Number((await t.db.query<{ id: number }>('SELECT id FROM units WHERE short_name = $1', [shortName])).rows[0].id);
    const [one, two] = [await unitId('采油一厂'), await unitId('采油二厂')];
    await t.db.tx(async (q) => {
      for (const [username, roleCode, unit] of [
        ['up_staff1', 'healthStaff', one],
        ['up_staff2', 'healthStaff', two],
        ['up_emp1', 'employee', one],
      ] as const) {
        await createAccount(q, { username, password: 'Upload@2025', name: username, roleCode, unitId: unit });
      }
    });
    const staff1 = await t.login('up_staff1', 'Upload@2025');
    const staff2 = await t.login('up_staff2', 'Upload@2025');
    const emp1 = await t.login('up_emp1', 'Upload@2025');

    const up = await upload(staff2, [filePart(png(500), 'b.png')], '/upload?purpose=avatar');
    expect(up.statusCode).toBe(200);
    const url = up.json().data[0].url as string;
    const read = (token: string) => t.app.inject({ url, headers: t.auth(token) });

    const refused = await read(staff1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, msg: '没有权限查看该文件' });
    expect((await read(staff2)).statusCode).toBe(200);
    expect((await read(adminToken)).statusCode).toBe(200);

    // Health staff of 采油一厂 see an upload of a regular staff account of their unit; that account sees only its own.
    const own = await upload(emp1, [filePart(png(500), 'me.png')]);
    const ownUrl = own.json().data[0].url as string;
    expect((await t.app.inject({ url: ownUrl, headers: t.auth(emp1) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: ownUrl, headers: t.auth(staff1) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: ownUrl, headers: t.auth(staff2) })).statusCode).toBe(403);
    const staff1Up = await upload(staff1, [filePart(png(500), 's.png')]);
    expect((await t.app.inject({ url: staff1Up.json().data[0].url, headers: t.auth(emp1) })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown, malformed or deleted id', async () => {
    for (const id of ['999999', 'abc', '0', '1.5']) {
      const res = await t.app.inject({ url: `/api/files/${id}`, headers: t.auth(adminToken) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '文件不存在' });
    }
    const up = await upload(adminToken, [filePart(png(300), 'gone.png')]);
    await t.db.query('UPDATE uploads SET deleted_at = now() WHERE id = $1', [up.json().data[0].id]);
    expect((await t.app.inject({ url: up.json().data[0].url, headers: t.auth(adminToken) })).statusCode).toBe(404);
  });

  it('keeps every stored file under a random key, and no temporary files', async () => {
    const { rows } = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM uploads');
    const stored = filesUnder(uploadDir)
      .map((f) => f.slice(uploadDir.length + 1))
      .sort();
    expect(stored).toEqual(rows.map((r) => r.storage_key).sort());
    for (const key of stored) expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
  });
});
