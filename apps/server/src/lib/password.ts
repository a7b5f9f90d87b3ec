import { hash } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's minimum recommendation). Here, not in the
 * auth module, because accounts are also created by the admin module and the seed.
 */
export const hashPassword = (password: string) => hash(password);
