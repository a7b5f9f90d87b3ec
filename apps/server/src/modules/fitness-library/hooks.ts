import type { ResourceHooks, Row } from '../../crud/crud-repository';
import { fieldError } from '../../lib/errors';

/** 运动项目: the age range in order, the MET at one decimal (the column's; a rounded value would move its intensity). */
export const fitnessItemHooks: ResourceHooks = {
  async beforeWrite({ values }) {
    if (Number(values.ageMax) < Number(values.ageMin)) {
      throw fieldError('ageMax', '最大适用年龄不能小于最小适用年龄');
    }
    const tenths = Number(values.metValue) * 10;
    if (Math.abs(tenths - Math.round(tenths)) > 1e-9) throw fieldError('metValue', 'MET值最多保留一位小数');
    return undefined;
  },
  async deleteBlocked(q, existing) {
    const { rows } = await q.query<{ name: string }>(
      `SELECT t.name FROM fitness_template_items l JOIN fitness_templates t ON t.id = l.template_id
        WHERE l.item_id = $1 AND t.deleted_at IS NULL ORDER BY t.name LIMIT 1`,
      [existing.id],
    );
    return rows[0] ? `该项目已用于运动模板「${rows[0].name}」，不能删除；不再使用时可停用` : null;
  },
};

/**
 * 运动模板: every line names a live 运动项目; one newly put into the template must be enabled (a line kept from
 * before may stay while its item is disabled, so the rest of the template can still be edited).
 */
export const fitnessTemplateHooks: ResourceHooks = {
  async beforeWrite({ q, values, existing }) {
    const lines = (values.lines as Row[] | undefined) ?? [];
    const before = new Set(((existing?.lines as Row[] | undefined) ?? []).map((l) => Number(l.itemId)));
    const ids = lines.map((l) => Number(l.itemId));
    const { rows } = await q.query<{ id: number; name: string; enabled: boolean }>(
      'SELECT id, name, enabled FROM fitness_items WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL',
      [ids.filter((id) => Number.isSafeInteger(id) && id > 0)],
    );
    const items = new Map(rows.map((r) => [Number(r.id), r]));
    ids.forEach((id, i) => {
      const found = items.get(id);
      if (!found) throw fieldError(`lines.${i}.itemId`, '运动项目不存在或已删除');
      if (!found.enabled && !before.has(id)) throw fieldError(`lines.${i}.itemId`, `运动项目「${found.name}」已停用`);
    });
    return undefined;
  },
};
