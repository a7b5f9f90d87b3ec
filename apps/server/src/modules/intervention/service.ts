import {
  ACTION_KIND,
  ExpressionError,
  expressionVariables,
  interventionModelResource,
  interventionTaskResource,
  type ModelActions,
  type Node,
  planActions,
  taskDueDate,
  validateCondition,
} from '@peis/shared';
import type { FastifyRequest } from 'fastify';
import type { ActionEffects } from '../../crud/actions';
import { CrudRepository, type ListQuery, type ResourceHooks, type Row } from '../../crud/crud-repository';
import type { Queryable } from '../../db/client';
import { todayInChina } from '../../lib/dates';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors';
import { employeeRowScopeSql } from '../../lib/paging';
import { knownCodes } from '../../lib/rule-evaluation';
import { writeAudit } from '../../plugins/audit';
import type { SessionUser } from '../../plugins/auth';
import { type PopulationScope, populationSql, valuesSql } from './condition-sql';
import { actionRefSql, draftPrescriptions, type Prescriber } from './prescriptions';

/** A model as saved: what a version's snapshot holds and a run works from. */
export interface ModelSnapshot extends ModelActions {
  name: string;
  condition: string;
  description: string | null;
  enabled: boolean;
}

const snapshotOf = (r: Row): ModelSnapshot => ({
  name: String(r.name),
  condition: String(r.condition),
  description: (r.description as string | null) ?? null,
  enabled: Boolean(r.enabled),
  durationMonths: Number(r.durationMonths),
  dietRx: Boolean(r.dietRx),
  fitnessRx: Boolean(r.fitnessRx),
  followMethod: r.followMethod == null ? null : Number(r.followMethod),
  followEveryMonths: r.followEveryMonths == null ? null : Number(r.followEveryMonths),
  followForMonths: r.followForMonths == null ? null : Number(r.followForMonths),
  education: ((r.education as Row[] | undefined) ?? []).map((e) => ({
    title: String(e.title),
    content: (e.content as string | null) ?? null,
  })),
});

/** A condition over the known codes; a mistake is a field error on 触发条件 naming its position. */
export async function checkCondition(q: Queryable, condition: string, path = 'condition'): Promise<Node> {
  try {
    return validateCondition(condition, await knownCodes(q));
  } catch (e) {
    if (e instanceof ExpressionError) throw fieldError(path, e.message);
    throw e;
  }
}

/** Writes a model's next version (1, 2, 3… per model) with what was saved; answers its number. */
export async function saveModelVersion(
  q: Queryable,
  modelId: number,
  snapshot: ModelSnapshot,
  userId: number | null,
): Promise<number> {
  const { rows } = await q.query<{ version: number }>(
    `INSERT INTO intervention_model_versions (model_id, version, snapshot, created_by)
     SELECT $1, coalesce(max(version), 0) + 1, $2::jsonb, $3 FROM intervention_model_versions WHERE model_id = $1
     RETURNING version`,
    [modelId, JSON.stringify(snapshot), userId],
  );
  return rows[0].version;
}

/** Models: the condition and the actions checked before a write; every save becomes a numbered version. */
export const modelHooks: ResourceHooks = {
  async beforeWrite({ q, values }) {
    await checkCondition(q, String(values.condition ?? ''));
    const method = values.followMethod;
    const every = values.followEveryMonths as number | null | undefined;
    const span = values.followForMonths as number | null | undefined;
    if (method != null) {
      if (every == null) throw fieldError('followEveryMonths', '选择了随访方式，请填写随访间隔');
      if (span == null) throw fieldError('followForMonths', '选择了随访方式，请填写随访时长');
      if (span > Number(values.durationMonths)) throw fieldError('followForMonths', '随访时长不能超过干预周期');
      if (every > span) throw fieldError('followEveryMonths', '随访间隔不能超过随访时长');
    } else if (every != null || span != null) {
      throw fieldError('followMethod', '填写了随访间隔或时长，请选择随访方式');
    }
    const education = (values.education as Row[] | undefined) ?? [];
    if (!values.dietRx && !values.fitnessRx && method == null && education.length === 0) {
      throw fieldError('dietRx', '请至少安排一项干预措施：膳食处方、运动处方、随访或宣教');
    }
    return undefined;
  },
  async afterWrite({ q, user, record }) {
    await saveModelVersion(q, Number(record.id), snapshotOf(record), user.id);
    // The answer (and the audit entry) name the version just written.
    Object.assign(record, await models.get(q, user, Number(record.id)));
  },
};

