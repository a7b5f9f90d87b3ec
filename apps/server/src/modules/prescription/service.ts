import {
  ageOn,
  dietPrescriptionResource,
  fitnessPrescriptionResource,
  metIntensity,
  optionLabel,
  PRESCRIPTION_STATUSES,
  type PrescriptionKind,
  type ResourceDef,
  USER_TYPES,
} from '@peis/shared';
import type { ActionEffect, ActionEffects, ActionTarget } from '../../crud/actions';
import { CrudRepository, type ListQuery, type ResourceHooks, type Row } from '../../crud/crud-repository';
import type { Queryable } from '../../db/client';
import { cookbookPlan } from '../../lib/cookbook-plan';
import { AppError, badRequest, fieldError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/auth';

export {
  type DraftOptions,
  generateDietDrafts,
  generateFitnessDrafts,
} from './generate';

const statusLabel = (s: unknown) => optionLabel({ kind: 'select', label: '状态', options: PRESCRIPTION_STATUSES }, s);

/** Writes one entry of a prescription's log (shown on its detail). */
export async function logPrescription(
  q: Queryable,
  kind: PrescriptionKind,
  id: number,
  action: string,
  note: string | null,
  userId: number | null,
): Promise<void> {
  await q.query(
    'INSERT INTO prescription_logs (kind, prescription_id, action, note, user_id) VALUES ($1, $2, $3, $4, $5)',
    [kind, id, action, note, userId],
  );
}

/**
 * The declared resource's repository of one kind: an employee account sees only its own issued prescriptions
 * (never drafts); only a draft can be edited (409) or deleted; the detail adds what lists leave out (the plan
 * snapshot, the adjustments as a list, the log).
 */
export class PrescriptionRepository extends CrudRepository {
  constructor(
    def: ResourceDef,
    readonly kind: PrescriptionKind,
    hooks: ResourceHooks = {},
  ) {
    super(def, {
      ...hooks,
      scopeWhere: (user, _params, alias) => (user.userType === USER_TYPES.employee ? `${alias}.status >= 2` : 'TRUE'),
      beforeWrite: async (ctx) => {
        if (ctx.mode === 'update' && Number(ctx.existing?.status) !== 1) {
          throw new AppError(409, `只有草稿可以修改，当前状态为「${statusLabel(ctx.existing?.status)}」`, undefined, {
            state: ctx.existing?.status,
          });
        }
        return hooks.beforeWrite?.(ctx);
      },
      afterWrite: async (ctx) => {
        await hooks.afterWrite?.(ctx);
        if (ctx.mode === 'update') await logPrescription(ctx.q, kind, Number(ctx.record.id), '修改', null, ctx.user.id);
      },
      deleteBlocked: async (_q, existing) =>
        Number(existing.status) === 1 ? null : '只能删除草稿；已开具的处方请作废',
    });
  }

  /** Default order: open work first (草稿, 已开具, 执行中 …), newest first within a state (the list index). */
  override orderBy(query: Pick<ListQuery, 'sort' | 'order'>): string {
    return query.sort ? super.orderBy(query) : 't.status, t.id DESC';
  }

  /**
   * The detail: the record, the adjustments as a list, the generator's inputs, the log, the person's age, and the
   * texts the print sheet shows that an employee account cannot read from the catalogues — the diet's plan
   * snapshot, its principles and 中医食疗 (by the ids on the row), the exercise principles (all live ones) and each
   * exercise line's name and intensity.
   */
  override async get(q: Queryable, user: SessionUser, id: number, opts: { forUpdate?: boolean } = {}): Promise<Row> {
    const record = await super.get(q, user, id, opts);
    const texts =
      this.kind === 'diet'
        ? `t.plan,
           (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'classify', p.classify,
                                                       'contents', p.contents) ORDER BY p.id), '[]')
              FROM diet_principles p
             WHERE p.id IN (SELECT x::bigint FROM jsonb_array_elements_text(t.principle_ids) x)) AS principles,
           (SELECT coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'configs', d.configs,
                                                       'functions', d.functions, 'usage', d.usage) ORDER BY d.id), '[]')
              FROM diet_tcm d WHERE d.id IN (SELECT x::bigint FROM jsonb_array_elements_text(t.tcm_ids) x)) AS tcm`
        : `(SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.title, 'contents', p.contents)
                                     ORDER BY p.sort_order, p.id), '[]')
              FROM fitness_principles p WHERE p.deleted_at IS NULL) AS principles`;
    const { rows } = await q.query<Row>(
      `SELECT t.adjustments, t.inputs, ${texts},
              (SELECT coalesce(json_agg(json_build_object(
                        'action', l.action, 'note', l.note, 'userName', u.name,
                        'at', to_char(l.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')) ORDER BY l.id), '[]')
                 FROM prescription_logs l LEFT JOIN users u ON u.id = l.user_id
                WHERE l.kind = $2 AND l.prescription_id = t.id) AS logs
         FROM ${this.def.table} t WHERE t.id = $1`,
      [id, this.kind],
    );
    const out: Row = { ...record, ...rows[0], age: record.birthday ? ageOn(String(record.birthday)) : null };
    // A draft's plan is its cookbook as it is now; an issued prescription carries its own copy.
    if (this.kind === 'diet' && out.plan == null && record.cookbookId != null)
      out.plan = await cookbookPlan(q, Number(record.cookbookId));
    if (this.kind === 'fitness') {
      out.items = ((record.items as Row[] | undefined) ?? []).map((l) => ({
        ...l,
        name: l.itemName,
        intensity: l.met == null ? null : metIntensity(Number(l.met)),
      }));
    }
    return out;
  }
}

/** Checks the items of a fitness draft against the catalogue (an unknown item is a 400 on its cell). */
async function checkItems(q: Queryable, values: Row): Promise<undefined> {
  const lines = (values.items as Row[] | undefined) ?? [];
  if (!lines.length) return undefined;
  const ids = lines.map((l) => Number(l.itemId));
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM fitness_items WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL',
    [ids],
  );
  const known = new Set(rows.map((r) => Number(r.id)));
  const bad = ids.findIndex((id) => !known.has(id));
  if (bad >= 0) throw fieldError(`items.${bad}.itemId`, '运动项目不存在或已删除');
  return undefined;
}

