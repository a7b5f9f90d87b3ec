/**
 * Every console route of SPEC §2, declared once. The web builds its router, sidebar menu and breadcrumbs
 * from this list; the server builds the role editor's permission tree and the default roles from it.
 * `permission` is the menu permission that opens the route; `btnPermissions` are the button permissions
 * the route's page checks through `<Permission>` (SPEC §6).
 */
export type Area = 'company' | 'main';

export interface RouteDef {
  /** Path under /peis, without the leading slash, e.g. 'main/phr/detail/:id'. */
  path: string;
  title: string;
  area: Area;
  /** Sidebar group title; routes without a group stand at the top level of their area's menu. */
  group?: string;
  /** Menu permission that opens the route. */
  permission: string;
  btnPermissions?: readonly string[];
  /** Opened from another page (detail pages), not listed in the sidebar. */
  hideInMenu?: boolean;
  /** Full-screen view without the console layout (data big screens). */
  fullScreen?: boolean;
}

/** The four button permissions of a CRUD screen; literal, so a typo in a declaration's permission fails to compile. */
const crud = <const N extends string>(name: N) =>
  [`${name}:add`, `${name}:edit`, `${name}:delete`, `${name}:export`] as const;

type Extra = Partial<Omit<RouteDef, 'path' | 'area'>>;
/** A route of one area as declared: path and permission stay literal types (RouteKey, PermissionCode). */
type Declared<A extends Area, P extends string, E extends Extra> = {
  path: `${A}/${P}`;
  title: string;
  area: A;
  permission: E extends { permission: infer X extends string } ? X : `${A}:${P}`;
} & Omit<E, 'permission'>;

const route =
  <A extends Area>(area: A) =>
  <const P extends string, const E extends Extra = Record<never, never>>(
    path: P,
    title: string,
    extra?: E,
  ): Declared<A, P, E> =>
    ({ path: `${area}/${path}`, title, area, permission: `${area}:${path}`, ...extra }) as Declared<A, P, E>;
const c = route('company');
const m = route('main');

export const COMPANY_ROUTES = [
  c('dashboard', '公司看板', { btnPermissions: ['dashboard:export'] }),
  c('user', '用户管理', { group: '用户与权限', btnPermissions: [...crud('user'), 'user:resetPassword'] }),
  c('expert', '专家管理', { group: '用户与权限', btnPermissions: crud('expert') }),
  c('role', '角色管理', { group: '用户与权限', btnPermissions: crud('role') }),
  c('account', '员工账户', {
    group: '员工账户',
    // export-full: the export carries whole ID and mobile numbers instead of the list's masked ones.
    btnPermissions: [...crud('account'), 'account:export-full'],
  }),
  c('account/transfer', '员工调动', { group: '员工账户', btnPermissions: ['account:transfer'] }),
  c('account/isdelete', '已删除账户', { group: '员工账户', btnPermissions: ['account:restore'] }),
  c('company', '单位管理', { btnPermissions: crud('company') }),
  c('Facility', '医疗设施', { btnPermissions: crud('facility') }),
  c('healthInsurance', '健康保险', { btnPermissions: crud('insurance') }),
  c('statistics/yufenzu', '预分组统计', { group: '统计分析', btnPermissions: ['statistics:export'] }),
  c('statistics/dabing', '大病统计', { group: '统计分析', btnPermissions: ['statistics:export'] }),
  c('statistics/manbing', '慢病统计', { group: '统计分析', btnPermissions: ['statistics:export'] }),
  c('hall/scheduling', '排班管理', { group: '健康大厅', btnPermissions: crud('scheduling') }),
  c('hall/workload', '工作量统计', { group: '健康大厅', btnPermissions: ['workload:export'] }),
  c('jkxj/data', '健康宣教', { btnPermissions: crud('jkxj') }),
  c('jkdr/data', '健康达人', { group: '健康达人', btnPermissions: crud('jkdr') }),
  c('jkdr/statistics', '健康达人统计', { group: '健康达人' }),
  c('bangfu/index', '帮扶管理', { group: '帮扶', btnPermissions: crud('bangfu') }),
  c('bangfu/conf', '帮扶配置', { group: '帮扶', btnPermissions: crud('bangfuConf') }),
  c('pgqk', '评估情况', { btnPermissions: ['pgqk:export'] }),
  c('datav/zixun', '咨询数据大屏', { group: '数据大屏', fullScreen: true }),
  c('datav/songyi', '送医数据大屏', { group: '数据大屏', fullScreen: true }),
] satisfies RouteDef[];

