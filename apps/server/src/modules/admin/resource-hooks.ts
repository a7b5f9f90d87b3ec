import { randomBytes } from 'node:crypto';
import { ID_CARD_MESSAGES, idCardInfo, idCardProblem, passwordSchema, USER_TYPES } from '@peis/shared';
import type { ResourceHooks, Row } from '../../crud/crud-repository';
import type { Queryable } from '../../db/client';
import { fieldError, forbidden } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { employeeScopeSql, unitInScope } from '../../lib/scope';
import type { SessionUser } from '../../plugins/auth';

async function unitPath(q: Queryable, id: unknown): Promise<string | null> {
  const { rows } = await q.query<{ path: string }>('SELECT path FROM units WHERE id = $1 AND deleted_at IS NULL', [id]);
  return rows[0]?.path ?? null;
}

/** An employee the account may reach, or a 400 on the field. */
async function employeeInScope(q: Queryable, user: SessionUser, id: unknown, path: string) {
  const params: unknown[] = [id];
  const { rows } = await q.query<{ id: number; name: string; unit_id: number }>(
    `SELECT t.id, t.name, t.unit_id FROM employees t
      WHERE t.id = $1 AND t.deleted_at IS NULL AND ${employeeScopeSql(user, 't.id', params)}`,
    params,
  );
  if (!rows[0]) throw fieldError(path, '员工不存在或不在账号的单位范围内');
  return rows[0];
}

/** Employee accounts: the ID number is checked by GB 11643 and gives sex and birthday. */
export const accountHooks: ResourceHooks = {
  scopeWhere: (user, params, alias) =>
    user.userType === USER_TYPES.employee ? employeeScopeSql(user, `${alias}.id`, params) : 'TRUE',
  async beforeWrite({ values, mode }) {
    if (mode === 'update') return undefined; // the ID number is immutable
    const id = String(values.idCard).toUpperCase();
    const problem = idCardProblem(id);
    if (problem) throw fieldError('idCard', ID_CARD_MESSAGES[problem]);
    values.idCard = id;
    const info = idCardInfo(id);
    return { sex: info.sex, birthday: info.birthday };
  },
  async deleteBlocked(q, existing) {
    const { rows } = await q.query('SELECT 1 FROM users WHERE employee_id = $1 AND deleted_at IS NULL AND enabled', [
      existing.id,
    ]);
    return rows[0] ? '该员工有启用中的登录账号，请先停用账号' : null;
  },
};

/** Console accounts: userType follows the role, the password is hashed, and nobody escalates past themselves. */
export const userHooks: ResourceHooks = {
  toRecord: (rec: Row) => ({
    ...rec,
    scopeKind: rec.unitId == null ? 'company' : 'unit',
    // 管理单位 of a company-wide account says so in lists and details instead of staying blank.
    unitIdName: rec.unitId == null ? '全公司' : rec.unitIdName,
    data: { phone: rec.phone ?? '' },
  }),
  async beforeWrite({ q, user, values, mode, existing }) {
    const { rows: roles } = await q.query<{ user_type: number }>(
      'SELECT user_type FROM roles WHERE id = $1 AND deleted_at IS NULL',
      [values.roleId],
    );
    if (!roles[0]) throw fieldError('roleId', '角色不存在');
    const userType = roles[0].user_type;
    // 管理范围 is an explicit choice: 全公司 clears the unit; 指定单位 needs one (never "empty = everything").
    const extra: Row = { user_type: userType };
    if (values.scopeKind === 'company') {
      // An administrator limited to a unit cannot create company-wide accounts.
      if (user.unitPath !== null) throw fieldError('scopeKind', '账号限定在本单位范围内，不能设置全公司的管理范围');
      extra.unit_id = null;
    } else if (values.scopeKind === 'unit') {
      if (values.unitId == null) throw fieldError('unitId', '请选择管理单位');
    } else {
      throw fieldError('scopeKind', '请选择管理范围');
    }
    if (userType === USER_TYPES.employee) {
      if (values.employeeId == null) throw fieldError('employeeId', '普通员工账号必须关联员工本人');
      await employeeInScope(q, user, values.employeeId, 'employeeId');
    }
    if (mode === 'update' && existing && Number(existing.id) === user.id && values.enabled === false) {
      throw fieldError('enabled', '不能停用自己的账号');
    }
    if (mode === 'create') {
      const parsed = passwordSchema.safeParse(values.initialPassword);
      if (!parsed.success) throw fieldError('initialPassword', parsed.error.issues[0].message);
      extra.password_hash = await hashPassword(parsed.data);
      // The administrator knows this password: the account changes it at its first sign-in.
      extra.must_change_password = true;
      extra.openid = `o${randomBytes(20).toString('base64url').slice(0, 27)}`;
    }
    return extra;
  },
  async afterWrite({ q, mode, values, record }) {
    // A disabled account is signed out at once.
    if (mode === 'update' && values.enabled === false) {
      await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [record.id]);
    }
  },
};

