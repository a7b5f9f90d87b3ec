import { beforeAll, expect, it } from 'vitest';
import { withTestApp } from '../../test/suite';

interface Node {
  id: number;
  name: string;
  children: Node[];
}
const names = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

withTestApp('unit tree, permissions and unit scope on $name', {}, (t) => {
  const { unitId } = t;

  beforeAll(async () => {
    // An administrator whose scope is one unit only.
    const unit = await unitId('采油二厂');
    await t.addAccount({
      username: 'admin2',
      password: 'Admin2@2025',
      name: '二厂管理员',
      roleCode: 'companyAdmin',
      unitId: unit,
    });
  });

  it('gives the company administrator the whole tree with the four named units', async () => {
    const res = await t.app.inject({ url: '/api/company/company/tree', headers: t.auth(await t.login('admin')) });
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as Node[];
    expect(tree).toHaveLength(1);
    expect(tree[0].name).toBe('西部油田分公司');
    const all = names(tree);
    expect(all.length).toBeGreaterThanOrEqual(18);
    for (const n of ['保卫部', '页岩油开发分公司', '行政事务中心', '新疆分公司']) expect(all).toContain(n);
  });

  it('limits a unit administrator and a staff member to their subtree', async () => {
    const admin2 = (
      await t.app.inject({ url: '/api/company/company/tree', headers: t.auth(await t.login('admin2', 'Admin2@2025')) })
    ).json();
    expect(names(admin2.data)).toEqual(['第二采油厂']);

    const staff = (
      await t.app.inject({ url: '/api/company/company/tree', headers: t.auth(await t.login('staff')) })
    ).json();
    expect(names(staff.data)).toEqual(['第一采油厂', '第一采油厂第一作业区', '第一采油厂第二作业区']);
  });

  it("refuses a unit outside the account's scope", async () => {
    const token = await t.login('admin2', 'Admin2@2025');
    const own = await t.app.inject({ url: `/api/company/company/${await unitId('采油二厂')}`, headers: t.auth(token) });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.shortName).toBe('采油二厂');
    const other = await t.app.inject({
      url: `/api/company/company/${await unitId('采油一厂')}`,
      headers: t.auth(token),
    });
    // Out of scope answers as if the unit did not exist (docs/decisions.md: out of scope is 404).
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('单位不存在');
    const full = await t.app.inject({
      url: `/api/company/company/${await unitId('采油一厂')}`,
      headers: t.auth(await t.login('admin')),
    });
    expect(full.statusCode).toBe(200);
  });

  it('answers 403 when the role lacks the permission, and follows a role edit', async () => {
    const token = await t.login('employee');
    const res = await t.app.inject({ url: '/api/company/company/tree', headers: t.auth(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: '没有权限执行此操作' });
    // Granting the permission to the role takes effect on the next call.
    await t.db.query(
      "UPDATE roles SET buttons = array_append(buttons, 'company:company:tree') WHERE code = 'employee'",
    );
    expect((await t.app.inject({ url: '/api/company/company/tree', headers: t.auth(token) })).statusCode).toBe(200);
    await t.db.query(
      "UPDATE roles SET buttons = array_remove(buttons, 'company:company:tree') WHERE code = 'employee'",
    );
  });

  it('filters the tree by user_type and refuses a bad one with 400', async () => {
    const token = await t.login('admin');
    const staffUnits = (
      await t.app.inject({ url: '/api/company/company/tree?user_type=2', headers: t.auth(token) })
    ).json();
    // Health staff accounts: `staff` in 采油一厂 and `admin2`'s unit holds none of type 2.
    expect(names(staffUnits.data)).toEqual(expect.arrayContaining(['西部油田分公司', '第一采油厂']));
    expect(names(staffUnits.data)).not.toContain('第二采油厂');
    for (const bad of ['9', 'abc', '1.5']) {
      const res = await t.app.inject({ url: `/api/company/company/tree?user_type=${bad}`, headers: t.auth(token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('user_type 应为 1 至 4');
    }
    const badId = await t.app.inject({ url: '/api/company/company/abc', headers: t.auth(token) });
    expect(badId.statusCode).toBe(400);
  });
});
