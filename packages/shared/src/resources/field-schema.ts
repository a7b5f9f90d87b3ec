import { z } from 'zod';
import { type FieldDef, formFields, type ResourceDef } from './define-resource';

/**
 * Validation of declared fields: the zod schema of each field kind, and of a whole create or update body.
 * The server validates every write with it; the web form derives its rules from the same declarations.
 */

export const REQUIRED_MESSAGE = '必填项';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (v: string) => {
  const [y, m, d] = v.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
};

/** The zod schema of one field's value (SPEC §5: a required field says 必填项). */
export function fieldSchema(f: FieldDef): z.ZodType {
  const optional = (s: z.ZodType) => (f.required ? s : s.nullable().optional());
  const allowed = f.options?.map((o) => o.value) ?? [];
  const invalid = `${f.label}的取值无效`;
  const oneOf = z
    .union([z.string(), z.number()], { error: (iss) => (iss.input == null ? REQUIRED_MESSAGE : invalid) })
    .refine((v) => allowed.some((a) => String(a) === String(v)), { message: invalid });
  switch (f.kind) {
    case 'input':
    case 'textarea':
    case 'hidden':
    case 'image': {
      let s = z.string({ error: f.required ? REQUIRED_MESSAGE : `${f.label}应为文本` }).trim();
      if (f.maxLength) s = s.max(f.maxLength, `${f.label}不能超过${f.maxLength}个字`);
      let out: z.ZodType = s;
      if (f.pattern) {
        const re = new RegExp(f.pattern.regex);
        out = s.refine((v) => v === '' || re.test(v), f.pattern.message);
      }
      if (f.required) return out.refine((v) => v !== '', REQUIRED_MESSAGE);
      // An empty optional text is stored as null.
      return z.preprocess((v) => (v === '' ? null : v), out.nullable().optional());
    }
    case 'number': {
      let s = z.number({ error: f.required ? REQUIRED_MESSAGE : `${f.label}应为数字` });
      if (f.min !== undefined) s = s.min(f.min, `${f.label}不能小于${f.min}`);
      if (f.max !== undefined) s = s.max(f.max, `${f.label}不能大于${f.max}`);
      const out = f.decimals === 0 ? s.int(`${f.label}应为整数`) : s;
      return optional(out);
    }
    case 'date':
      return optional(
        z
          .string({ error: f.required ? REQUIRED_MESSAGE : `${f.label}应为日期` })
          .refine((v) => DATE_RE.test(v) && isRealDate(v), `${f.label}应为有效日期（yyyy-MM-dd）`),
      );
    case 'select':
    case 'radio':
      if (f.remote || !f.options) return optional(z.union([z.string(), z.number()], { error: REQUIRED_MESSAGE }));
      return optional(oneOf);
    case 'checkbox':
    case 'multiSelect': {
      const arr = z.array(f.options ? oneOf : z.union([z.string(), z.number()]), { error: `${f.label}应为列表` });
      return f.required ? arr.min(1, REQUIRED_MESSAGE) : arr.optional().default([]);
    }
    case 'remoteMultiSelect':
    case 'tags': {
      const arr = z.array(z.union([z.string().trim().min(1).max(100), z.number()]), { error: `${f.label}应为列表` });
      return f.required ? arr.min(1, REQUIRED_MESSAGE) : arr.optional().default([]);
    }
    case 'company':
    case 'employee':
      return optional(z.number({ error: REQUIRED_MESSAGE }).int(`${f.label}无效`).positive(`${f.label}无效`));
    case 'richText': {
      // Sanitised on the server before it is stored; the length bounds what is sent.
      const s = z
        .string({ error: f.required ? REQUIRED_MESSAGE : `${f.label}应为文本` })
        .max(f.maxLength ?? 20000, `${f.label}内容过长`);
      if (f.required) return s.refine((v) => v.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '', REQUIRED_MESSAGE);
      return z.preprocess((v) => (v === '' ? null : v), s.nullable().optional());
    }
    case 'file': {
      const one = z.object({
        url: z.string().trim().min(1).max(300),
        name: z.string().trim().min(1).max(200),
      });
      const max = f.maxFiles ?? 1;
      const arr = z.array(one, { error: `${f.label}应为文件列表` }).max(max, `${f.label}最多${max}个文件`);
      return f.required ? arr.min(1, REQUIRED_MESSAGE) : arr.optional().default([]);
    }
    case 'children': {
      const c = f.children;
      if (!c) return z.never();
      const row = z.object({ ...childShape(c.fields), id: z.number().int().positive().optional() });
      let arr = z.array(row, { error: `${f.label}应为列表` });
      if (c.max !== undefined) arr = arr.max(c.max, `${f.label}最多${c.max}行`);
      if (c.min) arr = arr.min(c.min, c.min === 1 ? `请至少填写一行${f.label}` : `${f.label}至少${c.min}行`);
      const unique = c.unique ?? [];
      const checked = arr.superRefine((rows, ctx) => {
        for (const key of unique) {
          const seen = new Map<string, number>();
          rows.forEach((r, i) => {
            const v = (r as Record<string, unknown>)[key];
            if (v === null || v === undefined || v === '') return;
            const k = JSON.stringify(v);
            if (seen.has(k)) {
              ctx.addIssue({ code: 'custom', path: [i, key], message: `${c.fields[key]?.label ?? key}不能重复` });
            }
            seen.set(k, i);
          });
        }
      });
      return f.required || c.min ? checked : checked.optional().default([]);
    }
    case 'computed':
      return z.never();
    case 'switch':
      return f.required ? z.boolean({ error: REQUIRED_MESSAGE }) : z.boolean().optional();
    case 'title':
      return z.never();
  }
}

/** The zod shape of a child row's declared fields. */
function childShape(fields: Record<string, FieldDef>): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, f] of formFields({ fields })) shape[key] = fieldSchema(f);
  return shape;
}

/** Schema of a create or update body (an update sends the whole form): the form fields, plus `version` on update. */
export function inputSchema(def: ResourceDef, mode: 'create' | 'update'): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, f] of formFields(def, mode)) {
    shape[key] = fieldSchema(f);
  }
  if (mode === 'update') {
    shape.version = z.number({ error: '缺少版本号，请刷新后重试' }).int().positive();
  }
  return z.object(shape);
}
