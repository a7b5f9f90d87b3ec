import { type Config, ConfigError } from '../config';
import { DataDirBusyError, DataDirError, NotADataDirError } from './data-dir';

/**
 * The errors an operator can fix — a bad environment value, a port in use, an unreachable database, a data folder
 * that cannot be written — as one Chinese-and-English line saying what is wrong and what to do, instead of a
 * stack trace (SPEC's operator rule). Anything else is a bug and keeps its stack.
 */

/** What failed, for the line's opening words: starting the server, a backup, a restore. */
export interface Action {
  zh: string;
  en: string;
}
export const STARTING: Action = { zh: '启动失败', en: 'Cannot start' };

/** The operator's line for `err`, or undefined when it is not an operator's error. */
export function operatorMessage(err: unknown, config?: Partial<Config>, action: Action = STARTING): string | undefined {
  const say = (zh: string, en: string) => oneLine(`${action.zh}：${zh} / ${action.en}: ${en}`);
  if (err instanceof ConfigError) {
    const v = err.variable;
    return say(
      `环境变量 ${v} 的值 "${err.value}" 无效，应为${err.expectedZh}。请修正 ${v} 后重试。`,
      `${v}="${err.value}" is not valid: expected ${err.expectedEn}. Correct ${v} and try again.`,
    );
  }
  if (err instanceof DataDirError && (err.code === 'EEXIST' || err.code === 'ENOTDIR')) {
    return say(
      `${err.dir} 不是目录（路径上有同名文件）。请将 ${err.variable} 设为一个目录。`,
      `${err.dir} is not a folder (a file is in the way). Set ${err.variable} to a folder.`,
    );
  }
  if (err instanceof DataDirError) {
    return say(
      `目录 ${err.dir} 无法写入（${err.code}）。请修改其权限，或将 ${err.variable} 设为可写的目录。`,
      `the folder ${err.dir} cannot be written (${err.code}). Fix its permissions or set ${err.variable} to a writable folder.`,
    );
  }
  if (err instanceof NotADataDirError) {
    return say(
      `目录 ${err.dir} 既不是空目录，也不是数据目录（其中有 ${err.sample.join('、')} 等）。请将 DATA_DIR 设为空目录或已有的数据目录。`,
      `${err.dir} is neither empty nor a data folder (it holds ${err.sample.join(', ')} …). Set DATA_DIR to an empty folder or an existing data folder.`,
    );
  }
  if (err instanceof DataDirBusyError) {
    return say(
      `数据目录 ${err.dir} 正被另一个进程（${err.holder}，pid ${err.pid}）使用。请先停止该进程；若它已不存在，删除 ${err.lockFile}。`,
      `the data folder ${err.dir} is in use by another process (${err.holder}, pid ${err.pid}). Stop it first; if it no longer runs, delete ${err.lockFile}.`,
    );
  }
  const e = errnoOf(err);
  if (!e) return undefined;
  if (e.syscall === 'listen') {
    const port = e.port ?? config?.port;
    const host = e.address ?? config?.host;
    if (e.code === 'EADDRINUSE') {
      return say(
        `端口 ${port} 已被占用。请关闭占用该端口的程序或设置 PORT 为其他端口。`,
        `port ${port} is in use. Stop the other program or set PORT to a free port.`,
      );
    }
    if (e.code === 'EACCES') {
      return say(
        `没有权限监听端口 ${port}（1024 以下的端口需要管理员权限）。请设置 PORT 为 1024 以上的端口。`,
        `no permission to listen on port ${port} (ports below 1024 need administrator rights). Set PORT to a port above 1024.`,
      );
    }
    if (e.code === 'EADDRNOTAVAIL') {
      return say(
        `本机没有地址 ${host}。请将 HOST 设为本机的地址（如 0.0.0.0）。`,
        `${host} is not an address of this machine. Set HOST to one of its addresses (e.g. 0.0.0.0).`,
      );
    }
    return undefined;
  }
  if (config?.databaseUrl) return databaseMessage(e, config.databaseUrl, say);
  return undefined;
}

type Errno = { code?: string; syscall?: string; port?: number; address?: string; message: string };

/** The error's code and syscall; an AggregateError (IPv4 and IPv6 both tried) gives its first. */
function errnoOf(err: unknown): Errno | undefined {
  if (!(err instanceof Error)) return undefined;
  const e = err as Error & Errno & { errors?: unknown[] };
  if (!e.code && Array.isArray(e.errors) && e.errors[0] instanceof Error) return errnoOf(e.errors[0]);
  return e.code ? e : undefined;
}

function databaseMessage(e: Errno, databaseUrl: string, say: (zh: string, en: string) => string) {
  let host = '';
  let name = '';
  try {
    const url = new URL(databaseUrl);
    host = `${url.hostname || 'localhost'}:${url.port || 5432}`;
    name = decodeURIComponent(url.pathname.replace(/^\//, '')) || url.username || 'postgres';
  } catch {
    // loadConfig has checked it already.
  }
  const at = `${host}/${name}`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return say(
        `无法连接数据库 ${at}（连接被拒绝）。请确认 PostgreSQL 已启动，或修正 DATABASE_URL。`,
        `the database at ${at} refused the connection. Start PostgreSQL or correct DATABASE_URL.`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return say(
        `找不到数据库主机 ${host.replace(/:\d+$/, '')}。请修正 DATABASE_URL 中的主机名。`,
        `the database host ${host.replace(/:\d+$/, '')} was not found. Correct the host in DATABASE_URL.`,
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return say(
        `无法到达数据库 ${at}（${e.code}）。请检查网络，或修正 DATABASE_URL。`,
        `the database at ${at} cannot be reached (${e.code}). Check the network or correct DATABASE_URL.`,
      );
    case '28P01':
    case '28000':
      return say(
        `数据库 ${at} 拒绝登录（${e.message}）。请修正 DATABASE_URL 中的用户名和密码。`,
        `the database at ${at} refused the sign-in (${e.message}). Correct the user and password in DATABASE_URL.`,
      );
    case '3D000':
      return say(
        `数据库 ${name} 在 ${host} 上不存在。请先创建它（createdb ${name}），或修正 DATABASE_URL。`,
        `database ${name} does not exist on ${host}. Create it (createdb ${name}) or correct DATABASE_URL.`,
      );
    default:
      return undefined;
  }
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ');
}

/**
 * Connects once to DATABASE_URL before the server opens its pool: the pool waits for ever on a host that takes
 * the connection and never answers (a firewall, a wrong port on a busy machine), so a start-up against it would
 * hang without a word. Fails with ETIMEDOUT after `timeoutMs`, or with the driver's own error (refused, unknown
 * host, sign-in refused, no such database), all of which operatorMessage explains.
 */
export async function probeDatabase(url: string, timeoutMs = 10_000): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer from the database in ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
  });
  try {
    await Promise.race([client.connect(), timeout]);
  } catch (err) {
    // end() on a client that never connected would wait for the same silent server.
    client.connection.stream.destroy();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  await client.end();
}
