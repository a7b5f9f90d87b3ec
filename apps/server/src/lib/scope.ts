import type { SessionUser } from '../plugins/auth';

/**
 * SQL condition limiting `unitColumn` to the account's unit subtree. Appends its parameter to `params`
 * and returns 'TRUE' for an account that sees the whole company.
 */
export function unitScopeSql(user: SessionUser, unitColumn: string, params: unknown[]): string {
  if (user.unitPath === null) return 'TRUE';
  params.push(`${user.unitPath}%`);
  return `${unitColumn} IN (SELECT id FROM units WHERE path LIKE $${params.length} AND deleted_at IS NULL)`;
}

/**
 * SQL condition limiting `employeeColumn` to what the account may reach: a regular staff account only its
 * own employee, everyone else the employees of its unit subtree.
 */
export function employeeScopeSql(user: SessionUser, employeeColumn: string, params: unknown[]): string {
  if (user.userType === 4) {
    params.push(user.employeeId ?? -1);
    return `${employeeColumn} = $${params.length}`;
  }
  if (user.unitPath === null) return 'TRUE';
  const units = unitScopeSql(user, 'e_scope.unit_id', params);
  return `${employeeColumn} IN (SELECT e_scope.id FROM employees e_scope WHERE ${units})`;
}

/** Whether a unit (by its path) lies inside the account's scope. */
export function unitInScope(user: SessionUser, unitPath: string): boolean {
  return user.unitPath === null || unitPath.startsWith(user.unitPath);
}

/**
 * SQL condition for a unit filter: `unitColumn` within the subtree of the chosen unit `unitId` (the unit and
 * everything below it). Appends its parameter to `params`.
 */
export function unitSubtreeSql(unitColumn: string, unitId: number, params: unknown[]): string {
  params.push(unitId);
  return `${unitColumn} IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE id = $${params.length}) || '%')`;
}
