import type { ActionDef, ResourceDef } from '@peis/shared';

/** How a question names a record: its kind and its title field's value, e.g. 用户“zhangsan”; 该用户 without one. */
export function recordName(def: ResourceDef, row: Record<string, unknown> | undefined): string {
  const title = def.titleField && row ? row[def.titleField] : undefined;
  return title === undefined || title === null || title === '' ? `该${def.label}` : `${def.label}“${String(title)}”`;
}

/**
 * The confirm question of an action without fields: the declared one, else one naming the action and the
 * record (one row) or the count (the selected rows).
 */
export const confirmText = (def: ResourceDef, action: ActionDef, rows: readonly Record<string, unknown>[]) =>
  action.confirm ??
  (rows.length > 1
    ? `确定对选中的${rows.length}条记录执行「${action.label}」吗？`
    : `确定${action.label}${recordName(def, rows[0])}吗？`);

/**
 * The delete question of a row and what follows: the generic delete is a soft delete, so the record can be
 * restored — from the list's 已删除 view when the account is offered one.
 */
export function deleteConfirm(
  def: ResourceDef,
  row: Record<string, unknown>,
  restoreOffered: boolean,
): { title: string; description: string } {
  return {
    title: `确定删除${recordName(def, row)}吗？`,
    description: restoreOffered ? '删除后可在“已删除”中恢复。' : '删除后不再出现在列表中，数据仍保留在系统中。',
  };
}

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