export const models = new CrudRepository(interventionModelResource, modelHooks);

/** A model's latest version and its snapshot; 404 for a deleted or unknown model. */
export async function currentVersion(q: Queryable, modelId: number) {
  const { rows } = await q.query<{ version: number; snapshot: ModelSnapshot }>(
    `SELECT v.version, v.snapshot FROM intervention_model_versions v JOIN intervention_models m ON m.id = v.model_id
      WHERE v.model_id = $1 AND m.deleted_at IS NULL ORDER BY v.version DESC LIMIT 1`,
    [modelId],
  );
  if (!rows[0]) throw notFound('干预模型不存在');
  return { version: rows[0].version, snapshot: rows[0].snapshot };
}

/** One saved version of a model. */
export async function modelVersion(q: Queryable, modelId: number, version: number): Promise<ModelSnapshot> {
  const { rows } = await q.query<{ snapshot: ModelSnapshot }>(
    'SELECT snapshot FROM intervention_model_versions WHERE model_id = $1 AND version = $2',
    [modelId, version],
  );
  if (!rows[0]) throw notFound('干预模型的该版本不存在');
  return rows[0].snapshot;
}

/** Every saved version of a model, newest first (the detail's 版本记录). */
export async function modelVersions(q: Queryable, modelId: number) {
  const { rows } = await q.query(
    `SELECT v.version, v.snapshot, us.name AS "createdBy",
            to_char(v.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM intervention_model_versions v LEFT JOIN users us ON us.id = v.created_by
      WHERE v.model_id = $1 ORDER BY v.version DESC`,
    [modelId],
  );
  return rows;
}

/**
 * The check year a preview or run reads when none is given: the latest year in which at least half as many people
 * have grouping tags as in the busiest year — the latest yearly round, not a year that has only just begun (a few
 * checks entered in January would otherwise make every preview and run nearly empty).
 */
export async function defaultYear(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ y: number | null }>(
    `WITH per_year AS (SELECT year, count(*) AS people FROM person_tags GROUP BY year)
     SELECT max(year)::int AS y FROM per_year WHERE people * 2 >= (SELECT max(people) FROM per_year)`,
  );
  if (rows[0]?.y == null) throw badRequest('暂无体检数据，无法按条件筛选人员');
  return rows[0].y;
}

/** The codes a condition reads, in order of first use. */
const codesOf = (tree: Node) => [...expressionVariables(tree).keys()];

/**
 * 预览: how many people of the account's scope with a check in the year match a condition (and, given a saved
 * model, how many of them already have a task of its current version and year: a run skips them), and 20 of
 * them with the values the condition read. One counting statement over the compiled condition.
 */
