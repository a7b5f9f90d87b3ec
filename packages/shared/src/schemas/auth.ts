import { z } from 'zod';

export const PASSWORD_RULE_MESSAGE = '密码至少8位，且须同时包含字母、数字和符号';

/** At least 8 characters with letters, digits and a symbol. */
export const passwordSchema = z
  .string({ error: '请输入密码' })
  .min(8, PASSWORD_RULE_MESSAGE)
  .max(64, '密码不能超过64位')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v), PASSWORD_RULE_MESSAGE);

export const loginBodySchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名不能超过64位'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过128位'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  username: z.string(),
  userType: z.number().int(),
  openid: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const unitScopeSchema = z
  .object({ unitId: z.number().int(), unitName: z.string() })
  .nullable()
  .describe('null = the whole company');

export const meResponseSchema = z.object({
  username: z.string(),
  name: z.string(),
  userType: z.number().int(),
  openid: z.string(),
  roleName: z.string(),
  menus: z.array(z.string()),
  btnPermissions: z.array(z.string()),
  unitScope: unitScopeSchema,
  employeeId: z.number().int().nullable(),
  /** The account's own picture (an upload url), shown in the header; null when none. */
  avatar: z.string().nullable(),
  /** The password was set by an administrator: the account must change it before anything else. */
  mustChangePassword: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const changePasswordBodySchema = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Every error answer: SPEC §8 statuses with a Chinese message and, for 400, field-level reasons. */
export const errorResponseSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export interface UnitTreeNode {
  id: number;
  name: string;
  shortName?: string;
  children: UnitTreeNode[];
}