export const roleHooks: ResourceHooks = {
  extraSelect: (alias) => [`${alias}.menus AS "menus"`, `${alias}.buttons AS "buttons"`],
  async deleteBlocked(q, existing) {
    const { rows } = await q.query('SELECT 1 FROM users WHERE role_id = $1 AND deleted_at IS NULL LIMIT 1', [
      existing.id,
    ]);
    return rows[0] ? '该角色下还有用户，不能删除' : null;
  },
};

/** Units: the path follows the parent; a unit cannot move under itself; scope is the subtree. */
export const unitHooks: ResourceHooks = {
  scopeWhere: (user, params, alias) => {
    if (user.unitPath === null) return 'TRUE';
    params.push(`${user.unitPath}%`);
    return `${alias}.path LIKE $${params.length}`;
  },
  async beforeWrite({ q, user, values, existing }) {
    // Only the root has no parent, and only a company-wide administrator edits it.
    if (values.parentId == null) {
      if (existing && existing.parentId == null && user.unitPath === null) return undefined;
      throw fieldError('parentId', '必填项');
    }
    const parentPath = await unitPath(q, values.parentId);
    if (!parentPath) throw fieldError('parentId', '上级单位不存在');
    if (!unitInScope(user, parentPath)) throw forbidden('不能在账号单位范围以外建立单位');
    if (existing) {
      const own = await unitPath(q, existing.id);
      if (own && parentPath.startsWith(own)) throw fieldError('parentId', '不能移动到自身或下级单位之下');
    }
    return undefined;
  },
  async afterWrite({ q, record }) {
    const parentPath = record.parentId == null ? '/' : await unitPath(q, record.parentId);
    const { rows } = await q.query<{ path: string }>('SELECT path FROM units WHERE id = $1', [record.id]);
    const old = rows[0].path;
    const path = `${parentPath}${record.id}/`;
    if (old === path) return;
    // A new unit gets its path; a moved one carries its whole subtree along (their paths share its prefix).
    if (!old) await q.query('UPDATE units SET path = $1 WHERE id = $2', [path, record.id]);
    else
      await q.query(`UPDATE units SET path = $1 || substr(path, length($2) + 1) WHERE path LIKE $2 || '%'`, [
        path,
        old,
      ]);
  },
  async deleteBlocked(q, existing) {
    const id = existing.id;
    const checks: [string, string][] = [
      ['SELECT 1 FROM units WHERE parent_id = $1 AND deleted_at IS NULL LIMIT 1', '该单位下还有下级单位，不能删除'],
      ['SELECT 1 FROM employees WHERE unit_id = $1 AND deleted_at IS NULL LIMIT 1', '该单位下还有员工，不能删除'],
      ['SELECT 1 FROM users WHERE unit_id = $1 AND deleted_at IS NULL LIMIT 1', '该单位下还有用户账号，不能删除'],
    ];
    for (const [sql, reason] of checks) if ((await q.query(sql, [id])).rows[0]) return reason;
    return null;
  },
};

/** Insurance: the employee decides the unit (and so the scope) and the name shown in lists. */
export const insuranceHooks: ResourceHooks = {
  async beforeWrite({ q, user, values, mode, existing }) {
    const employeeId = mode === 'update' && existing ? existing.employeeId : values.employeeId;
    const employee = await employeeInScope(q, user, employeeId, 'employeeId');
    if (String(values.endDate) < String(values.startDate)) throw fieldError('endDate', '终止日期不能早于起保日期');
    return { unit_id: employee.unit_id, employee_name: employee.name };
  },
};

export const helpHooks: ResourceHooks = {
  async beforeWrite({ user }) {
    return { updated_by: user.name };
  },
};

export const targetHooks: ResourceHooks = {
  async beforeWrite({ values }) {
    if (Number(values.ageMax) < Number(values.ageMin)) throw fieldError('ageMax', '最大年龄不能小于最小年龄');
    if (Number(values.plausibleMax) <= Number(values.plausibleMin)) {
      throw fieldError('plausibleMax', '合理最大值应大于合理最小值');
    }
    if (values.refLow != null && values.refHigh != null && Number(values.refHigh) < Number(values.refLow)) {
      throw fieldError('refHigh', '参考上限不能小于参考下限');
    }
    return undefined;
  },
};
