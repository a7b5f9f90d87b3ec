import { type FieldDef, fieldSchema, REQUIRED_MESSAGE } from '@peis/shared';
import type { FormRule } from 'antd';

const ARRAY_KINDS = new Set<FieldDef['kind']>(['checkbox', 'multiSelect', 'remoteMultiSelect', 'tags']);

/** Whether a field's form value is a list. */
export const isArrayField = (f: FieldDef) => ARRAY_KINDS.has(f.kind);

/**
 * The value the form submits for a field: lists are never absent ([]), a switch is a boolean, and every other
 * empty value is null so an update clears it (undefined would vanish from the JSON body).
 */
export function submitValue(f: FieldDef, value: unknown): unknown {
  if (isArrayField(f)) return Array.isArray(value) ? value : [];
  if (f.kind === 'switch') return Boolean(value);
  return value === undefined ? null : value;
}

/** Caches one zod schema per field definition (definitions are module constants). */
const schemas = new WeakMap<FieldDef, ReturnType<typeof fieldSchema>>();
const schemaOf = (f: FieldDef) => {
  let s = schemas.get(f);
  if (!s) {
    s = fieldSchema(f);
    schemas.set(f, s);
  }
  return s;
};

/**
 * antd rules of a field, derived from the shared definition so the form says what the server would say
 * (SPEC §5: a required field says 必填项, checked on change). The explicit rules give the common messages
 * at once; the last rule runs the shared zod schema (the server's own validation) for everything else.
 * Use with validateFirst so a field shows one message at a time.
 */
export function fieldRules(f: FieldDef): FormRule[] {
  const rules: FormRule[] = [];
  // Only `required` + `message`: async-validator then checks emptiness by the value's own type (lists too).
  if (f.required && f.kind !== 'switch') rules.push({ required: true, message: REQUIRED_MESSAGE });
  if ((f.kind === 'input' || f.kind === 'textarea') && f.maxLength) {
    rules.push({ type: 'string', max: f.maxLength, message: `${f.label}不能超过${f.maxLength}个字` });
  }
  if (f.kind === 'input' && f.pattern) {
    const re = new RegExp(f.pattern.regex);
    rules.push({
      validator: async (_, value: unknown) => {
        if (typeof value === 'string' && value !== '' && !re.test(value)) throw new Error(f.pattern?.message);
      },
    });
  }
  if (f.kind === 'number' && f.min !== undefined) {
    rules.push({ type: 'number', min: f.min, message: `${f.label}不能小于${f.min}` });
  }
  if (f.kind === 'number' && f.max !== undefined) {
    rules.push({ type: 'number', max: f.max, message: `${f.label}不能大于${f.max}` });
  }
  if (f.kind !== 'title') {
    rules.push({
      validator: async (_, value: unknown) => {
        const result = schemaOf(f).safeParse(submitValue(f, value));
        if (!result.success) throw new Error(result.error.issues[0]?.message ?? `${f.label}无效`);
      },
    });
  }
  return rules;
}
