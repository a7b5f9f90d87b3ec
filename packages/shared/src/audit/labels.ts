/**
 * The audit log in Chinese: actions, objects and the field paths of the values an entry records, named from
 * the declarations (resource fields and actions, indicator definitions, the health record's labels) so the
 * log never shows a code or a key. A path nothing declares reads 其他字段; the raw JSON keeps the key.
 */
import { INDICATOR_BY_CODE } from '../medical/indicators';
import { permissionLabel } from '../permissions/labels';
import { isPhrSection, OTHER_FIELD_LABEL, phrPathLabel } from '../phr/labels';
import { type FieldDef, optionLabel, type ResourceDef } from '../resources/define-resource';
import { RESOURCES } from '../resources/index';
import { userResource } from '../resources/user.resource';

export { OTHER_FIELD_LABEL };

/** Audit actions (GET /oplog `action`) in Chinese; a resource's own actions are named by its declaration. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
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
  // 膳食处方 / 运动处方: a draft made by the generator (POST /api/{diet,fitness}/task/generate).
  generate: '生成处方',
  // 干预任务: one planned action marked done (POST /api/hi/task/:id/actions/:actionId/done).
  actionDone: '标记措施完成',
};

/** Objects of the log beyond the declared resources. */
const OTHER_RESOURCES: Record<string, string> = {
  session: '会话',
  phr: '健康档案',
  profile: '个人资料',
  upload: '文件',
  statistics: '统计分析',
  dashboard: '公司看板',
  contractLevels: '服务包级别设置',
  workPlan: '年度工作计划',
};

/** Audit objects (GET /oplog `resource`) in Chinese: every resource's label plus the non-resource ones. */
export const AUDIT_RESOURCE_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.values(RESOURCES).map((r) => [r.name, r.label])),
  ...OTHER_RESOURCES,
};

/** The resource's declared actions (e.g. a task's 电话沟通), by name. */
const declaredActions = (resource: string | null | undefined) => (resource && RESOURCES[resource]?.actions) || {};

/** Every action name the log can hold, with its Chinese name (for the log's filter). */
export const AUDIT_ACTION_OPTIONS: { value: string; label: string }[] = (() => {
  const seen = new Map(Object.entries(AUDIT_ACTION_LABELS));
  for (const r of Object.values(RESOURCES)) {
    for (const [name, a] of Object.entries(r.actions ?? {})) if (!seen.has(name)) seen.set(name, a.label);
  }
  return [...seen].map(([value, label]) => ({ value, label }));
})();

export const auditActionLabel = (action: string, resource?: string | null): string => {
  // One code, two words: employees are 调动 between units, health records 转移.
  if (action === 'transfer') return resource === 'phr' ? '转移' : resource === 'account' ? '调动' : '调动/转移';
  return AUDIT_ACTION_LABELS[action] ?? declaredActions(resource)[action]?.label ?? '其他操作';
};

export const auditResourceLabel = (resource: string | null | undefined): string =>
  resource ? (AUDIT_RESOURCE_LABELS[resource] ?? '其他对象') : '-';

/** Keys that are not resource fields but show up in logged values (transfers, uploads, imports, exports). */
const COMMON_LABELS: Record<string, string> = {
  id: '编号',
  version: '版本号',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  deletedAt: '删除时间',
  menus: '菜单权限',
  buttons: '按钮权限',
  name: '名称',
  phone: '手机号',
  avatar: '头像',
  unitId: '单位',
  toUnitId: '调入单位',
  toUserId: '接收责任人',
  reason: '原因',
  effectiveDate: '生效日期',
  filters: '筛选条件',
  year: '年度',
  target: '统计指标',
  page: '页码',
  pageSize: '每页条数',
  sort: '排序字段',
  order: '排序方向',
  keyword: '关键字',
  status: '状态',
  total: '总行数',
  rowsRead: '已读行数',
  rowsCommitted: '已提交行数',
  created: '新增',
  updated: '更新',
  unchanged: '未变',
  refused: '拒绝',
  findings: '新增阳性',
  unknownHeaders: '未识别的列',
  writeMs: '写入用时（毫秒）',
  evaluateMs: '判定用时（毫秒）',
  elapsedMs: '用时（毫秒）',
  error: '错误信息',
  rows: '行数',
  masked: '证件号与手机号脱敏',
  mime: '文件类型',
  size: '文件大小',
  purpose: '用途',
  employeeId: '员工',
  checkDate: '体检日期',
  provider: '体检机构',
  values: '体检数值',
};

/** The field definitions whose labels name a resource's keys ('profile' is the user's own record). */
export function auditFieldsOf(resource: string | null | undefined): Record<string, FieldDef> {
  if (resource === 'profile') return userResource.fields;
  const def: ResourceDef | undefined = resource ? RESOURCES[resource] : undefined;
  if (!def) return {};
  // An action's small form (改派's assignee and due date) is logged with the action.
  const actionFields = Object.values(def.actions ?? {}).reduce<Record<string, FieldDef>>(
    (all, a) => Object.assign(all, a.fields),
    {},
  );
  return { ...actionFields, ...def.fields };
}