export async function previewCondition(
  q: Queryable,
  user: PopulationScope,
  b: { condition: string; year?: number; modelId?: number },
) {
  const tree = await checkCondition(q, b.condition);
  const year = b.year ?? (await defaultYear(q));
  const codes = codesOf(tree);
  const p = populationSql(tree, codes, year, user);
  const where = p.where.join(' AND ');
  const version = b.modelId ? (await currentVersion(q, b.modelId)).version : null;
  const countParams = [...p.params];
  const tasked = version
    ? `count(*) FILTER (WHERE ${p.condition} AND EXISTS (SELECT 1 FROM intervention_tasks it
         WHERE it.employee_id = pt.employee_id AND it.model_id = $${countParams.push(b.modelId)}
           AND it.model_version = $${countParams.push(version)} AND it.year = $1))::int`
    : '0';
  const { rows: counts } = await q.query<{ total: number; matched: number; tasked: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${p.condition})::int AS matched, ${tasked} AS tasked
       FROM ${p.from} WHERE ${where}`,
    countParams,
  );
  const { rows: sample } = await q.query<{ employeeId: number; name: string; unitName: string; values: Row }>(
    `SELECT pt.employee_id AS "employeeId", e.name, (SELECT u.short_name FROM units u WHERE u.id = e.unit_id) AS "unitName",
            (SELECT to_char(ck.check_date, 'YYYY-MM-DD') FROM health_checks ck WHERE ck.id = pt.check_id) AS "checkDate",
            ${valuesSql(codes)} AS "values"
       FROM ${p.from} WHERE ${where} AND ${p.condition} ORDER BY pt.employee_id LIMIT 20`,
    p.params,
  );
  return {
    year,
    total: counts[0].total,
    matched: counts[0].matched,
    alreadyTasked: counts[0].tasked,
    modelVersion: version,
    sample: sample.map((s) => ({ ...s, employeeId: Number(s.employeeId), values: numericValues(s.values) })),
  };
}

/** jsonb numerics arrive as numbers on PostgreSQL and PGlite alike; make sure. */
const numericValues = (v: Row): Row =>
  Object.fromEntries(Object.entries(v ?? {}).map(([k, x]) => [k, x == null ? null : Number(x)]));

/** The ids of the people of `year` in `scope` that a condition matches (a run's population), ascending. */
export async function matchingPeople(q: Queryable, scope: PopulationScope, condition: string, year: number) {
  const tree = await checkCondition(q, condition);
  const p = populationSql(tree, codesOf(tree), year, scope);
  const { rows } = await q.query<{ id: number }>(
    `SELECT pt.employee_id AS id FROM ${p.from} WHERE ${p.where.join(' AND ')} AND ${p.condition} ORDER BY pt.employee_id`,
    p.params,
  );
  return rows.map((r) => Number(r.id));
}

export interface CreateTasksInput {
  modelId: number;
  version: number;
  snapshot: ModelSnapshot;
  year: number;
  /** yyyy-MM-dd; the actions' due dates count from it. */
  startDate: string;
  employeeIds: number[];
  /** The finding each task starts from (start from a finding), by position. */
  findingIds?: (number | null)[];
  jobId?: number | null;
  userId: number;
  /** The prescription service's draft generators (app.ts hands them in). */
  prescriber: Prescriber;
}

/**
 * Creates the tasks of one model version and year for `employeeIds`, set-based: one INSERT of the tasks (a
 * person who already has a task of that model version and year is skipped: the unique index and ON CONFLICT DO
 * NOTHING, so concurrent runs never make two), the prescription drafts (膳食/运动) of the new tasks' people through
 * the prescription service, then one INSERT of every new task's planned actions, each prescription action linked
 * to its prescription as it goes in. Answers the new tasks and the number skipped. Call inside a transaction.
 */
export async function createTasks(q: Queryable, input: CreateTasksInput) {
  const { snapshot: model, startDate } = input;
  const plan = planActions(model, startDate);
  const due = taskDueDate(startDate, model);
  const nextDue = plan.reduce<string | null>((m, a) => (m === null || a.dueDate < m ? a.dueDate : m), null);
  const { rows } = await q.query<{ id: number; employee_id: number }>(
    `INSERT INTO intervention_tasks (employee_id, finding_id, model_id, model_version, year, job_id, start_date, due_date,
                                     actions_total, next_due, created_by)
     SELECT k.employee_id, k.finding_id, $3, $4, $5, $6, $7::date, $8::date, $9, $10::date, $11
       FROM unnest($1::bigint[], $2::bigint[]) AS k(employee_id, finding_id)
     ON CONFLICT (employee_id, model_id, model_version, year) DO NOTHING
     RETURNING id, employee_id`,
    [
      input.employeeIds,
      input.findingIds ?? input.employeeIds.map(() => null),
      input.modelId,
      input.version,
      input.year,
      input.jobId ?? null,
      startDate,
      due,
      plan.length,
      nextDue,
      input.userId,
    ],
  );
  const created = rows.map((r) => ({ taskId: Number(r.id), employeeId: Number(r.employee_id) }));
  const rx = model.dietRx || model.fitnessRx;
  if (created.length && rx) {
    await draftPrescriptions(
      q,
      input.prescriber,
      { userId: input.userId },
      created.map((c) => c.employeeId),
      { diet: model.dietRx, fitness: model.fitnessRx },
    );
  }
  if (created.length && plan.length) {
    // The actions in one INSERT; a prescription action links the person's open prescription as it goes in
    // (actionRefSql). The tasks' counters are right as inserted unless an action went in done (a prescription
    // already issued): only those tasks are counted again.
    const { rows: done } = await q.query<{ task_id: number }>(
      `WITH ins AS (
         INSERT INTO intervention_actions (task_id, position, kind, title, content, due_date, ref_id, done_at, done_by, note)
         SELECT t.id, p.position, p.kind, p.title, p.content, p.due_date, ${
           rx
             ? `rx.id, CASE WHEN rx.status IN (2, 3, 4) THEN coalesce(rx.issued_at, now()) END,
                CASE WHEN rx.status IN (2, 3, 4) THEN rx.issued_by END,
                CASE WHEN rx.status IN (2, 3, 4) THEN '处方已开具' END`
             : 'NULL::bigint, NULL::timestamptz, NULL::int, NULL::text'
         }
           FROM unnest($1::bigint[], $7::bigint[]) AS t(id, employee_id)
          CROSS JOIN unnest($2::int[], $3::smallint[], $4::text[], $5::text[], $6::date[])
                AS p(position, kind, title, content, due_date)
          ${rx ? actionRefSql({ diet: model.dietRx, fitness: model.fitnessRx }) : ''}
         RETURNING task_id, done_at)
       SELECT DISTINCT task_id FROM ins WHERE done_at IS NOT NULL`,
      [
        created.map((c) => c.taskId),
        plan.map((_, i) => i + 1),
        plan.map((a) => a.kind),
        plan.map((a) => a.title),
        plan.map((a) => a.content),
        plan.map((a) => a.dueDate),
        created.map((c) => c.employeeId),
      ],
    );
    if (done.length) {
      await q.query('SELECT intervention_task_recount($1::bigint[], false)', [done.map((r) => Number(r.task_id))]);
    }
  }
  return { created, skipped: input.employeeIds.length - created.length };
}

/** 干预任务: open ones first, soonest due first (the order of intervention_tasks_list_idx). */
export class TaskRepository extends CrudRepository {
  constructor() {
    super(interventionTaskResource);
  }
  override orderBy(query: Pick<ListQuery, 'sort' | 'order'>): string {
    return query.sort ? super.orderBy(query) : 't.status, t.due_date, t.id';
  }
}
export const tasks = new TaskRepository();

/** 完成 stores the outcome, 终止 the reason; both stamp the end. */
export const taskEffects: ActionEffects = {
  async complete({ q, record, values }) {
    await q.query('UPDATE intervention_tasks SET outcome = $2, completed_at = now() WHERE id = $1', [
      record.id,
      values.outcome,
    ]);
  },
  async terminate({ q, record, values }) {
    await q.query('UPDATE intervention_tasks SET end_reason = $2, completed_at = now() WHERE id = $1', [
      record.id,
      values.reason,
    ]);
  },
};

/**
 * Marks actions done (by hand, or the demo's history) and recounts their tasks' progress, bumping each task's
 * version. Set-based; the caller checks scope and state.
 */
export async function completeActions(
  q: Queryable,
  a: { actionIds: number[]; userId: number; note: string | null; at?: string },
): Promise<number[]> {
  const { rows } = await q.query<{ task_id: number }>(
    `UPDATE intervention_actions SET done_at = coalesce($4::timestamptz, now()), done_by = $2, note = coalesce($3, note)
      WHERE id = ANY($1::bigint[]) AND done_at IS NULL RETURNING task_id`,
    [a.actionIds, a.userId, a.note, a.at ?? null],
  );
  const taskIds = [...new Set(rows.map((r) => Number(r.task_id)))];
  if (taskIds.length) await q.query('SELECT intervention_task_recount($1::bigint[], true)', [taskIds]);
  return taskIds;
}

const PRESCRIPTION_TABLE: Record<number, string> = {
  [ACTION_KIND.diet]: 'diet_prescriptions',
  [ACTION_KIND.fitness]: 'fitness_prescriptions',
};

/**
 * 标记完成 of one planned action: the task in the account's scope (404 otherwise) and still 进行中, the action
 * not yet done. A prescription action is done by issuing its prescription (the database keeps that true); only
 * one without a live prescription (none could be drafted, or it was voided) is marked by hand, with a note.
 */
export async function markActionDone(
  q: Queryable,
  req: FastifyRequest,
  user: SessionUser,
  taskId: number,
  actionId: number,
  note: string | null,
) {
  const task = await tasks.get(q, user, taskId, { forUpdate: true });
  if (Number(task.status) !== 1)
    throw new AppError(409, '干预任务已结束，不能再标记措施', undefined, { status: task.status });
  const { rows } = await q.query<{ kind: number; title: string; done_at: string | null; ref_id: number | null }>(
    'SELECT kind, title, done_at, ref_id FROM intervention_actions WHERE id = $1 AND task_id = $2 FOR UPDATE',
    [actionId, taskId],
  );
  const action = rows[0];
  if (!action) throw notFound('干预措施不存在');
  if (action.done_at) throw conflict('该措施已完成');
  const table = PRESCRIPTION_TABLE[action.kind];
  if (table && action.ref_id) {
    const { rows: rx } = await q.query<{ status: number }>(`SELECT status FROM ${table} WHERE id = $1`, [
      action.ref_id,
    ]);
    if (rx[0] && Number(rx[0].status) !== 5) {
      throw badRequest('处方类措施在处方开具后自动完成，请在处方页面审核并开具');
    }
  }
  if (table && !note) throw fieldError('note', '未开具处方而标记完成，请填写说明');
  await completeActions(q, { actionIds: [actionId], userId: user.id, note });
  const { rows: after } = await q.query<{ actions_done: number; actions_total: number; version: number }>(
    'SELECT actions_done, actions_total, version FROM intervention_tasks WHERE id = $1',
    [taskId],
  );
  await writeAudit(q, req, {
    action: 'actionDone',
    resource: interventionTaskResource.name,
    recordId: taskId,
    before: { actionId, done: false },
    after: { actionId, title: action.title, done: true, note },
  });
  return {
    id: taskId,
    actionId,
    actionsDone: after[0].actions_done,
    actionsTotal: after[0].actions_total,
    version: after[0].version,
  };
}

/**
 * 启动干预 from a confirmed finding: a task of the model's current version for the finding's person and year,
 * linked to the finding (the same uniqueness as a run: 409 naming the existing task).
 */
export async function startFromFinding(
  q: Queryable,
  req: FastifyRequest,
  user: SessionUser,
  b: { findingId: number; modelId: number },
  prescriber: Prescriber,
) {
  const params: unknown[] = [b.findingId];
  const { rows } = await q.query<{ id: number; employee_id: number; year: number; status: number }>(
    `SELECT f.id, f.employee_id, f.year, f.status FROM positive_findings f JOIN employees e ON e.id = f.employee_id
      WHERE f.id = $1 AND e.deleted_at IS NULL AND ${employeeRowScopeSql(user, 'e', params)}`,
    params,
  );
  const finding = rows[0];
  if (!finding) throw notFound('阳性发现不存在');
  if (Number(finding.status) !== 1) throw fieldError('findingId', '只有已确认的阳性发现可以启动干预');
  const { version, snapshot } = await currentVersion(q, b.modelId);
  if (!snapshot.enabled) throw fieldError('modelId', '该干预模型已停用');
  const employeeId = Number(finding.employee_id);
  const { created } = await createTasks(q, {
    modelId: b.modelId,
    version,
    snapshot,
    year: finding.year,
    startDate: todayInChina(),
    employeeIds: [employeeId],
    findingIds: [Number(finding.id)],
    userId: user.id,
    prescriber,
  });
  if (!created.length) {
    const { rows: existing } = await q.query<{ id: number }>(
      `SELECT id FROM intervention_tasks WHERE employee_id = $1 AND model_id = $2 AND model_version = $3 AND year = $4`,
      [employeeId, b.modelId, version, finding.year],
    );
    throw new AppError(409, `该员工已有「${snapshot.name}」第${version}版${finding.year}年度的干预任务`, undefined, {
      taskId: existing[0] ? Number(existing[0].id) : null,
    });
  }
  const taskId = created[0].taskId;
  await writeAudit(q, req, {
    action: 'create',
    resource: interventionTaskResource.name,
    recordId: taskId,
    after: { findingId: b.findingId, modelId: b.modelId, modelVersion: version, year: finding.year },
  });
  return tasks.get(q, user, taskId);
}
