import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body described in the OpenAPI document but validated by the handler itself (e.g. POST /phr/form,
     * whose refusals must carry SPEC §7's `status`), so Fastify does not validate it first.
     */
    docBody?: z.ZodType;
  }
}

/**
 * The answer of a route that declares no response schema: SPEC §7's envelope, described generically so no
 * route is undocumented. Registered, so the document holds it once under components.schemas.
 */
export const apiAnswerSchema = z
  .object({
    code: z.number().int().describe('200 表示成功'),
    msg: z.string().optional().describe('提示信息'),
    data: z.unknown().optional().describe('应答数据，内容见各接口说明'),
  })
  .describe('标准应答 { code, msg, data }（下载文件的接口成功时直接返回文件）');
export const apiErrorSchema = z
  .object({
    code: z.number().int().describe('HTTP 状态码'),
    msg: z.string().describe('中文错误信息'),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('字段级的错误原因（400）'),
  })
  .describe('错误应答：400 输入有误、401 未登录、403 无权限、404 不存在、409 数据已被修改、413 过大、415 类型不支持');
z.globalRegistry.add(apiAnswerSchema, { id: 'ApiAnswer' });
z.globalRegistry.add(apiErrorSchema, { id: 'ApiError' });

/**
 * The body of a multipart upload, for the document only (the handler reads req.parts() itself): the file
 * and any form fields sent before it. Spread into a route's schema.
 */
export const multipartBody = (fields: Record<string, z.ZodType> = {}) => ({
  consumes: ['multipart/form-data'],
  docBody: z.object({ ...fields, file: z.string().meta({ format: 'binary' }).describe('文件') }),
});

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * zod → OpenAPI for each route, after filling in what the route leaves out: the generic answer where it has
 * no response schema, the error answer where it names none, and its handler-validated body (docBody).
 */
export function documentRoute(input: TransformInput) {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const { docBody, ...rest } = schema;
  const response = { ...((rest.response as Record<string, unknown> | undefined) ?? { 200: apiAnswerSchema }) };
  if (!Object.keys(response).some((status) => status === 'default' || /^[45]/.test(status)))
    response.default = apiErrorSchema;
  return jsonSchemaTransform({
    ...input,
    schema: { ...rest, ...(docBody && !rest.body ? { body: docBody } : {}), response },
  } as TransformInput);
}

/**
 * The OpenAPI document (/api/docs/json) and its viewer (/api/docs), when config.apiDocs is on (API_DOCS;
 * off by default in production, where the list of every call need not be public). Registered schemas
 * (z.globalRegistry ids, e.g. recursive ones like the unit tree) become components.schemas, so every $ref
 * of the document resolves.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  if (!config.apiDocs) return;
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '健康管理服务平台 API',
        version: '0.1.0',
        description: '所有接口均需 Authorization: Bearer <token>，登录接口除外。',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
