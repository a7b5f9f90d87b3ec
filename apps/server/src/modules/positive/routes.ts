import { idParams, positiveFindingResource, positiveRuleResource, positiveTaskResource } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type ActionTarget, actionDone, registerActionRoutes, runAction } from '../../crud/actions';
import { registerResourceRoutes } from '../../crud/register-resource-routes';
import { sortOf } from '../../lib/paging';
import { currentUser } from '../../plugins/auth';
import { EvaluationJobs } from './jobs';
import {
  confirmBody,
  dismissBody,
  findingQuery,
  logQuery,
  previewBody,
  reassignBody,
  taskLogBody,
  taskQuery,
} from './schemas';
import {
  asLegacyRefusal,
  FindingRepository,
  findingEffects,
  previewRule,
  ruleHooks,
  TaskRepository,
  taskEffects,
} from './service';
import { logPage, recentJobs } from './sql';

/** Query values as the generic list's string filters (absent ones left out). */
const asFilters = (f: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(f).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

const STALE_FINDINGS = '所选记录已被处理，或不在账号的单位范围内，请刷新后重试';

export async function positiveRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobs = new EvaluationJobs(db, app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  // ---- Rules (阳性规则): the generic resource, its re-evaluation progress and a preview before saving.
  r.get(
    '/api/positive/jobs',
    { config: { permission: 'main:positive/setting' }, schema: { tags: ['阳性规则'], summary: '规则重新评估的进度' } },
    async () => ({ code: 200, data: await recentJobs(db) }),
  );
  r.post(
    '/api/positive/setting/preview',
    {
      config: { permission: 'main:positive/setting' },
      schema: { tags: ['阳性规则'], summary: '保存前预览：某年有多少人符合规则', body: previewBody },
    },
    async (req) => ({ code: 200, data: await previewRule(db, currentUser(req), req.body) }),
  );
  registerResourceRoutes(app, db, positiveRuleResource, ruleHooks(jobs));

  // ---- Findings (新增阳性) and tasks (阳性任务): declared views with declared actions. The screens' URLs
  // below are thin calls into the same list and action executor as /actions/:action.
  const findings = new FindingRepository();
  const tasks = new TaskRepository();
  const findingTarget: ActionTarget = { def: positiveFindingResource, repo: findings, effects: findingEffects };
  const taskTarget: ActionTarget = { def: positiveTaskResource, repo: tasks, effects: taskEffects };
  const tags = ['阳性管理'];
  for (const { def, repo, effects } of [findingTarget, taskTarget]) {
    registerActionRoutes(app, db, def, repo, effects);
    // The generic read of a view row (the list URL is the screen's own, below).
    r.get(
      `/api${def.endpoint}/:id`,
      { config: { permission: def.permissions.list }, schema: { tags, summary: `${def.label}详情`, params: idParams } },
      async (req) => ({ code: 200, data: await repo.get(db, currentUser(req), req.params.id) }),
    );
  }

  r.get(
    '/api/positive/new',
    {
      config: { permission: 'main:positive/new' },
      schema: { tags, summary: '阳性发现（默认待确认）', querystring: findingQuery },
    },
    async (req) => {
      const { page, pageSize, sort, order, ...f } = req.query;
      // 待确认 unless another status is asked for (the screen's first tab).
      const filters = asFilters({ ...f, status: f.status ?? 0 });
      const list = { page, pageSize, ...sortOf({ sort, order }), filters };
      return { code: 200, data: await findings.list(db, currentUser(req), list) };
    },
  );

  // 确认 / 排除 of the findings screen: `{ ids, ...fields }`, answered with how many rows moved.
  const findingBulk = [
    { key: 'confirm', summary: '确认阳性并生成任务（可批量）', body: confirmBody, answer: 'confirmed' },
    { key: 'dismiss', summary: '排除阳性（可批量）', body: dismissBody, answer: 'dismissed' },
  ] as const;
  for (const { key, summary, body, answer } of findingBulk) {
    r.post(
      `/api/positive/new/${key}`,
      { config: { permission: 'positive:confirm' }, schema: { tags, summary, body } },
      async (req) => {
        const { ids, ...values } = req.body;
        const { records } = await db
          .tx((q) => runAction(q, req, findingTarget, key, ids, values))
          .catch(asLegacyRefusal(STALE_FINDINGS, [404, 409]));
        const n = records.length;
        return { code: 200, msg: actionDone(positiveFindingResource.actions![key], n), data: { [answer]: n } };
      },
    );
  }

  r.get(
    '/api/positive/task',
    { config: { permission: 'main:positive/task' }, schema: { tags, summary: '阳性任务', querystring: taskQuery } },
    async (req) => {
      const user = currentUser(req);
      const { page, pageSize, sort, order, mine, overdue, ...f } = req.query;
      if (mine === 'true') {
        // 我的任务 and another assignee: nobody's tasks.
        if (f.assigneeId && f.assigneeId !== user.id) return { code: 200, data: { total: 0, records: [] } };
        f.assigneeId = user.id;
      }
      const filters = asFilters({ ...f, overdue: overdue === 'true' ? 'true' : undefined });
      return { code: 200, data: await tasks.list(db, user, { page, pageSize, ...sortOf({ sort, order }), filters }) };
    },
  );

  r.put(
    '/api/positive/task/:id',
    {
      config: { permission: 'positive:handle' },
      schema: { tags, summary: '改派或调整截止日期', params: idParams, body: reassignBody },
    },
    async (req) => {
      const { version, ...values } = req.body;
      await db
        .tx((q) => runAction(q, req, taskTarget, 'assign', [req.params.id], values, { version }))
        .catch(asLegacyRefusal('任务已结束，不能再修改'));
      return { code: 200, msg: '已保存' };
    },
  );

  r.post(
    '/api/positive/task/:id/log',
    {
      config: { permission: 'positive:handle' },
      schema: { tags, summary: '记录一次处理；结案完成任务，关闭则不再处理', params: idParams, body: taskLogBody },
    },
    async (req) => {
      const { action, ...values } = req.body;
      const { state } = await db
        .tx((q) => runAction(q, req, taskTarget, action, [req.params.id], values))
        .catch(asLegacyRefusal('任务已结束，不能再记录处理'));
      return { code: 200, msg: actionDone(positiveTaskResource.actions![action], 1), data: { status: state } };
    },
  );

  r.get(
    '/api/positive/log',
    { config: { permission: 'main:positive/log' }, schema: { tags, summary: '处理记录', querystring: logQuery } },
    async (req) => ({ code: 200, data: await logPage(db, currentUser(req), req.query) }),
  );
}
