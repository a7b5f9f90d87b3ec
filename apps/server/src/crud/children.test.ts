import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { multipartFile } from '../test/instances';
import { withTestApp } from '../test/suite';

type Q = {
  id?: number;
  title: string;
  kind: number;
  required: boolean;
  options: { id?: number; label: string; score?: number | null }[];
};

/** The header row of the export's and the template's third sheet (选项); ExcelJS rows start at index 1. */
const OPTION_SHEET_HEADER = [undefined, '名称', '题目序号', '选项序号', '选项文字', '分值'];

const questions = (): Q[] => [
  {
    title: '您最近一周的睡眠如何？',
    kind: 1,
    required: true,
    options: [
      { label: '很好', score: 0 },
      { label: '一般', score: 1 },
      { label: '较差', score: 2 },
    ],
  },
  {
    title: '您有哪些不适？',
    kind: 2,
    required: false,
    options: [
      { label: '头痛', score: 1 },
      { label: '乏力', score: 1 },
    ],
  },
];

withTestApp(
  'a resource with two levels of child collections (问卷) on $name',
  { employees: 5, users: ['staff'] },
  (t) => {
    const call = (method: string, url: string, payload?: unknown) =>
      t.app.inject({ method: method as 'GET', url, headers: t.as('staff'), payload: payload as object });
    const create = async (name: string) => {
      const res = await call('POST', '/api/questionnaire', { name, kind: 1, enabled: true, questions: questions() });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const strip = (qs: Q[]) =>
      qs.map(({ id: _i, options, ...q }) => ({ ...q, options: options.map(({ id: _o, ...o }) => o) }));

    it('creates the record with its children and grandchildren in order; lists carry no children', async () => {
      const rec = await create('睡眠问卷');
      expect(rec.version).toBe(1);
      expect(rec.questionCount).toBe(2);
      expect(strip(rec.questions)).toEqual(questions());
      expect(rec.questions[0].id).toEqual(expect.any(Number));
      const list = (await call('GET', '/api/questionnaire?name=睡眠问卷')).json().data;
      expect(list.records[0]).toMatchObject({ name: '睡眠问卷', questionCount: 2 });
      expect(list.records[0]).not.toHaveProperty('questions');
    });

    it('edits children: add, remove, reorder (ids kept), bumps the version, refuses a stale edit, audits them', async () => {
      const rec = await create('编辑问卷');
      const [q1, q2] = rec.questions as Q[];
      const edited: Q[] = [
        { ...q2, options: [q2.options[1], { label: '心慌', score: 3 }] }, // reordered, one option dropped, one added
        { title: '新增的填空题', kind: 3, required: false, options: [] },
        { ...q1, title: '睡眠质量如何？' },
      ];
      // Only the children change: the version still moves.
      const res = await call('PUT', `/api/questionnaire/${rec.id}`, { ...rec, questions: edited, version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json().data;
      expect(after.version).toBe(2);
      expect(after.questions.map((q: Q) => q.title)).toEqual(['您有哪些不适？', '新增的填空题', '睡眠质量如何？']);
      expect(after.questions[0].id).toBe(q2.id);
      expect(after.questions[2].id).toBe(q1.id);
      expect(after.questions[0].options.map((o: { label: string }) => o.label)).toEqual(['乏力', '心慌']);
      expect(after.questions[0].options[0].id).toBe(q2.options[1].id);
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM questionnaire_options WHERE question_id = $1',
        [q2.id],
      );
      expect(rows[0].n).toBe(2);

      const stale = await call('PUT', `/api/questionnaire/${rec.id}`, { ...rec, questions: questions(), version: 1 });
      expect(stale.statusCode).toBe(409);
      const again = (await call('GET', `/api/questionnaire/${rec.id}`)).json().data;
      expect(again.questions.map((q: Q) => q.title)).toEqual(['您有哪些不适？', '新增的填空题', '睡眠质量如何？']);

      const { rows: audit } = await t.db.query<{ before: { questions: Q[] }; after: { questions: Q[] } }>(
        `SELECT before, after FROM audit_log WHERE resource = 'questionnaire' AND action = 'update' AND record_id = $1`,
        [rec.id],
      );
      expect(audit[0].before.questions.map((q) => q.title)).toEqual(['您最近一周的睡眠如何？', '您有哪些不适？']);
      expect(audit[0].after.questions).toHaveLength(3);
    });

    it('validates children: at least one question, unique option labels, errors point at the row', async () => {
      const none = await call('POST', '/api/questionnaire', { name: '空问卷', kind: 1, questions: [] });
      expect(none.statusCode).toBe(400);
      const dup = questions();
      dup[0].options[1].label = '很好';
      const res = await call('POST', '/api/questionnaire', { name: '重复选项', kind: 1, questions: dup });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('选项文字不能重复');
    });

    it('computed fields are never written', async () => {
      const res = await call('POST', '/api/questionnaire', {
        name: '计算字段',
        kind: 1,
        questionCount: 99,
        questions: questions().slice(0, 1),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.questionCount).toBe(1);
    });

    it('sanitises rich text before storing it', async () => {
      const res = await call('POST', '/api/questionnaire', {
        name: '富文本',
        kind: 1,
        questions: questions().slice(0, 1),
        description:
          '<h2 onclick="x()">说明</h2><script>alert(1)</script><p style="color:red">请<strong>如实</strong>填写' +
          '<a href="javascript:alert(1)">坏链接</a><a href="https://example.org/a">好链接</a></p>' +
          '<img src="https://evil.example/x.png"><img src="/api/files/1"><iframe src="https://x"></iframe>',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await t.db.query<{ description: string }>(
        'SELECT description FROM questionnaires WHERE id = $1',
        [res.json().data.id],
      );
      const html = rows[0].description;
      expect(html).toContain('<h2>说明</h2>');
      expect(html).toContain('<strong>如实</strong>');
      expect(html).toContain('<a href="https://example.org/a" rel="noopener noreferrer">好链接</a>');
      expect(html).toContain('<img src="/api/files/1" />');
      for (const bad of ['script', 'onclick', 'style=', 'javascript:', 'evil.example', 'iframe']) {
        expect(html).not.toContain(bad);
      }
    });

    it('exports one sheet per level and re-imports it without duplicates; a changed file updates', async () => {
      await create('导出问卷');
      const res = await call('GET', '/api/questionnaire/export?name=导出问卷');
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['问卷', '题目', '选项']);
      expect(wb.worksheets[1].getRow(1).values).toEqual([undefined, '名称', '题目序号', '题干', '题型', '必答']);
      expect(wb.worksheets[1].getRow(2).values).toEqual([
        undefined,
        '导出问卷',
        1,
        '您最近一周的睡眠如何？',
        '单选',
        '是',
      ]);
      expect(wb.worksheets[2].getRow(1).values).toEqual(OPTION_SHEET_HEADER);
      expect(wb.worksheets[2].getRow(3).values).toEqual([undefined, '导出问卷', 1, 2, '一般', 1]);

      const upload = async (buf: Buffer) => {
        const r = await t.postFile('/api/questionnaire/import', t.token.staff, multipartFile('问卷.xlsx', buf));
        expect(r.statusCode, r.body).toBe(200);
        return r.json().data;
      };
      const before = (await call('GET', '/api/questionnaire?name=导出问卷')).json().data.records[0];
      const same = await upload(Buffer.from(res.rawPayload));
      expect(same).toMatchObject({ total: 1, created: 0, updated: 0, unchanged: 1, refused: [] });
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM questionnaire_questions qq JOIN questionnaires q ON q.id = qq.questionnaire_id
        WHERE q.name = '导出问卷'`,
      );
      expect(rows[0].n).toBe(2);
      expect((await call('GET', `/api/questionnaire/${before.id}`)).json().data.version).toBe(before.version);

      wb.worksheets[2].getRow(3).getCell(4).value = '一般般';
      wb.worksheets[0].getRow(1).getCell(1).value = '名称';
      const changed = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
      expect(changed).toMatchObject({ total: 1, created: 0, updated: 1, unchanged: 0, refused: [] });
      const rec = (await call('GET', `/api/questionnaire/${before.id}`)).json().data;
      expect(rec.questions[0].options.map((o: { label: string }) => o.label)).toEqual(['很好', '一般般', '较差']);

      wb.worksheets[0].getRow(2).getCell(1).value = '导入的新问卷';
      for (const ws of wb.worksheets.slice(1)) {
        ws.eachRow((row, n) => {
          if (n > 1) row.getCell(1).value = '导入的新问卷';
        });
      }
      const created = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
      expect(created).toMatchObject({ total: 1, created: 1, refused: [] });
      const made = (await call('GET', '/api/questionnaire?name=导入的新问卷')).json().data.records[0];
      const full = (await call('GET', `/api/questionnaire/${made.id}`)).json().data;
      expect(full.questions).toHaveLength(2);
      expect(full.questions[1].options.map((o: { label: string }) => o.label)).toEqual(['头痛', '乏力']);
    });

    it('offers the same sheets in the import template', async () => {
      const res = await call('GET', '/api/questionnaire/import/template');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['问卷', '题目', '选项']);
      expect(wb.worksheets[2].getRow(1).values).toEqual(OPTION_SHEET_HEADER);
    });
  },
);
