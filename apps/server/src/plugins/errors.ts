import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors';

/** Zod issues as the `errors` list of a 400 answer: the field path and its Chinese reason. */
export function zodIssues(err: ZodError): { path: string; message: string }[] {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: '请求格式错误',
  404: '接口不存在',
  405: '请求方法不被允许',
  406: '不支持的响应格式',
  413: '请求内容过大',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
};

/**
 * Database refusals that a request can cause (SQLSTATE → status and Chinese reason). Validation comes
 * first and should catch these; this is the net under it, so bad input is never a 500 — and the
 * transaction that met it has rolled back, so nothing is half-written.
 */
function databaseRefusal(code: string): { status: number; msg: string } | undefined {
  if (code === '23505') return { status: 409, msg: '数据已存在或已被他人修改，请刷新后重试' };
  if (code === '23503') return { status: 409, msg: '关联的数据不存在或已被删除，请刷新后重试' };
  if (code === '40001' || code === '40P01') return { status: 409, msg: '操作与他人同时进行，请重试' };
  if (code === '57014') return { status: 503, msg: '服务器繁忙，请稍后再试' };
  if (code.startsWith('22')) return { status: 400, msg: '输入的数值超出范围或格式不正确' };
  return undefined;
}

/**
 * One error shape for the whole API: { code, msg, errors? } with the statuses of ARCHITECTURE.md.
 * Bad input is always a 4xx; only a fault of the server itself is a 500, and its details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .send({ code: err.statusCode, msg: err.message, errors: err.errors, data: err.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: `${v.instancePath}`.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? '格式错误',
      }));
      return reply.code(400).send({ code: 400, msg: errors[0]?.message ?? '请求参数错误', errors });
    }
    if (err instanceof ZodError) {
      const errors = zodIssues(err);
      return reply.code(400).send({ code: 400, msg: errors[0]?.message ?? '请求参数错误', errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ code: 500, msg: '服务器内部错误' });
    }
    // A malformed multipart body is the client's fault: busboy throws plain errors without a status.
    if (!err.statusCode && /multipart|part header|end of form|boundary/i.test(err.message ?? '')) {
      return reply.code(400).send({ code: 400, msg: '上传内容格式错误' });
    }
    const refusal =
      typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) ? databaseRefusal(err.code) : undefined;
    if (refusal) {
      req.log.warn({ err }, 'database refused the request');
      return reply.code(refusal.status).send({ code: refusal.status, msg: refusal.msg });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? '请求体不是有效的JSON'
          : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? '请求体不能为空'
            : (FRAMEWORK_MESSAGES[status] ?? '请求错误');
      return reply.code(status).send({ code: status, msg });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: 500, msg: '服务器内部错误' });
  });
}
