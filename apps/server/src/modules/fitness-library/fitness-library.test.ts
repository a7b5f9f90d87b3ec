import {
  SHIPPED_FITNESS_ITEMS,
  SHIPPED_FITNESS_PRINCIPLES,
  SHIPPED_FITNESS_TEMPLATES,
  shippedPlanLines,
  weeklyMetMinutes,
  weeklyMinutes,
  weeklyModerateMinutes,
} from '@peis/shared';
import { expect, it } from 'vitest';
import { withTestApp } from '../../test/suite';

type Rec = Record<string, unknown>;

withTestApp(
  '运动库 (items, templates, principles) on $name',
  { employees: 5, users: ['staff', 'expert', 'admin'] },
  (t) => {
    const call = (method: string, url: string, payload?: unknown, user: 'staff' | 'expert' | 'admin' = 'staff') =>
      t.app.inject({ method: method as 'GET', url, headers: t.as(user), payload: payload as object });
    const ok = async (method: string, url: string, payload?: unknown) => {
      const res = await call(method, url, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const itemId = async (name: string) =>
      Number(await t.scalar('SELECT id FROM fitness_items WHERE name = $1', [name]));
    const newItem = (over: Rec = {}) => ({
      name: '测试项目',
      category: 1,
      metValue: 4.3,
      sportType: 1,
      metCode: '17200',
      ageMin: 18,
      ageMax: 65,
      highImpact: false,
      enabled: true,
      source: null,
      ...over,
    });

    it('answers the seed names at GET /api/fitness/{items,template,principles}, paged and filtered by name', async () => {
      const items = (await ok('GET', '/api/fitness/items?page=1&pageSize=5')).data;
      expect(items.total).toBe(SHIPPED_FITNESS_ITEMS.length);
      expect(items.records).toHaveLength(5);
      for (const r of items.records) {
        expect(Object.keys(r).sort()).toEqual(
          ['Id', 'SportName', 'SportType', 'SportTime', 'MetValue', 'SportNum', 'IsEnabled', 'TAge'].sort(),
        );
      }
      const walk = (await ok('GET', `/api/fitness/items?name=${encodeURIComponent('快走（约5.6')}`)).data;
      expect(walk.total).toBe(1);
      expect(walk.records[0]).toMatchObject({
        SportName: '快走（约5.6公里/小时）',
        MetValue: 4.3,
        SportTime: 2,
        SportType: 1,
        SportNum: 1,
        IsEnabled: true,
        TAge: '18-80',
      });
      const page2 = (await ok('GET', '/api/fitness/items?page=2&pageSize=5')).data;
      expect(page2.records.map((r: Rec) => r.Id)).not.toContain(items.records[0].Id);

      const templates = (await ok('GET', '/api/fitness/template?pageSize=100')).data;
      expect(templates.total).toBe(SHIPPED_FITNESS_TEMPLATES.length);
      expect(Object.keys(templates.records[0]).sort()).toEqual(
        ['Id', 'TemplateName', 'ClassfyName', 'Explains', 'ExpireDay'].sort(),
      );
      const dm = (await ok('GET', `/api/fitness/template?name=${encodeURIComponent('糖尿病')}`)).data;
      expect(dm.records).toEqual([
        expect.objectContaining({ TemplateName: '糖尿病运动处方', ClassfyName: '糖尿病', ExpireDay: 84 }),
      ]);

      const principles = (await ok('GET', '/api/fitness/principles?page=1&pageSize=2')).data;
      expect(principles.total).toBe(SHIPPED_FITNESS_PRINCIPLES.length);
      expect(principles.records).toHaveLength(2);
      expect(Object.keys(principles.records[0]).sort()).toEqual(['CONTENTS', 'Id', 'TITLE']);
      const hr = (await ok('GET', `/api/fitness/principles?name=${encodeURIComponent('心率')}`)).data;
      expect(hr.records[0].TITLE).toBe('运动强度与心率控制');
      expect(hr.records[0].CONTENTS).toContain('220 − 年龄');
    });

    it('refuses an account without the menus (403) and bad paging (400, in Chinese)', async () => {
      for (const user of ['expert', 'admin'] as const) {
        for (const url of [
          '/api/fitness/items',
          '/api/fitness/template',
          '/api/fitness/principles',
          '/api/main/fitness/items',
        ]) {
          expect((await call('GET', url, undefined, user)).statusCode, `${user} ${url}`).toBe(403);
        }
      }
      const bad = await call('GET', '/api/fitness/items?pageSize=501');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toContain('每页最多500条');
    });

    it('SportTime follows an edited MetValue: 5.9 → 中, 6 → 高, 2.9 → 低', async () => {
      const created = (await ok('POST', '/api/main/fitness/items', newItem({ name: '强度测试项目', metValue: 5.9 })))
        .data;
      expect(created.intensity).toBe(2);
      expect(created.ageRange).toBe('18-65');
      let version = created.version as number;
      for (const [met, intensity] of [
        [6, 3],
        [2.9, 1],
        [3, 2],
      ]) {
        const rec = (
          await ok('PUT', `/api/main/fitness/items/${created.id}`, {
            ...newItem({ name: '强度测试项目', metValue: met }),
            version,
          })
        ).data;
        expect(rec.intensity, `MET ${met}`).toBe(intensity);
        version = rec.version;
        const seed = (await ok('GET', `/api/fitness/items?name=${encodeURIComponent('强度测试项目')}`)).data.records[0];
        expect(seed).toMatchObject({ MetValue: met, SportTime: intensity });
      }
      // The list filters on the computed intensity.
      const high = (await ok('GET', '/api/main/fitness/items?intensity=3&pageSize=200')).data.records as Rec[];
      expect(high.length).toBe(SHIPPED_FITNESS_ITEMS.filter((i) => i.met >= 6).length);
      expect(high.every((r) => Number(r.metValue) >= 6)).toBe(true);
    });

    it('refuses bad items in Chinese and writes nothing', async () => {
      const before = await t.scalar('SELECT count(*) FROM fitness_items');
      const cases: [Rec, string, string][] = [
        [{ metValue: 0 }, 'metValue', 'MET值不能小于1'],
        [{ metValue: -2 }, 'metValue', 'MET值不能小于1'],
        [{ metValue: 4.35 }, 'metValue', 'MET值最多保留一位小数'],
        [{ ageMin: 60, ageMax: 40 }, 'ageMax', '最大适用年龄不能小于最小适用年龄'],
        [{ metCode: '172' }, 'metCode', '纲要代码为5位数字，如17200'],
        [{ name: '' }, 'name', '必填项'],
        [{ name: '快走（约5.6公里/小时）' }, 'name', '项目名称已存在'],
      ];
      for (const [over, path, message] of cases) {
        const res = await call('POST', '/api/main/fitness/items', newItem({ name: '坏数据项目', ...over }));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().errors).toContainEqual({ path, message });
      }
      expect(await t.scalar('SELECT count(*) FROM fitness_items')).toBe(before);
    });

    it('computes every shipped template’s weekly totals in SQL as met.ts does, and each reaches its target', async () => {
      const list = (await ok('GET', '/api/main/fitness/template?pageSize=100')).data.records as Rec[];
      expect(list).toHaveLength(SHIPPED_FITNESS_TEMPLATES.length);
      for (const shipped of SHIPPED_FITNESS_TEMPLATES) {
        const row = list.find((r) => r.name === shipped.name);
        const lines = shippedPlanLines(shipped);
        expect(row, shipped.name).toMatchObject({
          classifyName: shipped.classify,
          weeklyMinutes: weeklyMinutes(lines),
          moderateMinutes: weeklyModerateMinutes(lines),
          metMinutes: Math.round(weeklyMetMinutes(lines)),
        });
        expect(Number(row?.moderateMinutes)).toBeGreaterThanOrEqual(shipped.classify === '超重肥胖' ? 300 : 150);
      }
      // A record carries its lines with each item's MET and intensity.
      const dm = list.find((r) => r.name === '糖尿病运动处方') as Rec;
      const rec = (await ok('GET', `/api/main/fitness/template/${dm.id}`)).data;
      expect(rec.lines[0]).toMatchObject({
        itemId: await itemId('快走（约5.6公里/小时）'),
        minutes: 30,
        sessionsPerWeek: 5,
        metValue: 4.3,
        intensity: 2,
      });
    });

    it('creates a template with two items, totals follow its lines; refuses a missing item, a repeated one, 8 sessions', async () => {
      const walk = await itemId('快走（约5.6公里/小时）');
      const jog = await itemId('慢跑');
      const body = {
        name: '测试模板',
        classifyName: '一般人群',
        expireDays: 84,
        enabled: true,
        explains: '测试',
        lines: [
          { itemId: walk, minutes: 30, sessionsPerWeek: 3 },
          { itemId: jog, minutes: 20, sessionsPerWeek: 2 },
        ],
      };
      const rec = (await ok('POST', '/api/main/fitness/template', body)).data;
      expect(rec).toMatchObject({
        weeklyMinutes: 130,
        moderateMinutes: 90 + 80,
        metMinutes: Math.round(4.3 * 90 + 7 * 40),
      });

      const bad: [Rec[], string, string][] = [
        [[{ itemId: 999999, minutes: 30, sessionsPerWeek: 3 }], 'lines.0.itemId', '运动项目不存在或已删除'],
        [
          [
            { itemId: walk, minutes: 30, sessionsPerWeek: 3 },
            { itemId: walk, minutes: 20, sessionsPerWeek: 2 },
          ],
          'lines.1.itemId',
          '运动项目不能重复',
        ],
        [[{ itemId: walk, minutes: 30, sessionsPerWeek: 8 }], 'lines.0.sessionsPerWeek', '每周（次）不能大于7'],
        [[], 'lines', '请至少填写一行运动安排'],
      ];
      for (const [lines, path, message] of bad) {
        const res = await call('POST', '/api/main/fitness/template', { ...body, name: '坏模板', lines });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toContainEqual({ path, message });
      }
      expect(await t.scalar("SELECT count(*) FROM fitness_templates WHERE name = '坏模板'")).toBe(0);
    });

    it('keeps an item used by a template from deletion, and a disabled item out of new lines', async () => {
      const walk = await itemId('快走（约5.6公里/小时）');
      const res = await call('DELETE', `/api/main/fitness/items/${walk}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^该项目已用于运动模板「.+」，不能删除/);

      const unused = (await ok('POST', '/api/main/fitness/items', newItem({ name: '停用项目', enabled: false }))).data;
      const refused = await call('POST', '/api/main/fitness/template', {
        name: '含停用项目的模板',
        classifyName: '一般人群',
        expireDays: 84,
        enabled: true,
        lines: [{ itemId: unused.id, minutes: 30, sessionsPerWeek: 3 }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toContainEqual({ path: 'lines.0.itemId', message: '运动项目「停用项目」已停用' });
      expect((await call('DELETE', `/api/main/fitness/items/${unused.id}`)).statusCode).toBe(200);
    });
  },
);
