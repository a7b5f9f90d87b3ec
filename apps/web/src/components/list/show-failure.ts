import type { FormInstance } from 'antd';
import { ApiError } from '../../app/http';
import { leftoverMessage } from '../../resource-ui/resource-api';

/**
 * Shows a failed write: 400 field errors on the form's fields (`fieldOf` maps a server path such as
 * 'values.SBP' to a form name; by default the path's last segment when the form has that field), else the
 * server's own message. 403/404/500/network were already shown by the HTTP client.
 */
export function showFailure(
  toast: { error: (text: string) => unknown },
  error: unknown,
  form?: FormInstance,
  fieldOf?: (path: string) => (string | number)[] | null,
): void {
  if (form && error instanceof ApiError && error.status === 400 && error.errors.length > 0) {
    const fields = new Map<string, { name: (string | number)[]; errors: string[] }>();
    for (const e of error.errors) {
      const name = fieldOf ? fieldOf(e.path) : defaultField(form, e.path);
      if (!name) continue;
      const k = name.join('.');
      const entry = fields.get(k) ?? { name, errors: [] };
      entry.errors.push(e.message);
      fields.set(k, entry);
    }
    if (fields.size > 0) {
      form.setFields([...fields.values()]);
      return;
    }
  }
  const text = leftoverMessage(error);
  if (text) toast.error(text);
}

function defaultField(form: FormInstance, path: string): string[] | null {
  const last = path.split(/[./]/).filter(Boolean).pop();
  if (!last) return null;
  const known = Object.keys(form.getFieldsValue(true) ?? {});
  return known.includes(last) ? [last] : null;
}