export const MAIN_ROUTES = [
  m('dashboard', '工作台', { btnPermissions: ['workPlan:edit'] }),
  m('phr', '健康档案', { group: '健康档案', btnPermissions: [...crud('phr'), 'phr:view'] }),
  m('phr/detail/:id', '档案详情', { group: '健康档案', permission: 'main:phr', hideInMenu: true }),
  m('phr/progress', '建档进度', { group: '健康档案' }),
  m('phr/check', '体检数据', { group: '健康档案', btnPermissions: [...crud('check'), 'check:import'] }),
  m('phr/transfer', '档案转移', { group: '健康档案', btnPermissions: ['phr:transfer'] }),
  m('hi/task', '干预任务', { group: '健康干预', btnPermissions: crud('hiTask') }),
  m('hi/model', '干预模型', { group: '健康干预', btnPermissions: crud('hiModel') }),
  m('hut/hut', '健康小屋', { group: '健康小屋', btnPermissions: crud('hut') }),
  m('hut/device', '设备管理', { group: '健康小屋', btnPermissions: crud('device') }),
  m('hut/dxcl', '单项测量', { group: '健康小屋' }),
  m('hut/weijizhi', '危急值', { group: '健康小屋', btnPermissions: ['weijizhi:handle'] }),
  m('hut/report', '小屋报告', { group: '健康小屋' }),
  m('hut/tongji', '小屋统计', { group: '健康小屋' }),
  m('healthAssessment/hra3', '健康风险评估', { group: '健康评估' }),
  m('healthAssessment/hra2', '健康风险评估(旧版)', { group: '健康评估' }),
  m('healthAssessment/jksc', '健康筛查', { group: '健康评估' }),
  m('healthAssessment/risk', '心血管风险评估', { group: '健康评估' }),
  m('healthAssessment/vitality', '活力指数', { group: '健康评估' }),
  m('evaluate/common', '通用量表', { group: '量表评估' }),
  m('evaluate/chushai', '初筛量表', { group: '量表评估' }),
  m('evaluate/slc90', 'SCL-90', { group: '量表评估' }),
  m('evaluate/temporary', '临时评估', { group: '量表评估' }),
  m('evaluate/custom', '自定义量表', { group: '量表评估' }),
  m('evaluate/fivehighs', '五高评估', { group: '量表评估' }),
  m('follow-up/task', '随访任务', { group: '随访管理', btnPermissions: crud('followup') }),
  m('follow-up/log', '随访记录', { group: '随访管理' }),
  m('positive/new', '新增阳性', { group: '阳性管理', btnPermissions: ['positive:confirm'] }),
  m('positive/task', '阳性任务', { group: '阳性管理', btnPermissions: ['positive:handle'] }),
  m('positive/log', '处理记录', { group: '阳性管理' }),
  m('positive/setting', '阳性规则', { group: '阳性管理', btnPermissions: crud('positiveRule') }),
  m('diet/task', '膳食处方', { group: '膳食处方', btnPermissions: crud('dietTask') }),
  m('diet/principles', '膳食原则', { group: '膳食处方', btnPermissions: crud('dietPrinciple') }),
  m('diet/dtcm', '中医食疗', { group: '膳食处方', btnPermissions: crud('dtcm') }),
  m('diet/cookbook', '食谱库', { group: '膳食处方', btnPermissions: crud('cookbook') }),
  m('diet/ingredients', '食材库', { group: '膳食处方', btnPermissions: crud('ingredient') }),
  m('diet/dishes', '菜品库', { group: '膳食处方', btnPermissions: crud('dish') }),
  m('fitness/task', '运动处方', { group: '运动处方', btnPermissions: crud('fitnessTask') }),
  m('fitness/principles', '运动原则', { group: '运动处方', btnPermissions: crud('fitnessPrinciple') }),
  m('fitness/template', '运动模板', { group: '运动处方', btnPermissions: crud('fitnessTemplate') }),
  m('fitness/items', '运动项目', { group: '运动处方', btnPermissions: crud('fitnessItem') }),
  m('assessment/person', '个人测评', { group: '测评管理' }),
  m('assessment/group', '团体测评', { group: '测评管理' }),
  m('questionnaire', '问卷管理', { group: '测评管理', btnPermissions: crud('questionnaire') }),
  m('assessment_view', '测评结果', { group: '测评管理' }),
  m('message', '消息', { group: '沟通' }),
  m('call', '电话随访', { group: '沟通' }),
  m('wechat', '微信绑定与推送', { group: '沟通' }),
  m('industrial/data', '职业健康数据', { group: '职业健康' }),
  m('industrial/report', '职业健康报告', { group: '职业健康' }),
  m('industrial/adapter', '数据适配', { group: '职业健康' }),
  m('industrial/trans', '数据转换', { group: '职业健康' }),
  m('industrial/statistics', '职业健康统计', { group: '职业健康' }),
  m('settings/user', '个人设置', { group: '系统设置' }),
  m('settings/dict', '字典管理', { group: '系统设置', btnPermissions: crud('dict') }),
  m('settings/target', '指标管理', { group: '系统设置', btnPermissions: crud('target') }),
  m('settings/sms', '短信设置', { group: '系统设置' }),
  m('oplog', '操作日志', { group: '系统设置' }),
  m('help', '帮助', { group: '系统设置', btnPermissions: crud('help') }),
  m('tools/test', '组件测试', { group: '系统设置', btnPermissions: ['tools:test'] }),
] satisfies RouteDef[];

/** One declared route, with its literal path and permissions. */
export type DeclaredRoute = (typeof COMPANY_ROUTES)[number] | (typeof MAIN_ROUTES)[number];
/** A console route's path (RouteDef.path) — the key screens are registered under. */
export type RouteKey = DeclaredRoute['path'];
/** A menu permission (`company:x` / `main:x`). */
export type MenuPermission = DeclaredRoute['permission'];
/** A button permission of some route (`x:add`, `positive:confirm`…). */
export type ButtonPermission = DeclaredRoute extends infer R
  ? R extends { btnPermissions: readonly (infer B)[] }
    ? B
    : never
  : never;

export const ALL_ROUTES: readonly RouteDef[] = [...COMPANY_ROUTES, ...MAIN_ROUTES];

/** Every menu permission code (a runtime list for membership tests on stored codes; MenuPermission is its type). */
export const ALL_MENU_PERMISSIONS: string[] = [...new Set(ALL_ROUTES.map((r) => r.permission))];

/** Every button permission code, in route order. */
export const ALL_BUTTON_PERMISSIONS: string[] = [...new Set(ALL_ROUTES.flatMap((r) => r.btnPermissions ?? []))];

/** Finds the route declaration that matches a concrete path such as 'main/phr/detail/12'. */
export function findRoute(path: string): RouteDef | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return ALL_ROUTES.find((r) => {
    const a = r.path.split('/');
    const b = clean.split('/');
    return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
  });
}
