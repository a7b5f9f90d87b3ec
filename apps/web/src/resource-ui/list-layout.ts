import { type FieldDef, isView, type ResourceDef, valueFields } from '@peis/shared';
import type { ListLayout } from '../components/list';

/** How many listed fields besides title, status and date a declared list keeps in view and puts on its cards. */
const ESSENTIAL_COUNT = 3;

/** The listed fields of a declaration, in declaration order (what the generic list shows as columns). */
export const listedFields = (def: ResourceDef): [string, FieldDef][] =>
  valueFields(def).filter(([, f]) => f.list && f.kind !== 'hidden');

/**
 * A declared list's layout (ListTable) from its declaration: the title field (or the first listed field) names a
 * row, the state field (or a listed 状态 switch/select keyed status/enabled) is its status, the first listed date
 * its date, and the next few listed fields the rest of its essentials.
 */
export function resourceListLayout(def: ResourceDef, extraDatetimes: readonly string[] = []): ListLayout {
  const listed = listedFields(def);
  const keys = listed.map(([k]) => k);
  const title = def.titleField && keys.includes(def.titleField) ? def.titleField : (keys[0] ?? 'id');
  const status =
    def.stateField && keys.includes(def.stateField)
      ? def.stateField
      : listed.find(([k, f]) => (k === 'status' || k === 'enabled') && f.kind !== 'input')?.[0];
  const dates = listed.filter(([, f]) => f.kind === 'date').map(([k]) => k);
  const due = dates[0];
  const essential = keys.filter((k) => k !== title && k !== status && k !== due).slice(0, ESSENTIAL_COUNT);
  return { title, status, due, essential, dates, datetimes: extraDatetimes };
}

/** A column width that fits a field's usual value in the list (dates get theirs from the layout). */
export function fieldColumnWidth(f: FieldDef): number {
  if (f.width) return f.width;
  if (f.mask === 'idCard') return 180;
  if (f.mask === 'mobile') return 130;
  // A rule condition's Chinese reading (收缩压 > 140 或 舒张压 > 90) is longer than its expression.
  if (f.expression) return 260;
  switch (f.kind) {
    case 'switch':
    case 'radio':
    case 'number':
      return 96;
    case 'company':
    case 'employee':
    case 'remoteMultiSelect':
    case 'multiSelect':
    case 'tags':
    case 'checkbox':
      return 160;
    case 'textarea':
    case 'richText':
      return 220;
    default:
      return 130;
  }
}

/** Left and right padding of a table cell at the lists' default size. */
const CELL_PADDING = 32;

/** A link button's width in a row: its label at 14 px a character plus its padding. */
const buttonWidth = (label: string) => label.length * 14 + 16;

/**
 * The declared actions one row can show at once: those starting from one state (a row is in one), for the state
 * offering the widest set — 开具 and 完成 never share a row, so the column need not hold both.
 */
function widestStateActions(def: ResourceDef): string[] {
  const actions = def.stateField ? Object.values(def.actions ?? {}) : [];
  const states = [...new Set(actions.flatMap((a) => a.from))];
  let widest: string[] = [];
  for (const state of states) {
    const labels = actions.filter((a) => a.from.includes(state)).map((a) => a.label);
    const width = (ls: string[]) => ls.reduce((sum, l) => sum + buttonWidth(l), 0);
    if (width(labels) > width(widest)) widest = labels;
  }
  return widest;
}

/**
 * The action column's width of a declared list: 查看 / 编辑 / 删除 (or 恢复) and the declared row actions a row
 * can show at once (widestStateActions), each counted when the declaration can offer it (a read-only view has
 * no 编辑 / 删除), plus `extra` more buttons.
 */
export function actionColumnWidth(def: ResourceDef, deletedView: boolean, extra: readonly string[] = []): number {
  const labels = deletedView
    ? ['恢复']
    : [
        '查看',
        ...(def.permissions.update && !isView(def) ? ['编辑'] : []),
        ...(def.permissions.remove && !isView(def) && def.softDelete !== false ? ['删除'] : []),
        ...widestStateActions(def),
      ];
  // The cell's own padding: 16 px on each side (the table's default size).
  return [...labels, ...extra].reduce((sum, l) => sum + buttonWidth(l), CELL_PADDING);
}
