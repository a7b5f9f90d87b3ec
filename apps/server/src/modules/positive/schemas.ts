import {
  idParam,
  intInRange,
  positiveFindingResource,
  positiveTaskResource,
  TASK_ACTIONS,
  type TaskActionCode,
} from '@peis/shared';
import { z } from 'zod';
import { actionFieldsSchema, idsBody } from '../../crud/actions';
import { pageQuery, sortQuery } from '../../lib/paging';

/** Request schemas of the positive screens' URLs (the web's positive-api.ts sends exactly these). */

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
  ...sortQuery,
  id: idParam('阳性发现').optional(),
  ...personFilter,
  status: z.coerce.number().int().min(0).max(2).optional(),
  year: intInRange('年份', 2000, 2100).optional(),
  ruleId: idParam('规则').optional(),
  libraryName: z.string().max(20).optional(),
  level: z.coerce.number().int().min(1).max(2).optional(),
});

const findingActions = positiveFindingResource.actions!;
const taskActions = positiveTaskResource.actions!;

// The screens' action bodies: the declared action fields, with the ids of a bulk call or the row's version.
export const confirmBody = z.object({
  ...actionFieldsSchema(findingActions.confirm).shape,
  ids: idsBody,
});
export const dismissBody = z.object({
  ...actionFieldsSchema(findingActions.dismiss).shape,
  ids: idsBody,
});

export const taskQuery = z.object({
  ...pageQuery,
  ...sortQuery,
  id: idParam('任务').optional(),
  ...personFilter,
  status: z.coerce.number().int().min(1).max(4).optional(),
  assigneeId: idParam('处理人').optional(),
  mine: z.enum(['true', 'false']).optional(),
  overdue: z.enum(['true', 'false']).optional(),
});

export const reassignBody = z.object({
  ...actionFieldsSchema(taskActions.assign).shape,
  version: z.number().int(),
});

/** One handling of a task: which (its declared action) and the note all of them take. */
export const taskLogBody = z.object({
  ...actionFieldsSchema(taskActions.phone).shape,

  action: z.enum(Object.keys(TASK_ACTIONS) as [TaskActionCode], { error: '请选择处理方式' }),
});

export const logQuery = z.object({
  ...pageQuery,
  ...personFilter,
  action: z.string().max(20).optional(),
  taskId: idParam('任务').optional(),
});
