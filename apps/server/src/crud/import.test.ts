import { expect, it } from 'vitest';
import { gatedUpload, multipartFile } from '../test/instances';
import { withTestApp } from '../test/suite';
import { sheet } from '../test/xlsx';
import { sheetXml, workbookParts, zip } from '../test/zip';

withTestApp(
  'spreadsheet imports that cannot hurt the server, on $name',
  { employees: 10, users: ['admin', 'staff'] },
  (t) => {
    // Facilities are the administrator's, health checks the health staff's.
    const tokenFor = (url: string) => (url.startsWith('/api/phr/') ? t.token.staff : t.token.admin);
    const post = (url: string, upload: { payload: unknown; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: upload.payload as Buffer,
        headers: { ...upload.headers, ...t.auth(tokenFor(url)) },
      });

    const importCases = [
      {
        url: '/api/facility/import',
        rows: [
          ['名称', '类型', '所属单位', '位置', '状态'],
          ['慢传小屋', '健康小屋', '采油一厂', '一号院', '正常'],
        ],
      },
      { url: '/api/phr/check/import', rows: [['身份证号', '体检日期', 'SBP']] },
    ];

    it.each(importCases)('other requests answer while an upload to $url is still arriving', async ({ url, rows }) => {
      const upload = gatedUpload('导入.xlsx', await sheet(rows));
      const order: string[] = [];
      const importing = post(url, upload).then((res) => {
        order.push('import');
        return res;
      });
      // Let the server start on the request and read the first half of the file.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Only so that a server blocked by the upload fails this test instead of hanging it.
      const fallback = setTimeout(upload.release, 5000);
      const me = await t.app.inject({ url: '/api/me', headers: t.auth(tokenFor(url)) });
      order.push('me');
      upload.release();
      clearTimeout(fallback);
      const res = await importing;
      expect(me.statusCode).toBe(200);
      expect(res.statusCode, res.body).toBe(200);
      expect(order).toEqual(['me', 'import']);
    });

    it.each(importCases)('refuses a zip bomb sent to $url before inflating it, and writes nothing', async ({ url }) => {
      const { rows: last } = await t.db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log');
      // ~64 MB of rows in well under 1 MB: the ratio gives it away before anything is inflated.
      const bomb = zip(
        workbookParts(sheetXml([['名称']], '<row r="2"><c r="A2"><v>1</v></c></row>'.repeat(1_700_000))),
      );
      const res = await post(url, multipartFile('体检.xlsx', bomb));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('文件压缩比异常（疑似压缩炸弹），已拒绝导入');
      // A refused file may leave its failed import in the audit log, never a record.
      const { rows } = await t.db.query<{ action: string; success: boolean; after: Record<string, unknown> }>(
        "SELECT action, success, after FROM audit_log WHERE id > $1 AND action <> 'login' ORDER BY id",
        [last[0].id],
      );
      expect(rows).toEqual([
        {
          action: 'import',
          success: false,
          after: expect.objectContaining({ status: 'failed', rowsCommitted: 0, error: res.json().msg }),
        },
      ]);
    });

    it('refuses a file that is no zip with 415', async () => {
      const notZip = await post('/api/facility/import', multipartFile('设施.xlsx', Buffer.from('名称,类型\n')));
      expect(notZip.statusCode).toBe(415);
      expect(notZip.json().msg).toBe('只能导入 .xlsx 格式的文件');
    });
  },
);
