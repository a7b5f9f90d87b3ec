import {
  ageOn,
  compileRule,
  ExpressionError,
  evaluate,
  expressionVariables,
  positiveFindingResource,
  positiveTaskResource,
  USER_TYPES,
  validateExpression,
} from '@peis/shared';
import type { ActionEffect, ActionEffects } from '../../crud/actions';
import { CrudRepository, type ListQuery, type ResourceHooks } from '../../crud/crud-repository';
import type { Queryable } from '../../db/client';
import { todayInChina } from '../../lib/dates';
import { AppError, badRequest, fieldError } from '../../lib/errors';
import { listCount, onlyFilters } from '../../lib/paging';
import type { SessionUser } from '../../plugins/auth';
import type { EvaluationJobs } from './jobs';
import { checkAssignee, insertTask, knownCodes, latestChecks, markFindingHandled, writeLog } from './sql';

/** Rules: expression checks before a write, and a background re-evaluation after every change. */
export function ruleHooks(jobs: EvaluationJobs): ResourceHooks {
  return {
    async beforeWrite({ q, values }) {
      await checkExpression(q, String(values.judge));
      if (Number(values.ageMax) < Number(values.ageMin)) throw fieldError('ageMax', '最大年龄不能小于最小年龄');
      return undefined;
    },
    async afterWrite({ q, record, mode }) {
      await jobs.enqueue(q, mode === 'create' ? '新增规则' : '修改规则', [Number(record.id)]);
      jobs.kick();
    },
    async afterRemoveOrRestore({ q, record, removed }) {
      await jobs.enqueue(q, removed ? '删除规则' : '恢复规则', [Number(record.id)]);
      jobs.kick();
    },
  };
}

/** A rule's expression over the known indicator codes; a mistake is a field error on 判定条件. */
async function checkExpression(q: Queryable, judge: string) {
  try {
    validateExpression(judge, await knownCodes(q));
  } catch (e) {
    if (e instanceof ExpressionError) throw fieldError('judge', e.message);
    throw e;
  }
}

export interface PreviewInput {
  judge: string;
  gender: number;
  ageMin: number;
  ageMax: number;
  year: number;
}

/** How many people of the account's scope a rule would match in a year, with a sample of 20. */
export async function previewRule(q: Queryable, user: SessionUser, b: PreviewInput) {
  await checkExpression(q, b.judge);
  const rule = compileRule({
    names: '预览',
    gender: b.gender as 0 | 1 | 2,
    ageMin: b.ageMin,
    ageMax: b.ageMax,
    libraryName: '',
    levels: 1,
    judge: b.judge,
  });
  const rows = await latestChecks(q, user, b.year);
  const codes = [...expressionVariables(rule.tree).keys()];
  const matched = rows.filter((row) => {
    if (b.gender !== 0 && row.sex !== b.gender) return false;
    const age = ageOn(row.birthday, new Date(`${row.check_date}T00:00:00`));
    return age >= b.ageMin && age <= b.ageMax && evaluate(rule.tree, row.values);
  });
  return {
    total: rows.length,
    count: matched.length,
    sample: matched.slice(0, 20).map((m) => ({
      employeeId: Number(m.employee_id),
      name: m.name,
      unitName: m.unit_name,
      checkDate: m.check_date,
      values: Object.fromEntries(codes.map((c) => [c, m.values[c] ?? null])),
    })),
  };
}

/**
 * A maintained count (list_counts) for a list filtered by its count's keys only; a regular staff account
 * counts its own rows (no maintained count).
 */
function maintainedCount(list: string, keys: [string, string?]): NonNullable<ResourceHooks['listCount']> {
  return (q, user, query) => {
    if (
      user.userType === USER_TYPES.employee ||
      !onlyFilters(query.filters, ['unitId', ...keys.filter((k): k is string => !!k)])
    )
      return null;
    const num = (k?: string) => (k && query.filters[k] ? Number(query.filters[k]) : undefined);
    return listCount(q, list, user, { unitId: num('unitId'), k1: num(keys[0]), k2: num(keys[1]) });
  };
}

