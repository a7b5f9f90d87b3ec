import { idParam } from '@peis/shared';
import { z } from 'zod';
import { pageQuery } from '../../lib/paging';

/** Request schemas of the record routes (Chinese messages: the search form and the transfer form show them). */
export const listFilters = z.object({
  ...pageQuery,
  unitId: idParam('单位').optional(),
  name: z.string().max(30).optional(),
  idCard: z.string().max(18).optional(),
  sex: z.coerce.number().int().min(1).max(2).optional(),
  ageFrom: z.coerce.number({ error: '年龄无效' }).int().min(0).max(150).optional(),
  ageTo: z.coerce.number({ error: '年龄无效' }).int().min(0).max(150).optional(),
  complete: z.enum(['true', 'false']).optional(),
  hasRecord: z.enum(['true', 'false']).optional(),
  riskLevel: z.enum(['健康', '风险', '异常', '慢病', '重病'], { error: '风险等级无效' }).optional(),
  /** A disease of the tags, e.g. 高血压 (any level) or 高血压:2. */
  disease: z.string().max(20).optional(),
});
export type ListFilters = z.infer<typeof listFilters>;

export const progressQuery = z.object({ unitId: idParam('单位').optional() });
export const incompleteQuery = z.object({ ...pageQuery, unitId: idParam('单位') });
export const transferQuery = z.object({ ...pageQuery, name: z.string().max(30).optional() });
export type TransferQuery = z.infer<typeof transferQuery>;

export const transferBody = z
  .object({
    employeeIds: z
      .array(z.number().int().positive(), { error: '请选择档案' })
      .min(1, '请选择档案')
      .max(500, '一次最多转移500份'),
    toUnitId: z.number().int().positive().optional(),
    toUserId: z.number().int().positive().optional(),
    reason: z.string({ error: '请填写转移原因' }).trim().min(1, '请填写转移原因').max(200, '转移原因不能超过200个字'),
  })
  .refine((b) => b.toUnitId || b.toUserId, { message: '请选择接收单位或责任人', path: ['toUnitId'] });
export type TransferBody = z.infer<typeof transferBody>;
