import type { Config } from '../config';
import { LocalStorage } from './local';
import type { Storage } from './storage';

export { LocalStorage } from './local';
export * from './storage';

/** The storage of the configuration: the local folder config.uploadDir (DATA_DIR/uploads by default). */
export function createStorage(config: Config): Storage {
  return new LocalStorage(config.uploadDir);
}
