import { beforeAll, expect, it } from 'vitest';
import { todayInChina } from '../lib/dates';
import { addDays } from '../modules/followup/declared';
import { withTestApp } from '../test/suite';

/**
 * Issue 11 items 2 and 4: the work lists sort on the server by a whitelisted field (`sort=<field>&order=asc|desc`,
 * anything else a 400 in Chinese, never SQL from the URL), and `id` narrows a list to one record within the
 * account's scope (the workbench's 去处理 / 去随访 links).
 */
withTestApp('list sorting and the id filter on $name', { employees: 120, users: ['staff', 'admin', 'expert'] }, (t) => {
  const { call } = t;
  const list = async (url: string, token = t.token.staff) => {
    const res = await call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { total: number; records: Record<string, unknown>[] };
  };
  const refused = async (url: string, message: string) => {
    const res = await call('GET', url, t.token.staff);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toContain(message);
  };
  const column = (rows: Record<string, unknown>[], key: string) => rows.map((r) => String(r[key] ?? ''));
  const ascending = (values: string[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sortedAsc = (values: string[]) => expect(values).toEqual(ascending(values));
  const sortedDesc = (values: string[]) => expect(values).toEqual(ascending(values).reverse());

  beforeAll(async () => {
    // Two follow-up plans of a person in the staff account's scope, due at different dates.
    const [task] = (await list('/api/positive/task?pageSize=1')).records;
    for (const days of [3, 20]) {
      const res = await call('POST', '/api/follow-up/task', t.token.staff, {
        employeeId: task.employeeId,
        title: '血压随访',
        method: 1,
        frequencyDays: 30,
        nextDate: addDays(todayInChina(), days),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('sorts 阳性任务 by due date both ways; the default stays open tasks first, soonest due first', async () => {
    const asc = (await list('/api/positive/task?pageSize=200&sort=dueDate&order=asc')).records;
    const desc = (await list('/api/positive/task?pageSize=200&sort=dueDate&order=desc')).records;
    expect(asc.length).toBeGreaterThan(1);
    sortedAsc(column(asc, 'dueDate'));
    sortedDesc(column(desc, 'dueDate'));
    // antd's names of the directions are read too.
    sortedDesc(column((await list('/api/positive/task?pageSize=200&sort=dueDate&order=descend')).records, 'dueDate'));
    const byDefault = (await list('/api/positive/task?pageSize=200')).records;
    const keys = byDefault.map((r) => `${r.status}|${r.dueDate}`);
    expect(keys).toEqual(ascending(keys));
  });

  it('refuses a sort field outside the whitelist and a bad direction, in Chinese', async () => {
    await refused('/api/positive/task?sort=name', '不支持按该字段排序');
    await refused(`/api/positive/task?sort=${encodeURIComponent('due_date; DROP TABLE users')}`, '不支持按该字段排序');
    await refused('/api/positive/task?sort=constructor', '不支持按该字段排序');
    await refused('/api/positive/task?sort=dueDate&order=sideways', '排序方向无效');
    await refused('/api/positive/new?sort=idCard', '不支持按该字段排序');
    await refused('/api/follow-up/task?sort=title', '不支持按该字段排序');
    await refused('/api/phr/check?sort=provider', '不支持按该字段排序');
    await refused('/api/oplog?sort=username', '不支持按该字段排序');
  });

  it('sorts 随访计划, 新增阳性, 体检数据 and 操作日志 on their sortable columns', async () => {
    const plans = (await list('/api/follow-up/task?pageSize=200&sort=nextDate&order=desc')).records;
    expect(plans.length).toBeGreaterThan(1);
    sortedDesc(column(plans, 'nextDate'));
    sortedAsc(column((await list('/api/positive/new?pageSize=200&status=1&sort=level&order=asc')).records, 'level'));
    sortedDesc(column((await list('/api/positive/new?pageSize=200&status=1&sort=year&order=desc')).records, 'year'));
    sortedAsc(column((await list('/api/phr/check?pageSize=200&sort=checkDate&order=asc')).records, 'checkDate'));
    const oplog = async (q: string) =>
      (await list(`/api/oplog?pageSize=50${q}`, t.token.admin)).records.map((r) => Number(r.id));
    const oldest = await oplog('&sort=at&order=asc');
    expect(oldest.length).toBeGreaterThan(1);
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    const newest = await oplog('');
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('narrows 阳性任务 and 随访计划 to one record with id, within the account scope only', async () => {
    const [task] = (await list('/api/positive/task?pageSize=1')).records;
    const one = await list(`/api/positive/task?id=${task.id}`);
    expect(one.total).toBe(1);
    expect(one.records.map((r) => Number(r.id))).toEqual([Number(task.id)]);
    // A task the staff account (采油一厂) may not see: the company-wide expert sees it, the list narrowed to it is empty.
    const outside = await t.scalar(
      `SELECT t.id FROM positive_tasks t JOIN employees e ON e.id = t.employee_id JOIN units u ON u.id = e.unit_id
        WHERE u.path NOT LIKE (SELECT path FROM units WHERE short_name = '采油一厂') || '%' ORDER BY t.id LIMIT 1`,
    );
    expect((await list(`/api/positive/task?id=${outside}`, t.token.expert)).total).toBe(1);
    expect(await list(`/api/positive/task?id=${outside}`)).toEqual({ total: 0, records: [] });

    const [plan] = (await list('/api/follow-up/task?pageSize=1')).records;
    const plans = await list(`/api/follow-up/task?id=${plan.id}`);
    expect(plans.records.map((r) => Number(r.id))).toEqual([Number(plan.id)]);
    await refused('/api/positive/task?id=abc', '任务');
    await refused('/api/follow-up/task?id=-1', '随访计划');
  });
});
