import { pipeline } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { USER_TYPES } from '@peis/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { unitInScope } from '../../lib/scope';
import { writeAudit } from '../../plugins/audit';
import { currentUser, type SessionUser } from '../../plugins/auth';
import { multipartBody } from '../../plugins/openapi';
import { createStorage, newStorageKey, type Storage, StorageNotFoundError } from '../../storage';
import {
  type FileKind,
  MAX_UPLOAD_BYTES,
  mimeOf,
  tooLarge,
  UPLOAD_PURPOSES,
  UPLOAD_RULES,
  UploadInspector,
  type UploadPurpose,
  type UploadRule,
  wrongType,
} from './inspect';

/** SPEC §7: the client takes anything but status 'success' as a failure and shows msg. */
const uploadResponseSchema = z.object({
  status: z.literal('success'),
  msg: z.string(),
  data: z.array(z.object({ url: z.string(), name: z.string(), size: z.number(), id: z.number() })),
});
const uploadErrorSchema = z.object({ status: z.literal('error'), msg: z.string(), code: z.number() });

/**
 * Limits of the multipart parser for one upload: one file of at most the largest size any purpose
 * accepts (the purpose's own limit is enforced while streaming), a few short fields. Multipart bodies are
 * not subject to the app's bodyLimit, so these are the only bounds of an upload request.
 */
const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 20,
  headerPairs: 100,
};

interface StoredFile {
  key: string;
  name: string;
  kind: FileKind;
  mime: string;
  size: number;
  sha256: string;
}

interface UploadRow {
  id: number;
  storage_key: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  uploaded_by: number;
  unit_path: string | null;
}

function parsePurpose(value: unknown): UploadPurpose | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && (UPLOAD_PURPOSES as readonly string[]).includes(value)) {
    return value as UploadPurpose;
  }
  throw badRequest('上传用途只能是 avatar、agreement 或 file');
}

/** The browser's file name without any path, control characters or excessive length. */
function cleanFileName(raw: string | undefined, kind: FileKind): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const name = [...base.replace(/[\u0000-\u001f\u007f]/g, '').trim()].slice(0, 200).join('');
  return name || `file.${kind === 'jpeg' ? 'jpg' : kind}`;
}

/** RFC 5987 value of `filename*`: UTF-8, percent-encoded, including the characters encodeURIComponent keeps. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Turns what can go wrong while reading a multipart body into the answer the client should see. */
function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as Partial<FastifyError> & { syscall?: string };
  if (e.syscall) return err; // the disk, not the request: a 500
  switch (e.code) {
    case 'FST_FILES_LIMIT':
      return badRequest('一次只能上传一个文件');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('表单项过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, '请以 multipart/form-data 格式上传文件');
    case 'FST_REQ_FILE_TOO_LARGE':
      // The parser's hard limit; the inspector's own limit (never larger) normally refuses the file first.
      return tooLarge(UPLOAD_RULES.file);
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('上传已中断');
  }
  // The rest are busboy's complaints about a malformed body ('Unexpected end of multipart data' …).
  return badRequest('上传数据格式错误');
}

/**
 * Bytes of a refused upload still read, and thrown away, after the answer. A browser sends its whole body
 * before it reads the answer, so without this it would stall (and show a network error instead of msg);
 * a request still sending after this much more is cut off.
 */
const DISCARD_LIMIT = 2 * MAX_UPLOAD_BYTES;

/**
 * Reads the rest of a refused request's body into nothing. Once the multipart parser has stopped reading
 * (a refusal mid-file), Node no longer drains the body by itself, and the connection would hang.
 */
function discardRestOfBody(req: FastifyRequest) {
  const raw = req.raw;
  if (raw.complete || raw.destroyed) return;
  // Unpiping from the parser first also makes its own later unpipe a no-op, which would pause the body again.
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) raw.destroy();
  });
  raw.resume();
}

/** The one error shape of the upload routes: { status: 'error', msg, code } with the HTTP status as code. */
function uploadErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  discardRestOfBody(req);
  let status: number;
  let msg: string;
  if (err instanceof AppError) {
    status = err.statusCode;
    msg = err.message;
  } else if (err.validation) {
    status = 400;
    msg = '请求参数错误';
  } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // Framework answers before the handler: a body of another content type, too large a non-multipart body.
    status = err.statusCode;
    msg = status === 415 ? '请以 multipart/form-data 格式上传文件' : status === 413 ? '请求内容过大' : '请求格式错误';
  } else {
    req.log.error({ err }, 'upload failed');
    status = 500;
    msg = '服务器内部错误';
  }
  return reply.code(status).send({ status: 'error' as const, msg, code: status });
}

/** Whether `user` may read a file: own uploads always; regular staff nothing else; others by unit scope. */
function mayRead(user: SessionUser, row: UploadRow): boolean {
  if (Number(row.uploaded_by) === user.id) return true;
  if (user.userType === USER_TYPES.employee) return false;
  if (user.unitPath === null) return true;
  return row.unit_path !== null && unitInScope(user, row.unit_path);
}

/**
 * File upload (SPEC §5, §7) and read-back. `storage` defaults to the local folder config.uploadDir; pass
 * another Storage to keep the bytes elsewhere.
 */
