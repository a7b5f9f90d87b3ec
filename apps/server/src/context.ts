import type { Config } from './config';
import type { Db } from './db/client';

/** What every module receives: the database and the configuration. Kept apart from app.ts, which imports the modules. */
export interface AppContext {
  db: Db;
  config: Config;
}
