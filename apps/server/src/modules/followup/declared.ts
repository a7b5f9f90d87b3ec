import { ageOn, followUpPlanResource, servicePackageResource, USER_TYPES } from '@peis/shared';
import type { ActionEffects, ActionTarget } from '../../crud/actions';
import { CrudRepository, type ListQuery, type Row } from '../../crud/crud-repository';
import { todayInChina } from '../../lib/dates';
import { AppError, badRequest, fieldError } from '../../lib/errors';
import { listCount, onlyFilters } from '../../lib/paging';
import type { SessionUser } from '../../plugins/auth';

/** The server side of the follow-up plan and service package declarations: repositories and action effects. */

const num = (v: string | undefined) => (v ? Number(v) : undefined);
/** The maintained count serves a list only when no other filter narrows it, and never a staff account's own rows. */
const countable = (user: SessionUser, query: ListQuery, keys: string[]) =>
  user.userType !== USER_TYPES.employee && onlyFilters(query.filters, keys);
/** The employee field's name and unit: these lists answer them as `name` and `unitName`, as before. */
const withoutEmployeeNames = ({ employeeIdName: _n, employeeIdUnitName: _u, ...rec }: Row): Row => rec;

export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** 随访计划: open plans first, by next date (the order of follow_up_plans_list_idx). */
export class PlanRepository extends CrudRepository {
  constructor() {
    super(followUpPlanResource, {
      toRecord: withoutEmployeeNames,
      // Scope and status are the maintained count's keys.
      listCount: (q, user, query) =>
        countable(user, query, ['status']) ? listCount(q, 'plans', user, { k1: num(query.filters.status) }) : null,
    });
  }
  override orderBy(query: Pick<ListQuery, 'sort' | 'order'>): string {
    return query.sort ? super.orderBy(query) : 't.status, t.next_date, t.id';
  }
}

/** 健康服务包: unsigned first, higher level first (the order of service_contracts_list_idx); age as of today. */
export class PackageRepository extends CrudRepository {
  constructor() {
    super(servicePackageResource, {
      toRecord: (r) => ({ ...withoutEmployeeNames(r), age: ageOn(r.birthday as string) }),
      // Scope, unit, year and status are the maintained count's keys.
      listCount: (q, user, query) =>
        countable(user, query, ['year', 'status', 'unitId'])
          ? listCount(q, 'contracts', user, {
              unitId: num(query.filters.unitId),
              k1: num(query.filters.year),
              k2: num(query.filters.status),
            })
          : null,
    });
  }
  override orderBy(query: Pick<ListQuery, 'sort' | 'order'>): string {
    return query.sort ? super.orderBy(query) : 't.status, t.level DESC, t.id';
  }
}

/**
 * 记录随访: the visit is stored and the next date follows the plan's interval; a next date past the plan's
 * end date ends the plan (the effect sets the state: the action declares no `to`).
 */
const planEffects: ActionEffects = {
  async record({ q, user, record, values }) {
    const followDate = String(values.followDate);
    if (followDate > todayInChina()) throw fieldError('followDate', '随访日期不能晚于今天');
    await q.query(
      `INSERT INTO follow_up_records (plan_id, employee_id, follow_date, method, outcome, note, created_by)
       VALUES ($1, $2, $3::date, $4, $5, $6, $7)`,
      [record.id, record.employeeId, followDate, values.method, values.outcome, values.note ?? null, user.id],
    );
    const nextDate = addDays(followDate, Number(record.frequencyDays));
    const status = record.endDate && nextDate > String(record.endDate) ? 2 : 1;
    await q.query('UPDATE follow_up_plans SET next_date = $2::date, status = $3 WHERE id = $1', [
      record.id,
      nextDate,
      status,
    ]);
    return { nextDate, status };
  },
};

/** 签约 and 完成 stamp their time. */
const stamp =
  (column: 'signed_at' | 'completed_at'): ActionEffects[string] =>
  async ({ q, record }) => {
    await q.query(`UPDATE service_contracts SET ${column} = now() WHERE id = $1`, [record.id]);
  };
const packageEffects: ActionEffects = { sign: stamp('signed_at'), complete: stamp('completed_at') };

export const plans = new PlanRepository();
export const packages = new PackageRepository();
export const planTarget: ActionTarget = { def: followUpPlanResource, repo: plans, effects: planEffects };
export const packageTarget: ActionTarget = { def: servicePackageResource, repo: packages, effects: packageEffects };

/**
 * The legacy URLs answer a refused transition with their 400 of before (the declared action URLs answer 409
 * with the current state); a stale version stays a 409.
 */
export const asLegacyRefusal =
  (message: string) =>
  (e: unknown): never => {
    if (e instanceof AppError && e.statusCode === 409 && e.data) throw badRequest(message);
    throw e;
  };
