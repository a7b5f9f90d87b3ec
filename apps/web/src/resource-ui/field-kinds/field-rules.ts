import { type FieldDef, fieldSchema, REQUIRED_MESSAGE } from '@peis/shared';
import type { FormRule } from 'antd';
import { submitValue } from './submit-value';

export { isArrayField, submitValue } from './submit-value';

/** Caches one zod schema per field definition (definitions are module constants). */
const schemas = new WeakMap<FieldDef, ReturnType<typeof fieldSchema>>();
export const schemaOf = (f: FieldDef) => {
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
  if (f.kind === 'children') return [childrenRule(f)];
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

/** Said under a child table whose cells hold errors (each cell shows its own message). */
export const CELL_ERRORS_MESSAGE = '请修改表格中标红的内容';

/**
 * A child collection is checked whole by the server's schema: a message about the collection itself (too
 * few rows) is shown under the table, cell messages in their cells (children-table.tsx).
 */
function childrenRule(f: FieldDef): FormRule {
  return {
    validator: async (_, value: unknown) => {
      const result = schemaOf(f).safeParse(submitValue(f, value));
      if (result.success) return;
      const whole = result.error.issues.find((i) => i.path.length === 0);
      throw new Error(whole?.message ?? CELL_ERRORS_MESSAGE);
    },
  };
}
