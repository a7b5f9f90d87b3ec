import { type ActionDef, defineResource, deleteRefusal, field } from '@peis/shared';
import { describe, expect, it } from 'vitest';
import { bulkBlocked, confirmText, deleteConfirm, doneText } from './action-rules';

const confirm: ActionDef = {
  label: '确认',
  from: [0],
  to: 1,
  permission: 'positive:confirm',
  bulk: true,
  done: '已确认{n}条',
};
const close: ActionDef = {
  label: '关闭',
  from: [0, 1],
  to: 3,
  permission: 'positive:handle',
  confirm: '关闭后不再跟进，确定吗？',
};
const def = defineResource({
  name: 'demo',
  label: '演示',
  route: '/main/demo',
  endpoint: '/demo',
  table: 'demo',
  permissions: { list: 'main:dashboard' },
  scope: 'none',
  stateField: 'status',
  actions: { confirm, close },
  fields: { status: field.select({ label: '状态', options: [{ value: 0, label: '待处理' }] }) },
});

const titled = {
  ...def,
  titleField: 'name',
  fields: { ...def.fields, name: field.input({ label: '名称' }), builtin: field.switch({ label: '内置' }) },
};

describe('bulk actions on the selected rows', () => {
  it('needs a selection', () => {
    expect(bulkBlocked(def, confirm, [])).toBe('请先勾选记录');
  });
  it('runs when every selected row is in a state the action starts from (string or number states)', () => {
    expect(bulkBlocked(def, confirm, [{ status: 0 }, { status: '0' }])).toBeUndefined();
    expect(bulkBlocked(def, close, [{ status: 0 }, { status: 1 }])).toBeUndefined();
  });
  it('is refused when one selected row has moved on (the server would refuse the whole batch)', () => {
    expect(bulkBlocked(def, confirm, [{ status: 0 }, { status: 2 }])).toBe('所选记录中有不能执行「确认」的状态');
  });
});

describe('action texts', () => {
  it('asks the declared question, else one naming the action and the count', () => {
    expect(confirmText(def, close, [{ status: 0 }])).toBe('关闭后不再跟进，确定吗？');
    expect(confirmText(def, confirm, [{ status: 0 }])).toBe('确定确认该演示吗？');
    expect(confirmText(titled, confirm, [{ status: 0, name: '张三' }])).toBe('确定确认演示“张三”吗？');
    expect(confirmText(def, confirm, [{}, {}, {}])).toBe('确定对选中的3条记录执行「确认」吗？');
  });
  it('names the record in the delete question and says it can be restored', () => {
    expect(deleteConfirm(titled, { name: '张三' }, true)).toEqual({
      title: '确定删除演示“张三”吗？',
      description: '删除后可在“已删除”中恢复。',
    });
    expect(deleteConfirm(titled, { name: '' }, false).title).toBe('确定删除该演示吗？');
  });
  it('tells why a protected row cannot be deleted', () => {
    const roles = { ...titled, undeletable: { field: 'builtin', reason: '内置角色不能删除' } };
    expect(deleteRefusal(roles, { builtin: true })).toBe('内置角色不能删除');
    expect(deleteRefusal(roles, { builtin: false })).toBeUndefined();
    expect(deleteRefusal(titled, { builtin: true })).toBeUndefined();
  });
  it('says the declared done text with the count', () => {
    expect(doneText(confirm, 4)).toBe('已确认4条');
    expect(doneText(close, 1)).toBe('操作成功');
  });
});
