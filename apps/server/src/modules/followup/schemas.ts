import { calendarDate, idParam } from '@peis/shared';
import { z } from 'zod';
import { pageQuery, sortQuery } from '../../lib/paging';

/** Request schemas of the follow-up and service-package routes (Chinese messages: the forms show them). */
const dateString = calendarDate();
export const method = z.number({ error: '请选择随访方式' }).int().min(1, '请选择随访方式').max(4, '请选择随访方式');

export const planBody = z.object({
  employeeId: z.number({ error: '请选择员工' }).int().positive(),
  findingId: z.number().int().positive().nullable().optional(),
  title: z.string({ error: '必填项' }).trim().min(1, '必填项').max(50, '计划名称不能超过50个字'),
  method,
  frequencyDays: z.number({ error: '必填项' }).int().min(1, '随访间隔至少1天').max(365, '随访间隔最多365天'),
  nextDate: dateString,
  endDate: dateString.nullable().optional(),
  assigneeId: z.number().int().positive().nullable().optional(),
  note: z.string().max(200, '备注不能超过200个字').nullable().optional(),
});
export type PlanBody = z.infer<typeof planBody>;
export const planUpdateBody = planBody.extend({ status: z.number().int().min(1).max(2), version: z.number().int() });
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

export const recordBody = z.object({
  followDate: dateString,
  method,
  outcome: z.string({ error: '请填写随访结果' }).trim().min(1, '请填写随访结果').max(500, '随访结果不能超过500个字'),
  note: z.string().max(200).nullable().optional(),
});
export type RecordBody = z.infer<typeof recordBody>;

export const planQuery = z.object({
  ...pageQuery,
  ...sortQuery,
  id: idParam('随访计划').optional(),
  status: z.coerce.number().int().min(1).max(2).optional(),
  method: z.coerce.number().int().min(1).max(4).optional(),
  due: z.enum(['true', 'false']).optional(),
  mine: z.enum(['true', 'false']).optional(),
  name: z.string().max(30).optional(),
  employeeId: idParam('员工').optional(),
});
export type PlanQuery = z.infer<typeof planQuery>;

export const logQuery = z.object({
  ...pageQuery,
  planId: idParam('随访计划').optional(),
  employeeId: idParam('员工').optional(),
  unitId: idParam('单位').optional(),
  name: z.string().max(30).optional(),
  method: z.coerce.number().int().min(1).max(4).optional(),
});
export type LogQuery = z.infer<typeof logQuery>;

export const contractQuery = z.object({
  ...pageQuery,
  year: z.coerce.number().int().min(2000).max(2100).default(2025),
  status: z.coerce.number().int().min(0).max(2).optional(),
  level: z.coerce.number().int().min(1).max(3).optional(),
  unitId: idParam('单位').optional(),
  name: z.string().max(30).optional(),
  employeeId: idParam('员工').optional(),
});
export type ContractQuery = z.infer<typeof contractQuery>;

const levelsSchema = z.record(z.enum(['健康', '风险', '异常', '慢病', '重病']), z.number().int().min(1).max(3));
export const levelsBody = z.object({ levels: levelsSchema });
export const versionBody = z.object({ version: z.number().int() });
export const yearBody = z.object({ year: z.number().int().min(2000).max(2100) });
