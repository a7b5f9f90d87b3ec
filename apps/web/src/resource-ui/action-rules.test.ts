import { type ActionDef, defineResource, field } from '@peis/shared';
import { describe, expect, it } from 'vitest';
import { bulkBlocked, confirmText, doneText } from './action-rules';

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
    expect(confirmText(close, 1)).toBe('关闭后不再跟进，确定吗？');
    expect(confirmText(confirm, 1)).toBe('确定确认吗？');
    expect(confirmText(confirm, 3)).toBe('确定对选中的3条记录执行「确认」吗？');
  });
  it('says the declared done text with the count', () => {
    expect(doneText(confirm, 4)).toBe('已确认4条');
    expect(doneText(close, 1)).toBe('操作成功');
  });
});