/** 新增阳性: higher level first, newest first (the order of positive_findings_list_idx). */
export class FindingRepository extends CrudRepository {
  constructor() {
    super(positiveFindingResource, {
      listCount: maintainedCount('findings', ['status', 'year']),
      toRecord: (r) => ({ ...r, age: ageOn(r.birthday as string) }),
    });
  }
  override orderBy(query: Pick<ListQuery, 'sort' | 'order'>): string {
    return query.sort ? super.orderBy(query) : 't.level DESC, t.id DESC';
  }
}

/** 阳性任务: open ones first, soonest due first (the order of positive_tasks_list_idx). */
export class TaskRepository extends CrudRepository {
  constructor() {
    super(positiveTaskResource, { listCount: maintainedCount('tasks', ['status']) });
  }
  override orderBy(query: Pick<ListQuery, 'sort' | 'order'>): string {
    return query.sort ? super.orderBy(query) : 't.status, t.due_date, t.id';
  }
}

/** A new due date is today or later. */
function checkDueDate(dueDate: unknown) {
  if (String(dueDate) < todayInChina()) throw fieldError('dueDate', '截止日期不能早于今天');
}

/** Findings: 确认 hands the person a task (with its log), 排除 records the reason. */
export const findingEffects: ActionEffects = {
  async confirm({ q, user, record, values }) {
    checkDueDate(values.dueDate);
    await checkAssignee(q, values.assigneeId);
    await markFindingHandled(q, record.id, user.id, values.note);
    const base = { findingId: record.id, employeeId: record.employeeId, by: user.id };
    const taskId = await insertTask(q, { ...base, assigneeId: values.assigneeId, dueDate: values.dueDate });
    await writeLog(q, { ...base, taskId, action: 'confirm', note: (values.note as string) ?? '确认阳性并派发任务' });
    return { taskId };
  },
  async dismiss({ q, user, record, values }) {
    await markFindingHandled(q, record.id, user.id, values.note);
    const note = values.note as string;
    await writeLog(q, { findingId: record.id, employeeId: record.employeeId, action: 'dismiss', note, by: user.id });
  },
};

/** A handling of a task: logged with its note; 结案 also stamps the completion time. */
const handle: ActionEffect = async ({ q, user, record, values, action }) => {
  if (action === 'close') await q.query('UPDATE positive_tasks SET completed_at = now() WHERE id = $1', [record.id]);
  await writeLog(q, {
    findingId: record.findingId,
    taskId: record.id,
    employeeId: record.employeeId,
    action,
    note: values.note as string,
    by: user.id,
  });
};

export const taskEffects: ActionEffects = {
  phone: handle,
  notice: handle,
  referral: handle,
  recheck: handle,
  close: handle,
  cancel: handle,
  async assign({ q, user, record, values }) {
    checkDueDate(values.dueDate);
    await checkAssignee(q, values.assigneeId);
    await q.query('UPDATE positive_tasks SET assignee_id = $2, due_date = $3::date WHERE id = $1', [
      record.id,
      values.assigneeId,
      values.dueDate,
    ]);
    await writeLog(q, {
      findingId: record.findingId,
      taskId: record.id,
      employeeId: record.employeeId,
      action: 'assign',
      note: `处理人/截止日期调整为 ${values.dueDate}`,
      by: user.id,
    });
  },
};

/**
 * The legacy URLs answer a refused transition (and a row out of reach) with their 400 of before; the
 * declared action URLs answer 409 with the current state.
 */
export function asLegacyRefusal(message: string, statuses: number[] = [409]) {
  return (e: unknown): never => {
    if (e instanceof AppError && statuses.includes(e.statusCode) && (e.statusCode !== 409 || e.data)) {
      throw badRequest(message);
    }
    throw e;
  };
}
