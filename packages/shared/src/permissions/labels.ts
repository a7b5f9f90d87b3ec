import { ALL_ROUTES } from '../routes';
import { API_PERMISSIONS } from './codes';

/** A button permission's suffix in the administrator's words. */
const BUTTON_LABELS: Record<string, string> = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  'export-full': '导出完整证件号与手机号',
  import: '导入',
  view: '查看',
  restore: '恢复',
  transfer: '转移',
  resetPassword: '重置密码',
  confirm: '确认',
  handle: '处理',
};

/** 'user:resetPassword' → 重置密码; an undeclared suffix reads 其他操作 (never the code). */
export function buttonLabel(code: string): string {
  const suffix = code.slice(code.lastIndexOf(':') + 1);
  return BUTTON_LABELS[suffix] ?? '其他操作';
}

/** API_PERMISSIONS.unitTree in the administrator's words: what the grant lets a role do. */
export const UNIT_TREE_TITLE = '选择单位（筛选与表单中的单位列表）';

const MENU_TITLES = new Map<string, string>();
const BUTTON_TITLES = new Map<string, string>();
for (const r of ALL_ROUTES) {
  if (!MENU_TITLES.has(r.permission)) MENU_TITLES.set(r.permission, r.title);
  for (const b of r.btnPermissions ?? [])
    if (!BUTTON_TITLES.has(b)) BUTTON_TITLES.set(b, `${r.title}·${buttonLabel(b)}`);
}

/** A permission code as the role editor and the audit log name it: 'main:phr' → 健康档案, 'phr:edit' → 健康档案·编辑. */
export function permissionLabel(code: string): string {
  if (code === API_PERMISSIONS.unitTree) return UNIT_TREE_TITLE;
  return MENU_TITLES.get(code) ?? BUTTON_TITLES.get(code) ?? '其他权限';
}
