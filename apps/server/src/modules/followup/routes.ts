import { idParams } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { employeeScopeSql } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { generateContracts } from './contracts';
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
import {
  CONTRACT_TRANSITIONS,
  contractLevels,
  createPlan,
  moveContract,
  recordVisit,
  saveContractLevels,
  updatePlan,
} from './service';
import { contractPage, logPage, planPage } from './sql';

/** Follow-up plans and their records (随访任务/随访记录), and the health-service contracts (健康服务包). */
export async function followUpRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['随访管理'];

  r.get(
    '/api/follow-up/task',
    { config: { permission: 'main:follow-up/task' }, schema: { tags, summary: '随访计划', querystring: planQuery } },
    async (req) => ({ code: 200, data: await planPage(db, currentUser(req), req.query) }),
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
      const data = await db.tx((q) => recordVisit(q, req, currentUser(req), req.params.id, req.body));
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

  // ---- Health-service contracts (健康服务包): level from the risk level by a configurable mapping.
  const contractTags = ['健康服务包'];
  r.get(
    '/api/contract',
    {
      config: { permission: 'main:follow-up/task' },
      schema: { tags: contractTags, summary: '健康服务包签约', querystring: contractQuery },
    },
    async (req) => ({ code: 200, data: await contractPage(db, currentUser(req), req.query) }),
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

  for (const action of ['sign', 'complete'] as const) {
    const { label } = CONTRACT_TRANSITIONS[action];
    r.post(
      `/api/contract/:id/${action}`,
      {
        config: { permission: 'followup:edit' },
        schema: { tags: contractTags, summary: label, params: idParams, body: versionBody },
      },
      async (req) => {
        await db.tx((q) => moveContract(q, req, currentUser(req), req.params.id, req.body.version, action));
        return { code: 200, msg: `${label}成功` };
      },
    );
  }
}
