import { idParams, interventionModelResource, interventionTaskResource } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { registerActionRoutes } from '../../crud/actions';
import { registerResourceRoutes } from '../../crud/register-resource-routes';
import { badRequest, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { interventionRunner, jobStatus, queueRun, recentJobs } from './jobs';
import type { Prescriber } from './prescriptions';
import { actionDoneBody, actionDoneParams, jobsQuery, previewBody, runBody, startBody } from './schemas';
import {
  currentVersion,
  defaultYear,
  markActionDone,
  modelHooks,
  modelVersions,
  previewCondition,
  startFromFinding,
  taskEffects,
  tasks,
} from './service';

/** 干预模型 and 干预任务 (issue 12); `prescriber`: the prescription service's draft generators. */
export async function interventionRoutes(app: FastifyInstance, { db }: AppContext, prescriber: Prescriber) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobs = interventionRunner(db, app.log, prescriber);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const modelTags = [interventionModelResource.label];
  const taskTags = [interventionTaskResource.label];

  // ---- 干预模型: the declared catalogue (each save a version), preview, run and its progress.
  r.post(
    '/api/hi/model/preview',
    {
      config: { permission: 'main:hi/model' },
      schema: { tags: modelTags, summary: '预览：账号范围内某年度有体检的人中有多少人符合条件', body: previewBody },
    },
    async (req) => ({ code: 200, data: await previewCondition(db, currentUser(req), req.body) }),
  );
  r.post(
    '/api/hi/model/:id/run',
    {
      config: { permission: 'hiTask:add' },
      schema: {
        tags: modelTags,
        summary: '运行模型：为符合条件的人生成干预任务（后台）',
        params: idParams,
        body: runBody,
      },
    },
    async (req) => {
      const user = currentUser(req);
      const jobId = await db.tx(async (q) => {
        const { version, snapshot } = await currentVersion(q, req.params.id);
        if (!snapshot.enabled) throw badRequest('干预模型已停用，不能运行');
        const year = req.body.year ?? (await defaultYear(q));
        return queueRun(q, { modelId: req.params.id, version, year, userId: user.id, scope: user });
      });
      jobs.kick();
      return { code: 200, msg: '已开始生成干预任务', data: { jobId } };
    },
  );
  r.get(
    '/api/hi/model/:id/versions',
    {
      config: { permission: 'main:hi/model' },
      schema: { tags: modelTags, summary: '模型的版本记录（每次保存一版）', params: idParams },
    },
    async (req) => ({ code: 200, data: await modelVersions(db, req.params.id) }),
  );
  r.get(
    '/api/hi/jobs',
    {
      config: { permission: 'main:hi/model' },
      schema: { tags: modelTags, summary: '最近的模型运行', querystring: jobsQuery },
    },
    async (req) => ({ code: 200, data: await recentJobs(db, currentUser(req), req.query.modelId) }),
  );
  r.get(
    '/api/hi/jobs/:id',
    {
      config: { permission: 'main:hi/model' },
      schema: { tags: modelTags, summary: '模型运行的进度', params: idParams },
    },
    async (req) => {
      const job = await jobStatus(db, currentUser(req), req.params.id);
      if (!job) throw notFound('运行记录不存在');
      return { code: 200, data: job };
    },
  );
  registerResourceRoutes(app, db, interventionModelResource, modelHooks);

  // ---- 干预任务: the declared view (list, detail, export; open first, soonest due first), its declared actions,
  // 标记完成 of one planned action and 启动干预 from a finding.
  r.post(
    '/api/hi/task/start',
    {
      config: { permission: 'hiTask:add' },
      schema: { tags: taskTags, summary: '由已确认的阳性发现启动干预', body: startBody },
    },
    async (req) => ({
      code: 200,
      msg: '已启动干预',
      data: await db.tx((q) => startFromFinding(q, req, currentUser(req), req.body, prescriber)),
    }),
  );
  r.post(
    '/api/hi/task/:id/actions/:actionId/done',
    {
      config: { permission: 'hiTask:edit' },
      schema: { tags: taskTags, summary: '标记一项干预措施已完成', params: actionDoneParams, body: actionDoneBody },
    },
    async (req) => {
      const { id, actionId } = req.params;
      const data = await db.tx((q) => markActionDone(q, req, currentUser(req), id, actionId, req.body.note ?? null));
      return { code: 200, msg: '已标记完成', data };
    },
  );
  registerResourceRoutes(app, db, interventionTaskResource, {}, tasks);
  registerActionRoutes(app, db, interventionTaskResource, tasks, taskEffects);
}
