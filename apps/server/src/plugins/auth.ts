import { createHash, randomBytes } from 'node:crypto';
import type { PermissionCode } from '@peis/shared';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, forbidden, unauthorized } from '../lib/errors';

/** The answer (428) to every call but the session's own while the initial password is unchanged. */
export const MUST_CHANGE_PASSWORD_MESSAGE = '当前密码为管理员设置的初始密码，请先修改密码';

/** The signed-in account behind a request, with its role's permissions and unit scope. */
export interface SessionUser {
  id: number;
  sessionId: number;
  username: string;
  name: string;
  userType: number;
  openid: string;
  roleName: string;
  menus: string[];
  buttons: string[];
  /** Root unit of the account's scope; null = the whole company. */
  unitId: number | null;
  unitName: string | null;
  /** '/1/4/' path of the scope root; null = the whole company. */
  unitPath: string | null;
  /** Regular staff: the only employee whose data the account reaches. */
  employeeId: number | null;
  /** The account's own picture (an upload url). */
  avatar: string | null;
  /** Signed in with a password an administrator set: nothing but changing it is allowed until then. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (login, health). Every other route requires a session. */
    public?: boolean;
    /** The session token may also come as ?token= (file links opened by <img src> or a new tab). */
    tokenInQuery?: boolean;
    /** Menu or button permission the route requires (SPEC §6 codes; a typo fails to compile). */
    permission?: PermissionCode;
    /** Answers an account that must still change its initial password (the session, the change, sign-out). */
    beforePasswordChange?: boolean;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 256 random bits, URL-safe: opaque, unguessable, meaningful only through the sessions table. */
export const newToken = () => randomBytes(32).toString('base64url');

// Touching last_seen_at on every call would write on every read. At most once a minute is precise enough
// for a 30-minute idle timeout; a short one (a minute or less) is touched every quarter of it, so a session
// in use never looks idle.
const touchEveryMs = (idleMinutes: number) => Math.min(60_000, (idleMinutes * 60_000) / 4);

interface SessionRow {
  session_id: number;
  last_seen_at: Date;
  expires_at: Date;
  user_id: number;
  username: string;
  name: string;
  user_type: number;
  openid: string;
  enabled: boolean;
  role_name: string;
  menus: string[];
  buttons: string[];
  unit_id: number | null;
  unit_name: string | null;
  unit_path: string | null;
  employee_id: number | null;
  avatar: string | null;
  must_change_password: boolean;
}

/** Finds the live session of a bearer token, or throws 401. Expired sessions are revoked on the way. */
export async function resolveSession(db: Db, config: Config, authorization: string | undefined): Promise<SessionUser> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw unauthorized('请先登录');
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id AS session_id, s.last_seen_at, s.expires_at, u.id AS user_id, u.username, u.name, u.user_type,
            u.openid, u.enabled, r.name AS role_name, r.menus, r.buttons, u.unit_id, un.short_name AS unit_name,
            un.path AS unit_path, u.employee_id, u.avatar, u.must_change_password
       FROM sessions s
       JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
       JOIN roles r ON r.id = u.role_id
       LEFT JOIN units un ON un.id = u.unit_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [hashToken(match[1])],
  );
  const row = rows[0];
  if (!row?.enabled) throw unauthorized('登录已失效，请重新登录');
  const now = Date.now();
  const idleLimit = new Date(row.last_seen_at).getTime() + config.sessionIdleMinutes * 60_000;
  if (now > new Date(row.expires_at).getTime() || now > idleLimit) {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [row.session_id]);
    throw unauthorized('登录已过期，请重新登录');
  }
  if (now - new Date(row.last_seen_at).getTime() > touchEveryMs(config.sessionIdleMinutes)) {
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [row.session_id]);
  }
  return {
    id: row.user_id,
    sessionId: row.session_id,
    username: row.username,
    name: row.name,
    userType: row.user_type,
    openid: row.openid,
    roleName: row.role_name,
    menus: row.menus,
    buttons: row.buttons,
    unitId: row.unit_id,
    unitName: row.unit_name,
    unitPath: row.unit_path,
    employeeId: row.employee_id == null ? null : Number(row.employee_id),
    avatar: row.avatar ?? null,
    mustChangePassword: row.must_change_password === true,
  };
}

export function can(user: SessionUser, permission: string): boolean {
  return user.menus.includes(permission) || user.buttons.includes(permission);
}

/**
 * Routes that anyone may read, by the pattern the router matched (never the raw URL, which may be
 * percent-encoded): the web app's files and, where enabled, the API documentation.
 */
const PUBLIC_ROUTE_PREFIXES = ['/peis', '/api/docs'];

const isPublicRoute = (pattern: string, config: FastifyContextConfig | undefined) =>
  config?.public === true ||
  pattern === '/' ||
  PUBLIC_ROUTE_PREFIXES.some((p) => pattern === p || pattern.startsWith(`${p}/`));

/**
 * Every route needs a live session and the permission it declares, unless it opts out with
 * `config: { public: true }`. The decision is made on the route the router matched, so an encoded,
 * double-encoded or otherwise disguised path reaches either a route (and its checks) or the 404
 * handler. Runs before validation, so an anonymous caller learns nothing about a route's input.
 */
export function registerAuth(app: FastifyInstance, db: Db, config: Config) {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const pattern = req.routeOptions.url;
    if (pattern === undefined) return; // no route matched: the not-found handler answers 404
    const routeConfig = req.routeOptions.config;
    if (isPublicRoute(pattern, routeConfig)) return;
    req.user = await resolveSession(db, config, sessionCredential(req, routeConfig?.tokenInQuery === true));
    // A password an administrator set is theirs too: until the account picks its own, nothing else answers.
    if (req.user.mustChangePassword && routeConfig?.beforePasswordChange !== true) {
      throw new AppError(428, MUST_CHANGE_PASSWORD_MESSAGE);
    }
    const permission = routeConfig?.permission;
    if (permission && !can(req.user, permission)) throw forbidden();
  });
}

/**
 * The bearer credential of a request. A route that serves files to <img src> and new tabs, which cannot
 * send a header, also takes the token as ?token= (resolved exactly like the header).
 */
function sessionCredential(req: FastifyRequest, tokenInQuery: boolean): string | undefined {
  if (req.headers.authorization || !tokenInQuery) return req.headers.authorization;
  const token = (req.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token ? `Bearer ${token}` : undefined;
}

/** The signed-in user of a route that requires one. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