export async function uploadRoutes(app: FastifyInstance, { db, config }: AppContext, storage?: Storage) {
  const files = storage ?? createStorage(config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Streams the one file of the request into the storage, checked on the way against the rule of the
   * purpose known when the file starts (query, or a field sent before the file; else the loosest rule).
   */
  async function storeFile(part: MultipartFile, rule: UploadRule): Promise<StoredFile> {
    const inspector = new UploadInspector(rule);
    // An error of either side (too large, wrong type, a broken body) destroys both, which stops reading the
    // upload; the storage then removes what it had written and rethrows.
    pipeline(part.file, inspector, () => undefined);
    const key = newStorageKey();
    const { size } = await files.put(key, inspector);
    if (part.file.truncated) {
      await files.delete(key);
      throw tooLarge(rule);
    }
    const kind = inspector.kind!;
    const name = cleanFileName(part.filename, kind);
    return { key, name, kind, mime: mimeOf(kind, name), size, sha256: inspector.sha256 };
  }

  /** Reads the whole multipart body; returns the stored file and its final purpose, or leaves nothing behind. */
  async function receive(req: FastifyRequest, queryPurpose: UploadPurpose | undefined) {
    let fieldPurpose: UploadPurpose | undefined;
    let stored: StoredFile | undefined;
    try {
      for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
        if (part.type === 'field') {
          if (part.fieldname === 'purpose') fieldPurpose = parsePurpose(part.value);
          continue;
        }
        // Any field name is accepted for the file (`file` is what the web sends).
        stored = await storeFile(part, UPLOAD_RULES[queryPurpose ?? fieldPurpose ?? 'file']);
      }
      if (!stored) throw badRequest('请选择要上传的文件');
      // A purpose field sent after the file is known only now: check the file against its rule again.
      const purpose = queryPurpose ?? fieldPurpose ?? 'file';
      const rule = UPLOAD_RULES[purpose];
      if (!rule.kinds.includes(stored.kind)) throw wrongType(rule);
      if (stored.size >= rule.maxBytes) throw tooLarge(rule);
      return { ...stored, purpose };
    } catch (err) {
      if (stored) await files.delete(stored.key).catch((e) => req.log.error({ err: e }, 'upload cleanup failed'));
      throw asUploadError(err);
    }
  }

  for (const url of ['/api/upload', '/upload']) {
    r.post(
      url,
      {
        errorHandler: uploadErrorHandler,
        schema: {
          tags: ['文件'],
          summary:
            url === '/upload'
              ? '上传文件（/api/upload 的别名）'
              : '上传文件（multipart，一个文件；purpose = avatar | agreement | file）',
          querystring: z.object({ purpose: z.string().optional() }),
          ...multipartBody(),
          response: {
            200: uploadResponseSchema,
            400: uploadErrorSchema,
            401: uploadErrorSchema,
            413: uploadErrorSchema,
            415: uploadErrorSchema,
            500: uploadErrorSchema,
          },
        },
      },
      async (req) => {
        const user = currentUser(req);
        const upload = await receive(req, parsePurpose(req.query.purpose));
        try {
          const id = await db.tx(async (q) => {
            const { rows } = await q.query<{ id: number }>(
              `INSERT INTO uploads (storage_key, original_name, mime, size, sha256, purpose, uploaded_by, unit_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
              [upload.key, upload.name, upload.mime, upload.size, upload.sha256, upload.purpose, user.id, user.unitId],
            );
            const newId = Number(rows[0].id);
            await writeAudit(q, req, {
              action: 'upload.create',
              resource: 'upload',
              recordId: newId,
              after: { name: upload.name, mime: upload.mime, size: upload.size, purpose: upload.purpose },
            });
            return newId;
          });
          return {
            status: 'success' as const,
            msg: '上传成功',
            data: [{ url: `/api/files/${id}`, name: upload.name, size: upload.size, id }],
          };
        } catch (err) {
          await files.delete(upload.key).catch((e) => req.log.error({ err: e }, 'upload cleanup failed'));
          throw err;
        }
      },
    );
  }

  /*
   * The web shows uploaded images with <img src> and opens PDFs in a new tab, and neither can send a
   * header; so this one read-only route also takes the bearer token in the query (config.tokenInQuery,
   * resolved by the global hook exactly like the header). To keep the token out of the request log, the
   * route logs at 'warn' (no access lines), and the answer tells the browser not to pass the URL on as a
   * Referer.
   */
  r.get(
    '/api/files/:id',
    {
      config: { tokenInQuery: true },
      logLevel: 'warn',
      schema: {
        tags: ['文件'],
        summary: '读取上传的文件（原样返回；也接受 ?token=，供 <img src> 使用）',
        params: z.object({ id: z.string() }),
        querystring: z.object({ token: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      if (!/^[1-9]\d{0,14}$/.test(req.params.id)) throw notFound('文件不存在');
      const { rows } = await db.query<UploadRow>(
        `SELECT up.id, up.storage_key, up.original_name, up.mime, up.size, up.sha256, up.uploaded_by,
                un.path AS unit_path
           FROM uploads up LEFT JOIN units un ON un.id = up.unit_id
          WHERE up.id = $1 AND up.deleted_at IS NULL`,
        [Number(req.params.id)],
      );
      const row = rows[0];
      if (!row) throw notFound('文件不存在');
      if (!mayRead(user, row)) throw forbidden('没有权限查看该文件');

      const etag = `"${row.sha256}"`;
      reply
        .header('etag', etag)
        // Readable by the signed-in user only: the browser may keep it but must ask again (cheap: 304).
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();

      let body: Awaited<ReturnType<Storage['get']>>;
      try {
        body = await files.get(row.storage_key);
      } catch (err) {
        if (!(err instanceof StorageNotFoundError)) throw err;
        req.log.error({ uploadId: row.id, key: row.storage_key }, 'uploaded file missing from storage');
        throw notFound('文件不存在');
      }
      return reply
        .type(row.mime)
        .header('content-length', String(row.size))
        .header('content-disposition', `inline; filename*=UTF-8''${rfc5987(row.original_name)}`)
        .send(body);
    },
  );
}
