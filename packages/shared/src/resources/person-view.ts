import { type FieldDef, field, type ViewJoin } from './define-resource';
import { SEX_OPTIONS } from './options';

/**
 * What every person-scoped view (findings, tasks, follow-ups, packages, checks…) joins and shows about its
 * person: the employee `e` of `t.employee_id` and their unit `u`; the name (searched by contains), the unit
 * (filtered by subtree) and the unit's short name. Spread into a declaration's `joins` and `fields`.
 */
export const PERSON_JOINS: ViewJoin[] = [
  { alias: 'e', sql: 'JOIN employees e ON e.id = t.employee_id' },
  { alias: 'u', sql: 'JOIN units u ON u.id = e.unit_id', needs: 'e' },
];

export const personFields = () =>
  ({
    name: field.computed({ label: '姓名', sql: 'e.name', list: true, filter: 'contains' }),
    unitId: field.computed({ label: '单位', sql: 'e.unit_id', filter: 'inTree', hideInExport: true }),
    unitName: field.computed({ label: '单位', sql: 'u.short_name', list: true }),
  }) satisfies Record<string, FieldDef>;

/**
 * The head of a person's work list (findings, tasks, follow-ups, packages): scoped by the employee in
 * `employeeId`, rows never soft-deleted (they end by their state). Spread into the declaration.
 */
export const PERSON_WORK_LIST = { scope: 'person', personField: 'employeeId', softDelete: false } as const;

/** A work list's employee (filterable by id, set by the server) followed by personFields(). */
export const personWorkFields = () =>
  ({
    employeeId: field.employee({ label: '员工', filter: 'eq', hideInForm: true }),
    ...personFields(),
  }) satisfies Record<string, FieldDef>;

/** The person's sex (listed) and birthday (detail only), for views that show who the row is about. */
export const personSexBirthday = () =>
  ({
    sex: field.computed({ label: '性别', sql: 'e.sex', options: SEX_OPTIONS, list: true }),
    birthday: field.computed({ label: '出生日期', sql: "to_char(e.birthday, 'YYYY-MM-DD')", hideInExport: true }),
  }) satisfies Record<string, FieldDef>;
