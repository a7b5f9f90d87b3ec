import type { ActionDef, ResourceDef } from '@peis/shared';

/** The confirm question of an action without fields, for one row or the selected rows. */
export const confirmText = (action: ActionDef, n: number) =>
  action.confirm ?? (n > 1 ? `确定对选中的${n}条记录执行「${action.label}」吗？` : `确定${action.label}吗？`);

/** What a successful action says when the server sent no message: its `done` text ({n} = rows), or 操作成功. */
export const doneText = (action: ActionDef, n: number) => action.done?.replaceAll('{n}', String(n)) || '操作成功';

/**
 * Why a bulk action cannot run on the selection, or undefined when it can: nothing selected, or a selected
 * row whose state the action does not start from (the server would refuse the whole batch with a 409).
 */
export function bulkBlocked(
  def: ResourceDef,
  action: ActionDef,
  selected: readonly Record<string, unknown>[],
): string | undefined {
  if (selected.length === 0) return '请先勾选记录';
  const state = def.stateField;
  const stuck = selected.some((r) => !action.from.some((s) => String(s) === String(state ? r[state] : undefined)));
  return stuck ? `所选记录中有不能执行「${action.label}」的状态` : undefined;
}
