import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { writeAudit } from '../../plugins/audit';
import { hashToken, newToken, type SessionUser } from '../../plugins/auth';

/** argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's minimum recommendation). */
export const hashPassword = (password: string) => hash(password);

// A constant hash to verify against when the username does not exist, so that answering takes as long
// for an unknown name as for a wrong password.
let dummyHash: Promise<string> | undefined;

interface LoginRow {
  id: number;
  username: string;
  password_hash: string;
  user_type: number;
  openid: string;
  enabled: boolean;
  failed_logins: number;
  locked_until: Date | null;
}

export interface LoginResult {
  token: string;
  username: string;
  userType: number;
  openid: string;
}

const lockedMessage = (until: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`;
};

export async function login(
  db: Db,
  config: Config,
  req: FastifyRequest,
  username: string,
  password: string,
): Promise<LoginResult> {
  const { rows } = await db.query<LoginRow>(
    `SELECT id, username, password_hash, user_type, openid, enabled, failed_logins, locked_until
       FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL`,
    [username],
  );
  const user = rows[0];
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password-1!');
    await verify(await dummyHash, password).catch(() => false);
    await db.tx((q) =>
      writeAudit(q, req, { action: 'login.failure', resource: 'session', username, detail: '用户名不存在' }),
    );
    throw unauthorized('用户名或密码错误');
  }
  if (user.locked_until && new Date(user.locked_until).getTime() > Date.now()) {
    await db.tx((q) =>
      writeAudit(q, req, {
        action: 'login.locked',
        resource: 'session',
        userId: user.id,
        username: user.username,
        detail: '账号锁定期间尝试登录',
      }),
    );
    throw new AppError(423, lockedMessage(new Date(user.locked_until)));
  }
  const ok = await verify(user.password_hash, password).catch(() => false);
  if (!ok) {
    // A lock that has run out starts a fresh count.
    const failures = (user.locked_until ? 0 : user.failed_logins) + 1;
    const lock = failures >= config.loginMaxFailures;
    const lockedUntil = lock ? new Date(Date.now() + config.loginLockMinutes * 60_000) : null;
    await db.tx(async (q) => {
      await q.query('UPDATE users SET failed_logins = $2, locked_until = $3 WHERE id = $1', [
        user.id,
        lock ? 0 : failures,
        lockedUntil,
      ]);
      await writeAudit(q, req, {
        action: lock ? 'login.lockout' : 'login.failure',
        resource: 'session',
        userId: user.id,
        username: user.username,
        detail: lock ? `连续${failures}次密码错误，锁定${config.loginLockMinutes}分钟` : `密码错误（第${failures}次）`,
      });
    });
    if (lockedUntil) throw new AppError(423, lockedMessage(lockedUntil));
    const left = config.loginMaxFailures - failures;
    throw unauthorized(`用户名或密码错误，再错${left}次将锁定账号${config.loginLockMinutes}分钟`);
  }
  if (!user.enabled) {
    await db.tx((q) =>
      writeAudit(q, req, {
        action: 'login.failure',
        resource: 'session',
        userId: user.id,
        username: user.username,
        detail: '账号已停用',
      }),
    );
    throw new AppError(403, '账号已停用，请联系管理员');
  }
  const token = newToken();
  await db.tx(async (q) => {
    await q.query('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1', [user.id]);
    const { rows: s } = await q.query<{ id: number }>(
      `INSERT INTO sessions (token_hash, user_id, expires_at, ip, user_agent)
       VALUES ($1, $2, now() + make_interval(mins => $3), $4, $5) RETURNING id`,
      [hashToken(token), user.id, Math.round(config.sessionMaxHours * 60), req.ip, req.headers['user-agent'] ?? null],
    );
    await writeAudit(q, req, {
      action: 'login.success',
      resource: 'session',
      recordId: s[0].id,
      userId: user.id,
      username: user.username,
    });
  });
  return { token, username: user.username, userType: user.user_type, openid: user.openid };
}

export async function logout(db: Db, req: FastifyRequest, user: SessionUser): Promise<void> {
  await db.tx(async (q) => {
    await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [user.sessionId]);
    await writeAudit(q, req, { action: 'logout', resource: 'session', recordId: user.sessionId });
  });
}

export async function changePassword(
  db: Db,
  req: FastifyRequest,
  user: SessionUser,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
    user.id,
  ]);
  if (!rows[0] || !(await verify(rows[0].password_hash, oldPassword).catch(() => false))) {
    throw badRequest('原密码错误', [{ path: 'oldPassword', message: '原密码错误' }]);
  }
  if (oldPassword === newPassword) {
    throw badRequest('新密码不能与原密码相同', [{ path: 'newPassword', message: '新密码不能与原密码相同' }]);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.tx(async (q) => {
    await q.query(
      'UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now(), version = version + 1 WHERE id = $1',
      [user.id, passwordHash],
    );
    // Other sessions of the account end: whoever knew the old password is signed out.
    await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
      user.id,
      user.sessionId,
    ]);
    await writeAudit(q, req, { action: 'password.change', resource: 'user', recordId: user.id });
  });
}
