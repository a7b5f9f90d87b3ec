import { BODY_CONTROL_CHARS, PARAM_CONTROL_CHARS } from '@peis/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

const MESSAGE = '不能包含控制字符';

/** The path of the first string under `value` that matches `re`, or null. */
function findControlChars(value: unknown, re: RegExp, path: string[] = []): string[] | null {
  if (typeof value === 'string') return re.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlChars(value[i], re, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (re.test(key)) return [...path, key];
      const found = findControlChars(v, re, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses text with control characters in every path parameter, query and JSON body before any route
 * sees it: PostgreSQL cannot store NUL (it would answer a 500 mid-write), and no field of this product
 * holds other control characters. Tabs and line breaks stay allowed in bodies (notes, descriptions).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [where, value, re] of [
      ['params', req.params, PARAM_CONTROL_CHARS],
      ['query', req.query, PARAM_CONTROL_CHARS],
      ['body', req.body, BODY_CONTROL_CHARS],
    ] as const) {
      const path = findControlChars(value, re);
      if (path) {
        const field = path.join('.') || where;
        throw badRequest('输入内容包含不允许的控制字符', [{ path: field, message: MESSAGE }]);
      }
    }
  });
}
