/**
 * Backup and restore of the configured database (DATABASE_URL, or the PGlite folder DATA_DIR) and its uploads:
 *
 *   npm run backup [-- --out FILE]
 *   npm run restore -- FILE [--force]
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config';
import { BackupError, backup, defaultBackupFile, restore } from './backup';
import { operatorMessage } from './operator-errors';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const USAGE = `用法 usage:
  npm run backup [-- --out FILE]      archive the database and uploaded files (default: backups/peis-<kind>-<time>.tar.gz)
  npm run restore -- FILE [--force]   restore an archive into an empty DATA_DIR / database; --force replaces existing data`;

const parse = (args: string[]) =>
  parseArgs({
    args,
    options: {
      out: { type: 'string', short: 'o' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(rest);
  } catch (err) {
    // An unknown option or a missing value: say which, and how to call, not a stack.
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  // npm runs scripts in the repository root; a relative path means the caller's folder.
  const callerPath = (p: string) => resolve(process.env.INIT_CWD ?? process.cwd(), p);
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const action =
    command === 'backup' ? { zh: '备份失败', en: 'Backup failed' } : { zh: '恢复失败', en: 'Restore failed' };
  let config: Config | undefined;
  try {
    config = loadConfig();
    if (command === 'backup') {
      await backup(config, values.out ? callerPath(values.out) : defaultBackupFile(config, repoRoot), console.log);
    } else {
      if (positionals.length !== 1) {
        console.error(USAGE);
        return 1;
      }
      await restore(config, callerPath(positionals[0]), { force: values.force }, console.log);
    }
    return 0;
  } catch (err) {
    const line =
      err instanceof BackupError
        ? `${action.zh}：${err.zh} / ${action.en}: ${err.en}`
        : operatorMessage(err, config, action);
    console.error(line ?? err);
    return 1;
  }
}

main().then((code) => process.exit(code));
