import { ALL_BUTTON_PERMISSIONS, ALL_ROUTES, COMPANY_ROUTES, MAIN_ROUTES, type MenuPermission } from '../routes';
import { API_PERMISSIONS, type PermissionCode } from './codes';

export * from './codes';
export * from './labels';

/** userType of SPEC §1/§6: who the account is. */
export const USER_TYPES = {
  companyAdmin: 1,
  healthStaff: 2,
  expert: 3,
  employee: 4,
} as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  1: '公司管理员',
  2: '健康管理人员',
  3: '专家',
  4: '普通员工',
};

/** Where an account lands after signing in. */
export function homePath(userType: number): string {
  return userType === USER_TYPES.companyAdmin ? '/company/dashboard' : '/main/dashboard';
}

export interface RoleTemplate {
  code: string;
  name: string;
  userType: UserType;
  menus: PermissionCode[];
  buttons: PermissionCode[];
}

type MainPath = Extract<MenuPermission, `main:${string}`> extends `main:${infer P}` ? P : never;
const mainMenus = (paths: MainPath[]) => paths.map((p): MenuPermission => `main:${p}`);
const buttonsOf = (menus: readonly string[]) =>
  ALL_ROUTES.filter((r) => menus.includes(r.permission)).flatMap((r) => (r.btnPermissions ?? []) as PermissionCode[]);

const STAFF_MENUS: MenuPermission[] = MAIN_ROUTES.map((r) => r.permission).filter((p) => p !== 'main:tools/test');
const ADMIN_MENUS: MenuPermission[] = [
  ...COMPANY_ROUTES.map((r) => r.permission),
  ...mainMenus([
    'dashboard',
    'settings/user',
    'settings/dict',
    'settings/target',
    'settings/sms',
    'oplog',
    'help',
    'tools/test',
  ]),
];
const EXPERT_MENUS = mainMenus([
  'dashboard',
  'phr',
  'healthAssessment/hra3',
  'healthAssessment/risk',
  'evaluate/common',
  'evaluate/slc90',
  'positive/new',
  'positive/task',
  'positive/log',
  'diet/task',
  'fitness/task',
  'assessment/person',
  'questionnaire',
  'assessment_view',
  'message',
  'settings/user',
  'help',
]);
const EMPLOYEE_MENUS = mainMenus([
  'dashboard',
  'phr',
  // Their own issued 膳食处方 and 运动处方 (never drafts), read-only.
  'diet/task',
  'fitness/task',
  'assessment/person',
  'message',
  'settings/user',
  'help',
]);

/**
 * The four built-in roles created with a new database. Administrators edit them in /company/role;
 * these are only the starting point.
 */
export const DEFAULT_ROLES: RoleTemplate[] = [
  {
    code: 'companyAdmin',
    name: '公司管理员',
    userType: 1,
    menus: [...new Set(ADMIN_MENUS)],
    buttons: [...new Set([...buttonsOf(ADMIN_MENUS), API_PERMISSIONS.unitTree])],
  },
  {
    code: 'healthStaff',
    name: '健康管理人员',
    userType: 2,
    menus: STAFF_MENUS,
    buttons: [...new Set([...buttonsOf(STAFF_MENUS), API_PERMISSIONS.unitTree])],
  },
  {
    code: 'expert',
    name: '专家',
    userType: 3,
    menus: EXPERT_MENUS,
    buttons: [
      'phr:view',
      'positive:confirm',
      'positive:handle',
      'dietTask:add',
      'fitnessTask:add',
      API_PERMISSIONS.unitTree,
    ],
  },
  {
    code: 'employee',
    name: '普通员工',
    userType: 4,
    menus: EMPLOYEE_MENUS,
    // A regular staff member sees and edits only their own record; no company-wide buttons.
    buttons: ['phr:view', 'phr:edit'],
  },
];

export const KNOWN_PERMISSIONS = new Set<string>([
  ...ALL_ROUTES.map((r) => r.permission),
  ...ALL_BUTTON_PERMISSIONS,
  ...Object.values(API_PERMISSIONS),
]);

/**
 * SPEC §6: an element is shown only when the stored list of button permissions contains the required
 * permission. Only the first required permission is checked; a missing list means hidden.
 */
export function hasButtonPermission(
  stored: readonly string[] | null | undefined,
  required: readonly string[] | string | undefined,
): boolean {
  if (!stored) return false;
  const first = Array.isArray(required) ? required[0] : required;
  if (!first) return false;
  return stored.includes(first);
}
