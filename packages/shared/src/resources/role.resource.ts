import { crudPermissions, defineResource, field } from './define-resource';
import { USER_TYPE_OPTIONS } from './options';

/** Roles: their menus and button permissions are edited with the permission tree (PUT /role/{id}/permissions). */
export const roleResource = defineResource({
  name: 'role',
  label: '角色',
  route: '/company/role',
  endpoint: '/role',
  table: 'roles',
  permissions: crudPermissions('company:role', 'role'),
  scope: 'none',
  titleField: 'name',
  undeletable: { field: 'builtin', reason: '内置角色不能删除' },
  unique: [['code'], ['name']],
  fields: {
    name: field.input({ label: '角色名称', required: true, maxLength: 30, list: true, filter: 'contains' }),
    code: field.input({
      label: '角色编码',
      required: true,
      maxLength: 30,
      // An identifier for the system, not a name for people: the list shows 角色名称 and 用户类型 only.
      immutable: true,
      pattern: { regex: '^[A-Za-z][A-Za-z0-9_]*$', message: '角色编码以字母开头，只能包含字母、数字和下划线' },
    }),
    userType: field.radio({
      label: '用户类型',
      required: true,
      options: USER_TYPE_OPTIONS,
      list: true,
      filter: 'eq',
      immutable: true,
    }),
    builtin: field.switch({ label: '内置', hideInForm: true, list: true, defaultValue: false }),
    remark: field.textarea({ label: '说明', maxLength: 200 }),
  },
});
