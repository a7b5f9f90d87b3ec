import { idParam } from '@peis/shared';
import { z } from 'zod';
import { sortQuery } from '../../lib/paging';
import { isRealDate } from './indicators';

/** Request schemas of the check routes (Chinese messages: the search form and the entry form show them). */
const dateText = (label: string) => z.string().refine(isRealDate, { message: `${label}格式应为 YYYY-MM-DD` });
const filterFields = {
  unitId: idParam('单位').optional(),
  name: z.string().max(30, '姓名不能超过30个字').optional(),
  idCard: z.string().max(18, '身份证号不能超过18位').optional(),
  year: z.coerce.number({ error: '年份无效' }).int('年份无效').min(2000, '年份无效').max(2100, '年份无效').optional(),
  provider: z.string().max(100, '体检机构不能超过100个字').optional(),
  dateFrom: dateText('开始日期').optional(),
  dateTo: dateText('结束日期').optional(),
  hasFindings: z.enum(['true', 'false'], { error: '是否有阳性应为 true 或 false' }).optional(),
};
export const listFilters = z.object({
  page: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').max(1_000_000, '页码无效').default(1),
  pageSize: z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1).max(500, '每页最多500条').default(20),
  ...sortQuery,
  ...filterFields,
});
export const exportFilters = z.object(filterFields);
export type Filters = z.infer<typeof exportFilters>;

const provider = z
  .string({ error: '体检机构应为文字' })
  .trim()
  .max(100, '体检机构不能超过100个字')
  .nullish()
  .transform((v) => v || null);
const values = z.record(z.string(), z.unknown(), { error: '请填写指标数值' });
const checkDate = z.string({ error: '请填写体检日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '体检日期格式应为 YYYY-MM-DD');

export const createBody = z.object({
  employeeId: z.number({ error: '请选择员工' }).int('请选择员工').positive('请选择员工'),
  checkDate,
  provider,
  values,
});
export type CreateBody = z.infer<typeof createBody>;
export const updateBody = z.object({
  checkDate,
  provider,
  values,
  version: z.number({ error: '缺少版本号' }).int('版本号无效').positive('版本号无效'),
});
export type UpdateBody = z.infer<typeof updateBody>;

export const importIdQuery = z.object({ importId: z.string().regex(/^[\w-]{1,64}$/, '导入编号无效') });
