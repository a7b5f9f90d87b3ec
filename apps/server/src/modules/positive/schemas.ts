import { calendarDate, idParam, intInRange, TASK_ACTIONS, type TaskActionCode } from '@peis/shared';
import { z } from 'zod';
import { idsBody } from '../../crud/actions';
import { pageQuery } from '../../lib/paging';

/** Request schemas of the positive screens' URLs (the web's positive-api.ts sends exactly these). */

const dateString = calendarDate();
const personFilter = {
  unitId: idParam('单位').optional(),
  name: z.string().max(30).optional(),
  employeeId: idParam('员工').optional(),
};

export const previewBody = z.object({
  judge: z.string({ error: '请填写判定条件' }).max(300),
  gender: z.number().int().min(0).max(2).default(0),
  ageMin: z.number().int().min(0).max(150).default(0),
  ageMax: z.number().int().min(0).max(150).default(150),
  year: z.number({ error: '请选择年度' }).int().min(2000).max(2100),
});

export const findingQuery = z.object({
  ...pageQuery,
  ...personFilter,
  status: z.coerce.number().int().min(0).max(2).optional(),
  year: intInRange('年份', 2000, 2100).optional(),
  ruleId: idParam('规则').optional(),
  libraryName: z.string().max(20).optional(),
  level: z.coerce.number().int().min(1).max(2).optional(),
});

export const confirmBody = z.object({
  ids: idsBody,
  assigneeId: z.number({ error: '请选择处理人' }).int().positive(),
  dueDate: dateString,
  note: z.string().max(200).optional(),
});

export const dismissBody = z.object({
  ids: idsBody,
  note: z.string({ error: '请填写排除原因' }).trim().min(1, '请填写排除原因').max(200),
});

export const taskQuery = z.object({
  ...pageQuery,
  ...personFilter,
  status: z.coerce.number().int().min(1).max(4).optional(),
  assigneeId: idParam('处理人').optional(),
  mine: z.enum(['true', 'false']).optional(),
  overdue: z.enum(['true', 'false']).optional(),
});

export const reassignBody = z.object({
  assigneeId: z.number().int().positive(),
  dueDate: dateString,
  version: z.number().int(),
});

export const taskLogBody = z.object({
  action: z.enum(Object.keys(TASK_ACTIONS) as [TaskActionCode], { error: '请选择处理方式' }),
  note: z.string({ error: '请填写处理情况' }).trim().min(1, '请填写处理情况').max(500, '处理情况不能超过500个字'),
});

export const logQuery = z.object({
  ...pageQuery,
  ...personFilter,
  action: z.string().max(20).optional(),
  taskId: idParam('任务').optional(),
});
