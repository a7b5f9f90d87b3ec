import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { DataDirBusyError, DataDirError, NotADataDirError } from './data-dir';
import { operatorMessage } from './operator-errors';

const errno = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(code), { code, ...extra });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const pgConfig = { port: 8080, host: '0.0.0.0', databaseUrl: 'postgres://peis:s3cret@db.local:5433/peis' };

/** One line, Chinese then English, no stack. */
function expectOneLine(line: string | undefined, ...parts: string[]) {
  expect(line).toBeDefined();
  expect(line).not.toContain('\n');
  expect(line).not.toContain('    at ');
  expect(line).toMatch(/^启动失败：.+ \/ Cannot start: .+$/);
  for (const p of parts) expect(line).toContain(p);
}

describe('operatorMessage', () => {
  it('says which variable is wrong and what it should be', () => {
    const line = operatorMessage(
      new ConfigError('PORT', 'abc', '1 到 65535 之间的整数', 'a whole number from 1 to 65535'),
    );
    expectOneLine(line, 'PORT', '"abc"', '1 到 65535', 'a whole number from 1 to 65535');
  });

  it('names the port in use, or not permitted, or the address not on this machine', () => {
    const cfg = { port: 8080, host: '0.0.0.0' };
    expectOneLine(
      operatorMessage(errno('EADDRINUSE', { syscall: 'listen', port: 8080 }), cfg),
      '启动失败：端口 8080 已被占用。请关闭占用该端口的程序或设置 PORT 为其他端口。',
      'Cannot start: port 8080 is in use. Stop the other program or set PORT to a free port.',
    );
    expectOneLine(operatorMessage(errno('EACCES', { syscall: 'listen', port: 80 }), cfg), '端口 80', 'PORT');
    expectOneLine(
      operatorMessage(errno('EADDRNOTAVAIL', { syscall: 'listen', address: '10.1.2.3', port: 8080 }), cfg),
      '10.1.2.3',
      'HOST',
    );
  });

  it('explains each way DATABASE_URL can fail, without its password', () => {
    const cases: [Error, string][] = [
      [errno('ECONNREFUSED', { syscall: 'connect' }), 'refused the connection'],
      [new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')], 'connect'), 'refused the connection'],
      [errno('ENOTFOUND', { syscall: 'getaddrinfo' }), 'db.local was not found'],
      [errno('ETIMEDOUT'), 'cannot be reached'],
      [pgError('28P01', 'password authentication failed for user "peis"'), 'refused the sign-in'],
      [pgError('28000', 'role "peis" does not exist'), 'refused the sign-in'],
      [pgError('3D000', 'database "peis" does not exist'), 'createdb peis'],
    ];
    for (const [err, says] of cases) {
      const line = operatorMessage(err, pgConfig);
      expectOneLine(line, says, 'DATABASE_URL');
      expect(line).not.toContain('s3cret');
    }
    // Without a DATABASE_URL those codes are not about the database: left to the stack.
    expect(operatorMessage(errno('ECONNREFUSED'), { port: 8080 })).toBeUndefined();
  });

  it('names a folder that cannot be written, or is held by another process', () => {
    expectOneLine(
      operatorMessage(new DataDirError('/srv/data', 'DATA_DIR', 'EACCES')),
      '/srv/data',
      'EACCES',
      'DATA_DIR',
    );
    expectOneLine(operatorMessage(new DataDirError('/srv/data', 'DATA_DIR', 'ENOTDIR')), 'is not a folder', 'DATA_DIR');
    expectOneLine(operatorMessage(new NotADataDirError('/home/op', ['a.txt', 'b'])), '/home/op', 'a.txt', 'DATA_DIR');
    expectOneLine(
      operatorMessage(new DataDirBusyError('/srv/data', 4242, 'server', '/srv/data/peis.lock')),
      'pid 4242',
      '/srv/data/peis.lock',
    );
  });

  it('leaves every other error to its stack', () => {
    expect(operatorMessage(new Error('boom'), pgConfig)).toBeUndefined();
    expect(operatorMessage(pgError('42P01', 'relation "x" does not exist'), pgConfig)).toBeUndefined();
    expect(operatorMessage('not an error')).toBeUndefined();
  });
});
