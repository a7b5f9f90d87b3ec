import { idParam } from '@peis/shared';
import { z } from 'zod';

const year = z.number({ error: '年度无效' }).int('年度无效').min(2000, '年度无效').max(2100, '年度无效');

export const previewBody = z.object({
  condition: z.string({ error: '请填写触发条件' }).max(300, '触发条件不能超过300个字'),
  modelId: z.number().int().positive().optional(),
  year: year.optional(),
});

export const runBody = z.preprocess((v) => v ?? {}, z.object({ year: year.optional() }));

export const startBody = z.object({
  findingId: z.number({ error: '请选择阳性发现' }).int().positive(),
  modelId: z.number({ error: '请选择干预模型' }).int().positive(),
});

export const actionDoneParams = z.object({ id: idParam('任务'), actionId: idParam('措施') });
export const actionDoneBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    note: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().trim().max(500, '备注不能超过500个字').nullable().optional(),
    ),
  }),
);

export const jobsQuery = z.object({ modelId: z.coerce.number().int().positive().optional() });
