import { verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, fieldError, unauthorized } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { writeAudit } from '../../plugins/audit';
import { hashToken, newToken, type SessionUser } from '../../plugins/auth';

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
}

export interface LoginResult {
  token: string;
  username: string;
  userType: number;
  openid: string;
}

/** The lock message: how long until a locked name may try again from this address. */
const lockedMessage = (until: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`;
};

/** An address may fail this many times (over all usernames) in LOGIN_LOCK_MINUTES before it is refused. */
export const addressMaxFailures = (config: Config) => config.loginMaxFailures * 4;

/**
 * Counts a sign-in attempt from an address against its window, before any password is checked; one
 * statement, so parallel attempts each get their own number. A new window starts once the last has ended.
 */
async function claimAddressAttempt(db: Db, config: Config, ip: string) {
  const { rows } = await db.query<{ failures: number; expires_at: Date }>(
    `INSERT INTO login_throttle AS t (username, ip, failures, expires_at)
     VALUES ('', $1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (username, ip) DO UPDATE SET
       failures = CASE WHEN t.expires_at <= now() THEN 1 ELSE t.failures + 1 END,
       expires_at = CASE WHEN t.expires_at <= now() THEN now() + make_interval(secs => $2) ELSE t.expires_at END
     RETURNING failures, expires_at`,
    [ip, config.loginLockMinutes * 60],
  );
  return { failures: rows[0].failures, until: new Date(rows[0].expires_at) };
}

/**
 * Counts an attempt of a username from an address (its consecutive failures there), before the password
 * is checked: parallel guesses each take a number, and those past the limit are refused unchecked.
 * While the pair is locked nothing is counted; a lock that has run out starts a fresh count. An attempt past
 * the limit sets the lock itself, so a guess that never finishes cannot leave the pair refused for good
 * (and if the guess that reached the limit was right, its success clears the lock again).
 */
async function claimNameAttempt(db: Db, config: Config, name: string, ip: string) {
  const { rows } = await db.query<{ failures: number; locked_until: Date | null }>(
    `INSERT INTO login_throttle AS t (username, ip, failures, expires_at)
     VALUES ($1, $2, 1, now() + interval '1 day')
     ON CONFLICT (username, ip) DO UPDATE SET
       failures = CASE WHEN t.locked_until > now() THEN t.failures
                       WHEN t.locked_until <= now() OR t.expires_at <= now() THEN 1
                       ELSE t.failures + 1 END,
       locked_until = CASE WHEN t.locked_until > now() THEN t.locked_until
                           WHEN t.locked_until IS NULL AND t.expires_at > now() AND t.failures + 1 > $3
                             THEN now() + make_interval(secs => $4) END,
       expires_at = greatest(t.expires_at, now() + interval '1 day', now() + make_interval(secs => $4))
     RETURNING failures, locked_until`,
    [name, ip, config.loginMaxFailures, config.loginLockMinutes * 60],
  );
  const lockedUntil = rows[0].locked_until ? new Date(rows[0].locked_until) : null;
  return {
    failures: rows[0].failures,
    lockedUntil: lockedUntil && lockedUntil.getTime() > Date.now() ? lockedUntil : null,
  };
}

export async function login(
  db: Db,
  config: Config,
  req: FastifyRequest,
  username: string,
  password: string,
): Promise<LoginResult> {
  const ip = req.ip ?? '';
  const name = username.toLowerCase();
  // Started before anything else, so the first unknown name does not answer slower than a known one.
  dummyHash ??= hashPassword('not-a-real-password-1!');

  const address = await claimAddressAttempt(db, config, ip);
  if (address.failures === 1) {
    // A new window: forget the counts nobody needs any more (keeps the table as small as the traffic).
    await db.query('DELETE FROM login_throttle WHERE expires_at < now()');
  }
  if (address.failures > addressMaxFailures(config)) {
    // Audited once per window: a hammering address cannot flood the audit log.
    if (address.failures === addressMaxFailures(config) + 1) {
      await db.tx((q) =>
        writeAudit(q, req, {
          action: 'login.throttled',
          resource: 'session',
          username,
          detail: `该地址登录失败次数过多，${config.loginLockMinutes}分钟内不再受理`,
        }),
      );
    }
    const minutes = Math.max(1, Math.ceil((address.until.getTime() - Date.now()) / 60_000));
    throw new AppError(429, `登录尝试过于频繁，请${minutes}分钟后再试`);
  }

  const attempt = await claimNameAttempt(db, config, name, ip);
  const { rows } = await db.query<LoginRow>(
    `SELECT id, username, password_hash, user_type, openid, enabled
       FROM users WHERE lower(username) = $1 AND deleted_at IS NULL`,
    [name],
  );
  const user = rows[0];
  const who = { userId: user?.id ?? null, username: user?.username ?? username };
  if (attempt.lockedUntil || attempt.failures > config.loginMaxFailures) {
    // Locked (also by a parallel guess past the limit while the guess that reached it is still being checked).
    await db.tx((q) =>
      writeAudit(q, req, {
        action: 'login.locked',
        resource: 'session',
        ...who,
        detail: '账号锁定期间尝试登录',
      }),
    );
    throw new AppError(
      423,
      lockedMessage(attempt.lockedUntil ?? new Date(Date.now() + config.loginLockMinutes * 60_000)),
    );
  }

  // An unknown name is checked against a dummy hash and counted like a known one: same answers, same time.
  const ok = user
    ? await verify(user.password_hash, password).catch(() => false)
    : await verify(await dummyHash, password)
        .catch(() => false)
        .then(() => false);
  if (!ok || !user) {
    const lock = attempt.failures >= config.loginMaxFailures;
    await db.tx(async (q) => {
      if (lock) {
        await q.query(
          `UPDATE login_throttle SET locked_until = now() + make_interval(secs => $3),
                  expires_at = greatest(expires_at, now() + make_interval(secs => $3))
            WHERE username = $1 AND ip = $2`,
          [name, ip, config.loginLockMinutes * 60],
        );
      }
      await writeAudit(q, req, {
        action: lock ? 'login.lockout' : 'login.failure',
        resource: 'session',
        ...who,
        detail: !user
          ? '用户名不存在'
          : lock
            ? `连续${attempt.failures}次密码错误，锁定${config.loginLockMinutes}分钟`
            : `密码错误（第${attempt.failures}次）`,
      });
    });
    if (lock) throw new AppError(423, lockedMessage(new Date(Date.now() + config.loginLockMinutes * 60_000)));
    const left = config.loginMaxFailures - attempt.failures;
    throw unauthorized(`用户名或密码错误，再错${left}次将锁定账号${config.loginLockMinutes}分钟`);
  }
  // The right password: this name's count at this address starts again, and the address is not charged.
  await db.tx(async (q) => {
    await q.query('DELETE FROM login_throttle WHERE username = $1 AND ip = $2', [name, ip]);
    await q.query("UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE username = '' AND ip = $1", [
      ip,
    ]);
  });
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
    throw fieldError('oldPassword', '原密码错误');
  }
  if (oldPassword === newPassword) {
    throw fieldError('newPassword', '新密码不能与原密码相同');
  }
  const passwordHash = await hashPassword(newPassword);
  await db.tx(async (q) => {
    await q.query(
      `UPDATE users SET password_hash = $2, password_changed_at = now(), must_change_password = false,
              updated_at = now(), version = version + 1 WHERE id = $1`,
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
