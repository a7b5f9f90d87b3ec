import {
  changePasswordBodySchema,
  errorResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
} from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { changePassword, login, logout } from './service';

const okSchema = z.object({ code: z.literal(200), msg: z.string() });

export async function authRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/login',
    {
      config: { public: true },
      schema: {
        tags: ['登录'],
        summary: '登录（同一用户名在同一地址连续输错密码会锁定，同一地址失败过多会被限流）',
        body: loginBodySchema,
        response: {
          200: loginResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          423: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (req) => login(db, config, req, req.body.username, req.body.password),
  );

  r.get(
    '/api/me',
    {
      config: { beforePasswordChange: true },
      schema: { tags: ['登录'], summary: '当前账号、菜单与按钮权限', response: { 200: meResponseSchema } },
    },
    async (req) => {
      const u = currentUser(req);
      return {
        username: u.username,
        name: u.name,
        userType: u.userType,
        openid: u.openid,
        roleName: u.roleName,
        menus: u.menus,
        btnPermissions: u.buttons,
        unitScope: u.unitId === null ? null : { unitId: u.unitId, unitName: u.unitName ?? '' },
        employeeId: u.employeeId,
        avatar: u.avatar,
        mustChangePassword: u.mustChangePassword,
      };
    },
  );

  r.post(
    '/api/logout',
    {
      config: { beforePasswordChange: true },
      schema: { tags: ['登录'], summary: '退出登录（令牌立即失效）', response: { 200: okSchema } },
    },
    async (req) => {
      await logout(db, req, currentUser(req));
      return { code: 200 as const, msg: '已退出登录' };
    },
  );

  r.put(
    '/api/password',
    {
      config: { beforePasswordChange: true },
      schema: {
        tags: ['登录'],
        summary: '修改密码',
        body: changePasswordBodySchema,
        response: { 200: okSchema, 400: errorResponseSchema },
      },
    },
    async (req) => {
      await changePassword(db, req, currentUser(req), req.body.oldPassword, req.body.newPassword);
      return { code: 200 as const, msg: '密码已修改' };
    },
  );
}