/** A key below a field: an indicator code by its name, a list index as 第n条, a known key by its label. */
function subLabel(key: string): string {
  if (/^\d+$/.test(key)) return `第${Number(key) + 1}条`;
  return INDICATOR_BY_CODE[key]?.name ?? COMMON_LABELS[key] ?? OTHER_FIELD_LABEL;
}

/**
 * 字段 of one logged key (dotted for nested values): the resource's field label where declared, indicator
 * names for a check's values ('values.HR' → 体检数值 · 心率), the health record's labels for its paths
 * ('patientInfo.companyJobTitle' → 个人信息 · 职称); 其他字段 for a key nothing declares.
 */
export function auditFieldLabel(resource: string | null | undefined, path: string): string {
  const [head, ...rest] = path.split('.');
  if (resource === 'phr' && isPhrSection(head)) {
    return phrPathLabel(path);
  }
  if (resource === 'contractLevels') return `${head}人群的服务包级别`;
  // A value keyed by Chinese names (the work plan's tasks) names itself.
  if (!/[A-Za-z]/.test(head)) return [head, ...rest.map(subLabel)].join(' · ');
  const fields = auditFieldsOf(resource);
  const headLabel = (() => {
    // The check's values are its indicators, whatever the resource's list calls the column.
    if (resource === 'check' && head in COMMON_LABELS) return COMMON_LABELS[head];
    if (fields[head]) return fields[head].label;
    // unitId → unitIdName: the name sent beside an id.
    if (head.endsWith('Name') && fields[head.slice(0, -4)]) return `${fields[head.slice(0, -4)].label}名称`;
    return COMMON_LABELS[head] ?? OTHER_FIELD_LABEL;
  })();
  return [headLabel, ...rest.map(subLabel)].join(' · ');
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const IMPORT_STATUS: Record<string, string> = { running: '进行中', done: '已完成', failed: '失败' };
const SORT_ORDER: Record<string, string> = { asc: '升序', desc: '降序', ascend: '升序', descend: '降序' };

/** A value for reading: option labels, 是/否, lists joined, objects as JSON, empty as '—'. */
export function auditValue(resource: string | null | undefined, path: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const f = path.includes('.') ? undefined : auditFieldsOf(resource)[path];
  if (f && (f.options || f.kind === 'switch')) return optionLabel(f, value);
  // Codes the log itself writes: an import's state, an export's sort (field and direction).
  if (!f && path === 'status' && typeof value === 'string') return IMPORT_STATUS[value] ?? value;
  if (path === 'order' && typeof value === 'string') return SORT_ORDER[value] ?? value;
  if (path === 'sort' && typeof value === 'string') return auditFieldLabel(resource, value);
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

export interface AuditDiffRow {
  path: string;
  before: unknown;
  after: unknown;
}

/**
 * The keys whose values differ between two logged values, when at least one is an object (a create has only
 * `after`, a delete only `before`); null when there is nothing to compare field by field.
 */
export function auditDiffRows(before: unknown, after: unknown): AuditDiffRow[] | null {
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
  const rows: AuditDiffRow[] = [];
  for (const path of new Set([...fa.keys(), ...fb.keys()])) {
    const x = fb.get(path);
    const y = fa.get(path);
    if (JSON.stringify(x ?? null) !== JSON.stringify(y ?? null)) rows.push({ path, before: x, after: y });
  }
  return rows;
}

/** Every dotted path of a logged value that the log's detail names (the walk of a value's keys). */
export const auditPaths = (value: unknown): string[] => (isPlainObject(value) ? [...flatten(value).keys()] : []);

const isScalarList = (v: unknown): v is unknown[] =>
  Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');

/**
 * 修改前/修改后 of one changed key. Two lists of plain values (a role's permissions) read better as what went
 * out and what came in than as two long lists; the full values stay in the raw JSON.
 */
export function describeAuditChange(resource: string | null | undefined, row: AuditDiffRow): [string, string] {
  if (isScalarList(row.before) && isScalarList(row.after)) {
    // A role's grants are permission codes: named as the role editor names them.
    const name = row.path === 'menus' || row.path === 'buttons' ? (x: unknown) => permissionLabel(String(x)) : String;
    const before = row.before.map(name);
    const after = row.after.map(name);
    const removed = before.filter((x) => !after.includes(x));
    const added = after.filter((x) => !before.includes(x));
    return [
      `共${before.length}项${removed.length ? `\n移除：${removed.join('、')}` : ''}`,
      `共${after.length}项${added.length ? `\n新增：${added.join('、')}` : ''}`,
    ];
  }
  return [auditValue(resource, row.path, row.before), auditValue(resource, row.path, row.after)];
}
