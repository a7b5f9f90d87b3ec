import { type FieldDef, optionLabel, RESOURCES, userResource } from '@peis/shared';
import { SECTION_LABELS } from '../../components/phr/phr-labels';

/** Audit actions (GET /oplog `action`) in Chinese. */
export const ACTION_LABELS: Record<string, string> = {
  'login.success': '登录成功',
  'login.failure': '登录失败',
  'login.lockout': '账号锁定',
  'login.locked': '锁定期间登录',
  'login.throttled': '登录限流',
  logout: '退出登录',
  create: '新增',
  update: '修改',
  delete: '删除',
  restore: '恢复',
  import: '导入',
  export: '导出',
  transfer: '调动/转移',
  permissions: '权限设置',
  'password.reset': '重置密码',
  'password.change': '修改密码',
  'upload.create': '上传文件',
};

/** Resources of the log beyond RESOURCES. */
const OTHER_RESOURCES: Record<string, string> = {
  session: '会话',
  phr: '健康档案',
  profile: '个人资料',
  upload: '文件',
};

/** Audit objects (GET /oplog `resource`) in Chinese: every resource's label plus the non-resource ones. */
export const RESOURCE_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.values(RESOURCES).map((r) => [r.name, r.label])),
  ...OTHER_RESOURCES,
};

export const actionLabel = (action: string, resource?: string | null): string => {
  // One code, two words: employees are 调动 between units, health records 转移.
  if (action === 'transfer') return resource === 'phr' ? '转移' : resource === 'account' ? '调动' : '调动/转移';
  return ACTION_LABELS[action] ?? action;
};

export const resourceLabel = (resource: string | null | undefined): string =>
  resource ? (RESOURCE_LABELS[resource] ?? resource) : '-';

/** Keys that are not resource fields but show up in before/after values. */
const COMMON_LABELS: Record<string, string> = {
  id: '编号',
  version: '版本号',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  deletedAt: '删除时间',
  menus: '菜单权限',
  buttons: '按钮权限',
  name: '名称',
  avatar: '头像',
  toUnitId: '调入单位',
  reason: '原因',
  effectiveDate: '生效日期',
  filters: '筛选条件',
  total: '总行数',
  created: '新增',
  updated: '更新',
  unchanged: '未变',
  refused: '拒绝',
  rows: '行数',
  masked: '证件号与手机号脱敏',
  mime: '文件类型',
  size: '文件大小',
  purpose: '用途',
  ...SECTION_LABELS,
};

/** The field definitions whose labels name a resource's keys ('profile' is the user's own record). */
function fieldsOf(resource: string | null | undefined): Record<string, FieldDef> {
  if (resource === 'profile') return userResource.fields;
  return (resource && RESOURCES[resource]?.fields) || {};
}

/** 字段 of one key (dotted for nested values): the resource's field label where known. */
export function fieldLabel(resource: string | null | undefined, path: string): string {
  const fields = fieldsOf(resource);
  const label = (key: string) => {
    if (fields[key]) return fields[key].label;
    // unitId → unitIdName: the name sent beside an id.
    if (key.endsWith('Name') && fields[key.slice(0, -4)]) return `${fields[key.slice(0, -4)].label}名称`;
    return COMMON_LABELS[key] ?? key;
  };
  const [head, ...rest] = path.split('.');
  return [label(head), ...rest].join(' · ');
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A value for reading: option labels, 是/否, lists joined, objects as JSON, empty as '—'. */
export function formatValue(resource: string | null | undefined, path: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const f = path.includes('.') ? undefined : fieldsOf(resource)[path];
  if (f && (f.options || f.kind === 'switch')) return optionLabel(f, value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    return value.length ? value.map(String).join('、') : '—';
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Nested plain objects as dotted paths (arrays and scalars are leaves). */
function flatten(value: Record<string, unknown>, prefix = '', out = new Map<string, unknown>()) {
  for (const [k, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length) flatten(v, path, out);
    else out.set(path, v);
  }
  return out;
}

export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
}

/**
 * The keys whose values differ between two logged values, when at least one is an object (a create has only
 * `after`, a delete only `before`); null when there is nothing to compare field by field.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] | null {
  const b = isPlainObject(before) ? before : null;
  const a = isPlainObject(after) ? after : null;
  if (!a && !b) return null;
  if ((before != null && !b) || (after != null && !a)) return null;
  // An update logs what it wrote; a key on one side only was not recorded on the other, not changed.
  const both = a && b ? new Set(Object.keys(a).filter((k) => k in b)) : null;
  const pickKeys = (o: Record<string, unknown>) =>
    both ? Object.fromEntries(Object.entries(o).filter(([k]) => both.has(k))) : o;
  const fb = flatten(pickKeys(b ?? {}));
  const fa = flatten(pickKeys(a ?? {}));
  const rows: DiffRow[] = [];
  for (const path of new Set([...fa.keys(), ...fb.keys()])) {
    const x = fb.get(path);
    const y = fa.get(path);
    if (JSON.stringify(x ?? null) !== JSON.stringify(y ?? null)) rows.push({ path, before: x, after: y });
  }
  return rows;
}

const isScalarList = (v: unknown): v is unknown[] =>
  Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');

/**
 * 修改前/修改后 of one changed key. Two lists of plain values (a role's permissions) read better as what went
 * out and what came in than as two long lists; the full values stay in the raw JSON.
 */
export function describeChange(resource: string | null | undefined, row: DiffRow): [string, string] {
  if (isScalarList(row.before) && isScalarList(row.after)) {
    const before = row.before.map(String);
    const after = row.after.map(String);
    const removed = before.filter((x) => !after.includes(x));
    const added = after.filter((x) => !before.includes(x));
    return [
      `共${before.length}项${removed.length ? `\n移除：${removed.join('、')}` : ''}`,
      `共${after.length}项${added.length ? `\n新增：${added.join('、')}` : ''}`,
    ];
  }
  return [formatValue(resource, row.path, row.before), formatValue(resource, row.path, row.after)];
}
