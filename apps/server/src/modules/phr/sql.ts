import { ageOn, maskIdCard, maskMobile, USER_TYPES } from '@peis/shared';
import type { Queryable } from '../../db/client';
import { employeeRowScopeSql, joinsFor, type ListJoin, listCountsByUnit, onlyFilters, paged } from '../../lib/paging';
import { employeeScopeSql, unitScopeSql, unitSubtreeSql } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';
import type { ListFilters, TransferQuery } from './schemas';
import { recordPage } from './service';

/** WHERE of the record list: scope (a regular employee only themselves) and the search filters. */
function listWhere(user: SessionUser, f: Partial<ListFilters>, params: unknown[]): string {
  const where = ['e.deleted_at IS NULL', employeeRowScopeSql(user, 'e', params)];
  const add = (cond: string, v: unknown) => {
    params.push(v);
    where.push(cond.replaceAll('?', `$${params.length}`));
  };
  if (f.unitId) where.push(unitSubtreeSql('e.unit_id', f.unitId, params));
  if (f.name) add('e.name ILIKE ?', `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.idCard) add('e.id_card = ?', f.idCard.toUpperCase());
  if (f.sex) add('e.sex = ?', f.sex);
  // Age in whole years today: born on or before today minus N years.
  if (f.ageFrom !== undefined) add(`e.birthday <= (current_date - make_interval(years => ?))`, f.ageFrom);
  if (f.ageTo !== undefined) add(`e.birthday > (current_date - make_interval(years => ? + 1))`, f.ageTo);
  if (f.complete === 'true') where.push('r.complete');
  if (f.complete === 'false') where.push('(r.complete IS NOT TRUE)');
  if (f.hasRecord === 'true') where.push('r.employee_id IS NOT NULL');
  if (f.hasRecord === 'false') where.push('r.employee_id IS NULL');
  if (f.riskLevel) add('pt.risk_level = ?', f.riskLevel);
  if (f.disease) {
    if (f.disease.includes(':')) add('? = ANY(pt.diseases)', f.disease);
    else add(`EXISTS (SELECT 1 FROM unnest(pt.diseases) d WHERE d LIKE ? || ':%')`, f.disease);
  }
  return where.join(' AND ');
}

const LIST_SELECT = `e.id, e.name, e.sex, to_char(e.birthday, 'YYYY-MM-DD') AS birthday, e.id_card AS "idCard", e.mobile,
  e.unit_id AS "unitId", u.short_name AS "unitName", r.employee_id IS NOT NULL AS "hasRecord",
  coalesce(r.complete, false) AS complete, coalesce(r.missing, '{}') AS missing, r.version,
  to_char(r.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt", ru.name AS "responsibleName",
  pt.year AS "tagYear", pt.risk_level AS "riskLevel", pt.diseases, sc.level AS "contractLevel"`;
// Each join matches one row (units) or at most one, so the count and the page's keys need only the joins
// the filters refer to (paged(), recordPage()).
const LIST_JOINS: ListJoin[] = [
  { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id' },
  { alias: 'r', sql: 'LEFT JOIN health_records r ON r.employee_id = e.id' },
  { alias: 'ru', sql: 'LEFT JOIN users ru ON ru.id = e.responsible_user_id' },
  // Tags of the latest year that has any (the year's checks are all loaded by then).
  {
    alias: 'pt',
    sql: 'LEFT JOIN person_tags pt ON pt.employee_id = e.id AND pt.year = (SELECT max(year) FROM person_tags)',
  },
  { alias: 'sc', sql: 'LEFT JOIN service_contracts sc ON sc.employee_id = e.id AND sc.year = pt.year', needs: 'pt' },
];
const LIST_FROM = `employees e ${LIST_JOINS.map((j) => j.sql).join(' ')}`;

interface ListRow {
  id: number;
  name: string;
  sex: number;
  birthday: string;
  idCard: string;
  mobile: string | null;
  hasRecord: boolean;
  complete: boolean;
  missing: string[];
  [key: string]: unknown;
}
/** SPEC §3 tag object: level tags (disease:level), the audience tag (risk level), the user-level tag (service package). */
const tagsOf = (r: ListRow) =>
  r.riskLevel
    ? {
        level_tag: (r.diseases as string[]) ?? [],
        audience_tag: r.riskLevel as string,
        user_level_tag: r.contractLevel ? `${r.contractLevel}级服务包` : '',
      }
    : undefined;

/** A list row as answered: age, the ID and mobile numbers masked, the SPEC §3 tags. */
export const listRecord = (r: ListRow) => ({
  ...r,
  age: ageOn(r.birthday),
  idCard: maskIdCard(r.idCard),
  mobile: maskMobile(r.mobile),
  missing: r.missing,
  tags: tagsOf(r),
});

/** 档案列表: one page of the employees in scope with their record's state, in unit order. */
export async function phrPage(db: Queryable, user: SessionUser, f: ListFilters) {
  const params: unknown[] = [];
  const where = listWhere(user, f, params);
  const { total, records } = await recordPage<ListRow>(
    db,
    {
      select: LIST_SELECT,
      from: LIST_FROM,
      countFrom: joinsFor('employees e', LIST_JOINS, where),
      where,
      // No filter but the unit: the maintained count of live employees per unit.
      unitCounts:
        user.userType !== USER_TYPES.employee && onlyFilters(f, ['unitId'])
          ? () => listCountsByUnit(db, 'employees', user, { unitId: f.unitId })
          : undefined,
    },
    params,
    f,
  );
  return { total, records: records.map(listRecord) };
}

/** The export's batches: the list's rows in id order after `afterId`, as answered. */
export function exportBatches(db: Queryable, user: SessionUser, f: ListFilters) {
  const params: unknown[] = [];
  const where = listWhere(user, f, params);
  return async (afterId: number, limit: number) => {
    const p = [...params, afterId, limit];
    const { rows } = await db.query<ListRow>(
      `SELECT ${LIST_SELECT} FROM ${LIST_FROM} WHERE ${where} AND e.id > $${p.length - 1} ORDER BY e.id LIMIT $${p.length}`,
      p,
    );
    return rows.map(listRecord);
  };
}

/** 建档进度: per unit in scope (under the chosen unit), employees, records and complete records. */
export async function progressByUnit(db: Queryable, user: SessionUser, unitId: number | undefined) {
  const params: unknown[] = [];
  const scope = unitScopeSql(user, 'u.id', params);
  const under = unitId ? unitSubtreeSql('u.id', unitId, params) : 'TRUE';
  const { rows } = await db.query<{ employees: number; records: number; complete: number }>(
    `SELECT u.id AS "unitId", u.short_name AS "unitName", count(e.id)::int AS employees,
            count(r.employee_id)::int AS records, count(*) FILTER (WHERE r.complete)::int AS complete
       FROM units u JOIN employees e ON e.unit_id = u.id AND e.deleted_at IS NULL
       LEFT JOIN health_records r ON r.employee_id = e.id
      WHERE u.deleted_at IS NULL AND ${scope} AND ${under}
      GROUP BY u.id, u.short_name, u.path, u.sort_order ORDER BY u.path`,
    params,
  );
  return rows.map((row) => ({ ...row, rate: row.employees ? Math.round((row.complete / row.employees) * 100) : 0 }));
}

/** 某单位未完成的档案: a page of one unit's employees in scope whose record is missing or incomplete. */
export async function incompletePage(
  db: Queryable,
  user: SessionUser,
  f: { unitId: number; page: number; pageSize: number },
) {
  const params: unknown[] = [f.unitId];
  const where = `e.unit_id = $1 AND ${listWhere(user, { complete: 'false' }, params)}`;
  const { total, records } = await paged<ListRow>(
    db,
    { select: LIST_SELECT, from: { base: 'employees e', key: 'e.id', joins: LIST_JOINS }, where, order: 'e.id' },
    params,
    f,
  );
  return { total, records: records.map(listRecord) };
}

/** 档案转移记录: a page of the transfers of employees in scope, newest first. */
export async function transferPage(db: Queryable, user: SessionUser, f: TransferQuery) {
  const params: unknown[] = [];
  const where = [employeeScopeSql(user, 't.employee_id', params)];
  if (f.name) {
    params.push(`%${f.name}%`);
    where.push(`e.name ILIKE $${params.length}`);
  }
  return paged(
    db,
    {
      select: `t.id, e.name AS "employeeName", fu.short_name AS "fromUnitName", tu.short_name AS "toUnitName",
            fuser.name AS "fromUserName", tuser.name AS "toUserName", t.reason, c.name AS "createdBy",
            to_char(t.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"`,
      from: {
        base: 'phr_transfers t',
        key: 't.id',
        joins: [
          { alias: 'e', sql: 'JOIN employees e ON e.id = t.employee_id' },
          { alias: 'fu', sql: 'JOIN units fu ON fu.id = t.from_unit_id' },
          { alias: 'tu', sql: 'JOIN units tu ON tu.id = t.to_unit_id' },
          { alias: 'fuser', sql: 'LEFT JOIN users fuser ON fuser.id = t.from_user_id' },
          { alias: 'tuser', sql: 'LEFT JOIN users tuser ON tuser.id = t.to_user_id' },
          { alias: 'c', sql: 'LEFT JOIN users c ON c.id = t.created_by' },
        ],
      },
      where,
      order: 't.id DESC',
    },
    params,
    f,
  );
}
