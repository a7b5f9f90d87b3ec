import { PASSWORD_RULE_MESSAGE } from '../schemas/auth';
import { crudPermissions, defineResource, field, preset } from './define-resource';
import { MOBILE_RULE, USER_TYPE_OPTIONS } from './options';

/** The two answers of 管理范围: the whole company, or a unit (and its sub-units) named in 管理单位. */
export const USER_SCOPE_OPTIONS = [
  { value: 'company', label: '全公司' },
  { value: 'unit', label: '指定单位' },
] as const;

/**
 * Console accounts. The role decides userType; 管理范围 is an explicit choice — 全公司, or 指定单位 with the
 * unit required (an empty unit never means the whole company by omission). Stored as unit_id (null = the
 * whole company), so existing accounts keep their meaning.
 */
export const userResource = defineResource({
  name: 'user',
  label: '用户',
  route: '/company/user',
  endpoint: '/user',
  table: 'users',
  permissions: crudPermissions('company:user', 'user'),
  scope: 'unit',
  titleField: 'username',
  undeletable: { field: 'builtin', reason: '内置管理员账号不能删除' },
  unique: [['username']],
  fields: {
    username: field.input({
      label: '用户名',
      required: true,
      maxLength: 32,
      list: true,
      filter: 'contains',
      immutable: true,
      pattern: { regex: '^[A-Za-z0-9_.-]{3,32}$', message: '用户名为3至32位字母、数字、下划线、点或连字符' },
    }),
    name: field.input({ label: '姓名', required: true, maxLength: 30, list: true, filter: 'contains' }),
    roleId: field.select({
      label: '角色',
      required: true,
      remote: { endpoint: '/role', pageSize: 200, labelKey: 'name', valueKey: 'id' },
      filter: 'eq',
    }),
    roleName: field.input({
      label: '角色',
      hideInForm: true,
      list: true,
      sql: 'SELECT name FROM roles WHERE id = {t}.role_id',
    }),
    userType: field.select({
      label: '用户类型',
      options: USER_TYPE_OPTIONS,
      hideInForm: true,
      list: true,
      filter: 'eq',
    }),
    scopeKind: field.radio({
      label: '管理范围',
      required: true,
      virtual: true,
      options: USER_SCOPE_OPTIONS,
      hideInExport: true,
    }),
    unitId: field.company({
      label: '管理单位',
      list: true,
      filter: 'inTree',
      shownWhen: { field: 'scopeKind', equals: 'unit', required: true },
      help: '账号可管理所选单位及其下属单位',
    }),
    phone: field.input({ label: '手机号码', maxLength: 11, list: true, pattern: MOBILE_RULE }),
    employeeId: field.select({
      label: '关联员工',
      remote: { endpoint: '/account', pageSize: 50, labelKey: 'name', valueKey: 'id' },
      help: '普通员工账号必须关联员工本人',
      hideInExport: true,
    }),
    enabled: preset.enabled(),
    builtin: field.computed({ label: '内置', sql: "{t}.username = 'admin'", hideInExport: true }),
    initialPassword: field.input({
      label: '初始密码',
      required: true,
      maxLength: 64,
      virtual: true,
      createOnly: true,
      pattern: { regex: '^(?=.*[A-Za-z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{8,}$', message: PASSWORD_RULE_MESSAGE },
    }),
  },
});
