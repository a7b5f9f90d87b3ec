import { followUpPlanResource, idParams, servicePackageResource } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actionDone, registerActionRoutes, runAction } from '../../crud/actions';
import { asFilters } from '../../crud/crud-repository';
import { sortOf } from '../../lib/paging';
import { employeeScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { generateContracts } from './contracts';
import { asLegacyRefusal, packages, packageTarget, plans, planTarget } from './declared';
import {
  contractQuery,
  levelsBody,
  logQuery,
  planBody,
  planQuery,
  planUpdateBody,
  recordBody,
  versionBody,
  yearBody,
} from './schemas';
import { contractLevels, createPlan, saveContractLevels, updatePlan } from './service';
import { logPage } from './sql';

/**
 * Follow-up plans and their records (随访任务/随访记录), and the health-service packages (健康服务包). Plans
 * and packages are declared resources: their lists and transitions run on the generic list and action
 * executor (also at /api/follow-up/task/:id/actions/… and /api/contract/:id/actions/…); the URLs below keep
 * their query parameters and answers.
 */
export async function followUpRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['随访管理'];
  registerActionRoutes(app, db, followUpPlanResource, plans, planTarget.effects);
  registerActionRoutes(app, db, servicePackageResource, packages, packageTarget.effects);

  r.get(
    '/api/follow-up/task',
    { config: { permission: 'main:follow-up/task' }, schema: { tags, summary: '随访计划', querystring: planQuery } },
    async (req) => {
      const user = currentUser(req);
      const { page, pageSize, sort, order, mine, due, ...f } = req.query;
      const filters = asFilters({
        ...f,
        assigneeId: mine === 'true' ? user.id : undefined,
        due: due === 'true' ? 'true' : undefined,
      });
      return { code: 200, data: await plans.list(db, user, { page, pageSize, ...sortOf({ sort, order }), filters }) };
    },
  );

  r.get(
    '/api/follow-up/task/:id',
    { config: { permission: 'main:follow-up/task' }, schema: { tags, summary: '随访计划详情', params: idParams } },
    async (req) => ({ code: 200, data: await plans.get(db, currentUser(req), req.params.id) }),
  );

  r.post(
    '/api/follow-up/task',
    {
      config: { permission: 'followup:add' },
      schema: { tags, summary: '新建随访计划（手工或由阳性发现生成）', body: planBody },
    },
    async (req) => {
      const id = await db.tx((q) => createPlan(q, req, currentUser(req), req.body));
      return { code: 200, msg: '保存成功', data: { id } };
    },
  );

  r.put(
    '/api/follow-up/task/:id',
    {
      config: { permission: 'followup:edit' },
      schema: { tags, summary: '修改随访计划', params: idParams, body: planUpdateBody },
    },
    async (req) => {
      await db.tx((q) => updatePlan(q, req, currentUser(req), req.params.id, req.body));
      return { code: 200, msg: '保存成功' };
    },
  );

  r.post(
    '/api/follow-up/task/:id/record',
    {
      config: { permission: 'followup:add' },
      schema: { tags, summary: '记录一次随访；下次随访日期按计划间隔推算', params: idParams, body: recordBody },
    },
    async (req) => {
      const { results } = await db
        .tx((q) => runAction(q, req, planTarget, 'record', [req.params.id], req.body))
        .catch(asLegacyRefusal('随访计划已结束'));
      const data = results[0] as { nextDate: string; status: number };
      return {
        code: 200,
        msg: data.status === 2 ? '已记录，随访计划已完成' : `已记录，下次随访：${data.nextDate}`,
        data,
      };
    },
  );

  r.get(
    '/api/follow-up/log',
    { config: { permission: 'main:follow-up/log' }, schema: { tags, summary: '随访记录', querystring: logQuery } },
    async (req) => ({ code: 200, data: await logPage(db, currentUser(req), req.query) }),
  );

  // ---- Health-service packages (健康服务包): level from the risk level by a configurable mapping.
  const contractTags = ['健康服务包'];
  r.get(
    '/api/contract',
    {
      config: { permission: 'main:follow-up/task' },
      schema: { tags: contractTags, summary: '健康服务包签约', querystring: contractQuery },
    },
    async (req) => {
      const { page, pageSize, ...f } = req.query;
      return { code: 200, data: await packages.list(db, currentUser(req), { page, pageSize, filters: asFilters(f) }) };
    },
  );

  r.get(
    '/api/contract/levels',
    { config: { permission: 'main:follow-up/task' }, schema: { tags: contractTags, summary: '风险等级 → 服务包级别' } },
    async () => ({ code: 200, data: await contractLevels(db) }),
  );
  r.put(
    '/api/contract/levels',
    {
      config: { permission: 'followup:edit' },
      schema: { tags: contractTags, summary: '修改服务包级别的对应关系', body: levelsBody },
    },
    async (req) => {
      await db.tx((q) => saveContractLevels(q, req, req.body.levels));
      return { code: 200, msg: '保存成功' };
    },
  );

  r.get(
    '/api/contract/:id',
    {
      config: { permission: 'main:follow-up/task' },
      schema: { tags: contractTags, summary: '服务包详情', params: idParams },
    },
    async (req) => ({ code: 200, data: await packages.get(db, currentUser(req), req.params.id) }),
  );

  r.post(
    '/api/contract/generate',
    {
      config: { permission: 'followup:add' },
      schema: { tags: contractTags, summary: '按年度为已有分组标签的员工生成服务包（未签约）', body: yearBody },
    },
    async (req) => {
      const user = currentUser(req);
      const created = await db.tx(async (q) => {
        const made = await generateContracts(q, req.body.year, (params) =>
          employeeScopeSql(user, 't.employee_id', params),
        );
        await writeAudit(q, req, {
          action: 'create',
          resource: 'contract',
          after: { year: req.body.year, created: made },
        });
        return made;
      });
      return { code: 200, msg: `已生成${created}份服务包`, data: { created } };
    },
  );

  // The package transitions' URLs of before: a wrong state is their 400 with its message of before.
  const refusals = { sign: '该服务包已签约', complete: '只有已签约的服务包才能完成' } as const;
  for (const action of ['sign', 'complete'] as const) {
    const declared = servicePackageResource.actions![action];
    r.post(
      `/api/contract/:id/${action}`,
      {
        config: { permission: declared.permission },
        schema: { tags: contractTags, summary: declared.label, params: idParams, body: versionBody },
      },
      async (req) => {
        await db
          .tx((q) => runAction(q, req, packageTarget, action, [req.params.id], {}, { version: req.body.version }))
          .catch(asLegacyRefusal(refusals[action]));
        return { code: 200, msg: actionDone(declared, 1) };
      },
    );
  }
}
