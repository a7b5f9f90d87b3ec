import { ACTIVITY_LEVELS, idParams, type PrescriptionKind, TCM_CONSTITUTIONS, USER_TYPES } from '@peis/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { type ActionTarget, registerActionRoutes } from '../../crud/actions';
import { registerResourceRoutes } from '../../crud/register-resource-routes';
import type { Queryable } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { employeeScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { can, currentUser, type SessionUser } from '../../plugins/auth';
import { EFFECT_DEFINITION, effectSummary, prescriptionEffect } from './effect';
import { generateDietDrafts, generateFitnessDrafts, proposeDiet, proposeFitness, Refused } from './generate';
import { GenerateJobs, generateJobBody, jobProgress, queueGenerateJob } from './jobs';
import { dietTarget, fitnessTarget, type PrescriptionRepository } from './service';

const codes = (options: readonly { value: number }[]) => options.map((o) => o.value) as [number, ...number[]];
const employeeId = z.number({ error: '请选择员工' }).int('员工无效').positive('员工无效');
const dietBody = z.object({
  employeeId,
  activityLevel: z
    .number({ error: '活动水平无效' })
    .int()
    .refine((v) => codes(ACTIVITY_LEVELS).includes(v), '活动水平无效')
    .nullish(),
  constitution: z
    .number({ error: '中医体质无效' })
    .int()
    .refine((v) => codes(TCM_CONSTITUTIONS).includes(v), '中医体质无效')
    .nullish(),
});
const fitnessBody = z.object({ employeeId });
const summaryQuery = z.object({
  kind: z.enum(['diet', 'fitness'], { error: '请选择处方类型' }),
  year: z.coerce.number({ error: '年度无效' }).int('年度无效').min(2000, '年度无效').max(2100, '年度无效').optional(),
  unitId: z.coerce.number({ error: '单位无效' }).int('单位无效').positive('单位无效').optional(),
});

/** 404 unless the employee is live and within the account's reach (an employee account: itself only). */
async function checkPerson(q: Queryable, user: SessionUser, id: number): Promise<void> {
  const params: unknown[] = [id];
  const scope = employeeScopeSql(user, 'e.id', params);
  const { rows } = await q.query(
    `SELECT 1 FROM employees e WHERE e.id = $1 AND e.deleted_at IS NULL AND ${scope}`,
    params,
  );
  if (!rows[0]) throw notFound('员工不存在');
}

/** The permission of one kind's part of a call that serves both (bulk generation, effect summary). */
function need(req: FastifyRequest, permission: string): void {
  if (!can(currentUser(req), permission)) throw forbidden();
}

/** A Refused of the rules as the 400 the console shows. */
const asBadRequest = (e: unknown): never => {
  if (e instanceof Refused) throw badRequest(e.message);
  throw e;
};

/** The 409 of a second open prescription, naming the open one. */
async function refuseOpen(q: Queryable, kind: PrescriptionKind, employeeId: number): Promise<void> {
  const { rows } = await q.query<{ id: number; status: number }>(
    `SELECT id, status FROM ${kind}_prescriptions WHERE employee_id = $1 AND status IN (1, 2, 3) AND deleted_at IS NULL`,
    [employeeId],
  );
  if (rows[0]) {
    const label = kind === 'diet' ? '膳食处方' : '运动处方';
    const state = ['草稿', '已开具', '执行中'][rows[0].status - 1];
    throw new AppError(
      409,
      `该员工已有未结束的${label}（编号 ${rows[0].id}，${state}），请先完成或作废后再生成`,
      undefined,
      {
        id: Number(rows[0].id),
        status: rows[0].status,
      },
    );
  }
}

/** 膳食处方 and 运动处方: generation, review, issue, effect (issue 12). */
export async function prescriptionRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobs = new GenerateJobs(db, app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  const kinds: { kind: PrescriptionKind; target: ActionTarget; prefix: 'dietTask' | 'fitnessTask' }[] = [
    { kind: 'diet', target: dietTarget, prefix: 'dietTask' },
    { kind: 'fitness', target: fitnessTarget, prefix: 'fitnessTask' },
  ];

  for (const { kind, target, prefix } of kinds) {
    const def = target.def;
    const base = `/api${def.endpoint}`;
    const tags = [def.label];
    const repo = target.repo as PrescriptionRepository;

    r.post(
      `${base}/propose`,
      {
        config: { permission: `${prefix}:add` },
        schema: {
          tags,
          summary: `按个人数据推导${def.label}（不保存）`,
          body: kind === 'diet' ? dietBody : fitnessBody,
        },
      },
      async (req) => {
        const body = req.body as z.infer<typeof dietBody>;
        await checkPerson(db, currentUser(req), body.employeeId);
        const data =
          kind === 'diet'
            ? await proposeDiet(db, body.employeeId, body).catch(asBadRequest)
            : await proposeFitness(db, body.employeeId).catch(asBadRequest);
        return { code: 200, data };
      },
    );

    r.post(
      `${base}/generate`,
      {
        config: { permission: `${prefix}:add` },
        schema: { tags, summary: `生成${def.label}草稿`, body: kind === 'diet' ? dietBody : fitnessBody },
      },
      async (req) => {
        const body = req.body as z.infer<typeof dietBody>;
        const user = currentUser(req);
        const id = await db.tx(async (q) => {
          await checkPerson(q, user, body.employeeId);
          await refuseOpen(q, kind, body.employeeId);
          // The proposal first, so a refusal says why (no height or weight; refer first).
          if (kind === 'diet') await proposeDiet(q, body.employeeId, body).catch(asBadRequest);
          else {
            const f = await proposeFitness(q, body.employeeId).catch(asBadRequest);
            if (f.referFirst)
              throw badRequest(`暂不开运动处方：${f.adjustments.map((a) => `${a.rule}（${a.reason}）`).join('；')}`);
          }
          const generate = kind === 'diet' ? generateDietDrafts : generateFitnessDrafts;
          const { created } = await generate(q, { userId: user.id }, [body.employeeId], body);
          const newId = created.get(body.employeeId);
          if (!newId) throw conflict('该员工已有未结束的处方，请刷新后重试');
          await writeAudit(q, req, {
            action: 'create',
            resource: def.name,
            recordId: newId,
            after: { employeeId: body.employeeId },
          });
          return newId;
        });
        return { code: 200, msg: '已生成草稿', data: await repo.get(db, user, id) };
      },
    );

    r.get(
      `${base}/:id/effect`,
      {
        config: { permission: def.permissions.list },
        schema: { tags, summary: `${def.label}效果：开具后第一次体检的干预指标变化`, params: idParams },
      },
      async (req) => {
        const record = await repo.get(db, currentUser(req), req.params.id);
        return { code: 200, data: await prescriptionEffect(db, kind, record) };
      },
    );

    // List, read, edit (草稿 only), delete (草稿 only), export: the declared resource on this repository.
    registerResourceRoutes(app, db, def, {}, repo);
    registerActionRoutes(app, db, def, repo, target.effects);
  }

  r.post(
    '/api/prescriptions/generate-jobs',
    {
      schema: { tags: ['膳食处方', '运动处方'], summary: '按条件批量生成处方草稿（后台任务）', body: generateJobBody },
    },
    async (req) => {
      const user = currentUser(req);
      need(req, req.body.kind === 'diet' ? 'dietTask:add' : 'fitnessTask:add');
      const jobId = await db.tx(async (q) => {
        const id = await queueGenerateJob(q, user, req.body);
        await writeAudit(q, req, {
          action: 'generate',
          resource: `${req.body.kind}Prescription`,
          recordId: id,
          after: req.body,
        });
        return id;
      });
      jobs.kick();
      return { code: 200, msg: '已开始批量生成', data: { jobId } };
    },
  );

  r.get(
    '/api/prescriptions/generate-jobs/:id',
    { schema: { tags: ['膳食处方', '运动处方'], summary: '批量生成的进度', params: idParams } },
    async (req) => {
      const user = currentUser(req);
      if (!can(user, 'dietTask:add') && !can(user, 'fitnessTask:add')) throw forbidden();
      const job = await jobProgress(db, req.params.id, user.id);
      if (!job) throw notFound('任务不存在');
      return { code: 200, data: job };
    },
  );

  r.get(
    '/api/prescriptions/effect-summary',
    {
      schema: { tags: ['膳食处方', '运动处方'], summary: '各单位处方效果汇总', querystring: summaryQuery },
    },
    async (req) => {
      const user = currentUser(req);
      need(req, req.query.kind === 'diet' ? 'main:diet/task' : 'main:fitness/task');
      // Per-unit numbers are the centre's: an employee account reads its own prescriptions only.
      if (user.userType === USER_TYPES.employee) throw forbidden();
      return { code: 200, data: await effectSummary(db, user, req.query), definition: EFFECT_DEFINITION };
    },
  );
}
