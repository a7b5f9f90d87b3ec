import type { FieldDef } from '@peis/shared';
import sanitizeHtml from 'sanitize-html';
import type { Queryable } from '../db/client';
import { fieldError } from '../lib/errors';
import { employeeScopeSql } from '../lib/scope';
import type { SessionUser } from '../plugins/auth';

type Row = Record<string, unknown>;

/** Links of a stored upload (modules/upload answers `/api/files/<id>`). */
const OWN_FILE = /^\/api\/files\/(\d+)$/;

/**
 * What rich text may hold: formatting, lists, quotes, simple tables, links (http/https/mailto) and pictures
 * this server stored. Everything else (scripts, styles, event handlers, other hosts' images) is dropped.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_FILE.test(frame.attribs.src ?? ''),
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Rich text as it may be stored and shown: the allowlist above, never the client's HTML as sent. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT);

/**
 * Checks and shapes the values of a write (a record's or a child row's fields), in place: rich text
 * sanitised; file fields only files this server stored; employee fields only employees in the account's
 * scope (checked when the value is new or changed, so an edit does not fail on a value it keeps).
 * `path` prefixes a field error's path (a child row: `questions.0.`).
 */
export async function prepareValues(
  q: Queryable,
  user: SessionUser,
  fields: [string, FieldDef][],
  values: Row,
  before: Row | undefined,
  path = '',
): Promise<void> {
  for (const [key, f] of fields) {
    const v = values[key];
    if (v === undefined || v === null) continue;
    if (f.kind === 'richText') values[key] = sanitizeRichText(String(v));
    if (f.kind === 'file') await checkFiles(q, f, v as { url: string }[], `${path}${key}`);
    if (f.kind === 'employee' && Number(v) !== Number(before?.[key])) {
      const params: unknown[] = [v];
      const { rows } = await q.query(
        `SELECT 1 FROM employees ef_ WHERE ef_.id = $1 AND ef_.deleted_at IS NULL AND ${employeeScopeSql(user, 'ef_.id', params)}`,
        params,
      );
      if (!rows[0]) throw fieldError(`${path}${key}`, '员工不存在或不在账号的单位范围内');
    }
  }
}

async function checkFiles(q: Queryable, f: FieldDef, files: { url: string }[], path: string) {
  const ids = files.map((x) => OWN_FILE.exec(x.url)?.[1]);
  const refused = () => fieldError(path, `${f.label}只能是本系统上传的文件`);
  if (ids.some((id) => id === undefined)) throw refused();
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM uploads WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL',
    [ids.map(Number)],
  );
  if (rows[0].n !== new Set(ids).size) throw refused();
}

/**
 * The employee a spreadsheet cell names, in the account's scope: by ID number or staff number, or as exports
 * write it, `姓名（单位简称）` (a bare name when only one employee in scope bears it).
 */
export async function findEmployee(q: Queryable, user: SessionUser, cell: string): Promise<number | { error: string }> {
  const m = /^(.+?)[（(](.+)[）)]$/.exec(cell.trim());
  const [name, unit] = m ? [m[1].trim(), m[2].trim()] : [cell.trim(), ''];
  const params: unknown[] = [cell.trim().toUpperCase(), cell.trim(), name, unit];
  const { rows } = await q.query<{ id: number }>(
    `SELECT ef_.id FROM employees ef_ JOIN units eu_ ON eu_.id = ef_.unit_id
      WHERE ef_.deleted_at IS NULL AND ${employeeScopeSql(user, 'ef_.id', params)}
        AND (ef_.id_card = $1 OR ef_.job_no = $2
             OR (ef_.name = $3 AND ($4 = '' OR eu_.short_name = $4 OR eu_.name = $4)))
      LIMIT 2`,
    params,
  );
  if (rows.length === 1) return Number(rows[0].id);
  if (rows.length > 1) return { error: '有多名员工与之相符，请填写身份证号' };
  return { error: '员工不存在或不在账号的单位范围内' };
}
