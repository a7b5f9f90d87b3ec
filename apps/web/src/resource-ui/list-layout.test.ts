import { facilityResource, positiveTaskResource, type ResourceDef } from '@peis/shared';
import { describe, expect, it } from 'vitest';
import { actionColumnWidth, fieldColumnWidth, resourceListLayout } from './list-layout';

describe('a declared list’s layout from its declaration', () => {
  it('names the row by its title field, its status by the state field, its date by the first listed date', () => {
    const layout = resourceListLayout(positiveTaskResource);
    expect(layout.title).toBe('name');
    expect(layout.status).toBe('status');
    expect(layout.due).toBe('dueDate');
    expect(layout.dates).toContain('dueDate');
    // The next listed fields in declaration order, never title, status or date again.
    expect(layout.essential).toEqual(['unitName', 'ruleName', 'libraryName']);
  });

  it('takes a listed 状态 field as the status when no state field is declared, and the deleted view’s time as a datetime', () => {
    const layout = resourceListLayout(facilityResource, ['deletedAt']);
    expect(layout).toMatchObject({ title: 'name', status: 'status', due: 'installedOn', datetimes: ['deletedAt'] });
    expect(layout.essential).toEqual(['kind', 'unitId', 'location']);
  });

  it('gives masked ID numbers room for all 18 characters and unit pickers more than a switch', () => {
    expect(fieldColumnWidth({ kind: 'input', label: '身份证号', mask: 'idCard' })).toBeGreaterThanOrEqual(180);
    expect(fieldColumnWidth({ kind: 'company', label: '单位' })).toBeGreaterThan(
      fieldColumnWidth({ kind: 'switch', label: '状态' }),
    );
    // A declared width wins over the kind's (a catalogue's long names).
    expect(fieldColumnWidth({ kind: 'input', label: '项目名称', width: 200 })).toBe(200);
  });

  it('makes the action column as wide as the buttons the declaration can offer', () => {
    // A read-only view: 查看 plus its declared actions (处理 … 改派), wider than the deleted view's lone 恢复.
    const view = actionColumnWidth(positiveTaskResource, false);
    const labels = Object.values(positiveTaskResource.actions ?? {}).map((a) => a.label);
    expect(view).toBe(['查看', ...labels].reduce((s, l) => s + l.length * 14 + 16, 32));
    expect(actionColumnWidth(positiveTaskResource, true)).toBe(32 + 2 * 14 + 16);
    expect(actionColumnWidth(facilityResource, false)).toBe(32 + 3 * (2 * 14 + 16));
  });

  it('counts the declared actions of the busiest state only: a row shows those starting from its own state', () => {
    // 草稿 → 开具 | 作废, 已开具 → 开始执行 | 作废, 执行中 → 完成 | 作废: at most 开始执行 and 作废 on one row.
    const def = {
      ...positiveTaskResource,
      actions: {
        issue: { label: '开具', from: [1], to: 2 },
        start: { label: '开始执行', from: [2], to: 3 },
        complete: { label: '完成', from: [3], to: 4 },
        void: { label: '作废', from: [1, 2, 3], to: 5 },
      },
    } as unknown as ResourceDef;
    expect(actionColumnWidth(def, false)).toBe(
      ['查看', '开始执行', '作废'].reduce((s, l) => s + l.length * 14 + 16, 32),
    );
  });
});