export const dietRepo = new PrescriptionRepository(dietPrescriptionResource, 'diet', {
  // A draft's cookbook must exist; its plan is read live until 开具 copies it onto the prescription.
  beforeWrite: async ({ q, mode, values, existing }) => {
    if (mode !== 'update' || values.cookbookId == null) return undefined;
    if (Number(values.cookbookId) === Number(existing?.cookbookId)) return undefined;
    const { rows } = await q.query('SELECT 1 FROM diet_cookbooks WHERE id = $1 AND deleted_at IS NULL', [
      values.cookbookId,
    ]);
    if (!rows[0]) throw fieldError('cookbookId', '食谱不存在或已删除');
    return undefined;
  },
});

export const fitnessRepo = new PrescriptionRepository(fitnessPrescriptionResource, 'fitness', {
  beforeWrite: async ({ q, values }) => checkItems(q, values),
  // The lines' name and MET: the item's when a line is saved with it (trigger of migration 020).
});

/** The effects of the declared actions: stamps, the plan's snapshot on issue, and the log. */
function effects(kind: PrescriptionKind): ActionEffects {
  const table = kind === 'diet' ? 'diet_prescriptions' : 'fitness_prescriptions';
  const issue: ActionEffect = async ({ q, user, record, values }) => {
    const start = String(values.startDate);
    const end = String(values.endDate);
    if (end < start) throw fieldError('endDate', '结束日期不能早于开始日期');
    if (kind === 'fitness') {
      const lines = (record.items as Row[] | undefined) ?? [];
      if (!lines.length) throw badRequest('没有运动项目，不能开具：请先编辑添加运动项目');
    }
    let plan: string | undefined;
    if (kind === 'diet' && record.cookbookId != null) {
      // The cookbook as it is now: the issued prescription keeps this copy.
      const fresh = await cookbookPlan(q, Number(record.cookbookId));
      if (fresh) plan = JSON.stringify(fresh);
    }
    await q.query(
      `UPDATE ${table} SET issued_at = now(), issued_by = $2, start_date = $3::date, end_date = $4::date
              ${plan ? ', plan = $5::jsonb' : ''} WHERE id = $1`,
      [record.id, user.id, start, end, ...(plan ? [plan] : [])],
    );
    await logPrescription(q, kind, Number(record.id), '开具', `执行期 ${start} 至 ${end}`, user.id);
    return { startDate: start, endDate: end };
  };
  return {
    issue,
    start: async ({ q, user, record }) => {
      await logPrescription(q, kind, Number(record.id), '开始执行', null, user.id);
    },
    complete: async ({ q, user, record, values }) => {
      await q.query(`UPDATE ${table} SET outcome = $2 WHERE id = $1`, [record.id, values.outcome]);
      await logPrescription(q, kind, Number(record.id), '完成', String(values.outcome), user.id);
    },
    void: async ({ q, user, record, values }) => {
      await q.query(`UPDATE ${table} SET void_reason = $2 WHERE id = $1`, [record.id, values.reason]);
      await logPrescription(q, kind, Number(record.id), '作废', String(values.reason), user.id);
    },
  };
}

export const dietTarget: ActionTarget = { def: dietPrescriptionResource, repo: dietRepo, effects: effects('diet') };
export const fitnessTarget: ActionTarget = {
  def: fitnessPrescriptionResource,
  repo: fitnessRepo,
  effects: effects('fitness'),
};
