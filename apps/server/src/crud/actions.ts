import { type ActionDef, columnOf, fieldSchema, idParams, optionLabel, type ResourceDef } from '@peis/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Queryable } from '../db/client';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { writeAudit } from '../plugins/audit';
import { can, currentUser, type SessionUser } from '../plugins/auth';
import type { Row } from './crud-repository';

/** What an action's effect hook receives: the locked row before the action, the action's validated fields. */
export interface ActionContext {
  q: Queryable;
  req: FastifyRequest;
  user: SessionUser;
  /** The row as it was before the action (locked until the transaction ends). */
  record: Row;
  values: Row;
  /** The action's key in ResourceDef.actions. */
  action: string;
}

/**
 * A module's server side of an action, run per row in the action's transaction after the state change
 * (create the task, write the resource's own log…). Throwing an AppError refuses the whole call. What it
 * returns is added to the answer's data (single-row calls).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: an effect with no result is a plain `async` function
export type ActionEffect = (ctx: ActionContext) => Promise<Row | undefined | void>;
export type ActionEffects = Partial<Record<string, ActionEffect>>;

/** What the executor needs of the repository: a read of one row in the account's scope, locked. */
export interface LockingRepo {
  get(q: Queryable, user: SessionUser, id: number, opts?: { forUpdate?: boolean }): Promise<Row>;
}

/** A declared resource with actions, its repository and its module's effects. */
export interface ActionTarget {
  def: ResourceDef;
  repo: LockingRepo;
  effects?: ActionEffects;
}

/** The ids of a bulk action. */
export const idsBody = z
  .array(z.number({ error: '请选择记录' }).int().positive().max(2_147_483_647), { error: '请选择记录' })
  .min(1, '请选择记录')
  .max(1000, '一次最多1000条');

/** The zod object of an action's small form (its declared fields). */
export function actionFieldsSchema(action: ActionDef) {
  return z.object(Object.fromEntries(Object.entries(action.fields ?? {}).map(([k, f]) => [k, fieldSchema(f)])));
}

/** The message after a successful action on `n` rows. */
export const actionDone = (action: ActionDef, n: number): string =>
  action.done ? action.done.replaceAll('{n}', String(n)) : `已${action.label}${n > 1 ? `${n}条` : ''}`;

/** The 409 of a row whose state does not allow the action; `data.state` is its current state. */
function refused(def: ResourceDef, action: ActionDef, record: Row, bulk: boolean): AppError {
  const stateField = def.stateField as string;
  const state = record[stateField];
  const label = optionLabel(def.fields[stateField], state) || String(state);
  const title = def.titleField ? record[def.titleField] : undefined;
  const which = bulk ? `「${title ?? `#${record.id}`}」` : '';
  return new AppError(409, `${which}当前状态为「${label}」，不能执行「${action.label}」`, undefined, {
    state,
    ...(bulk ? { id: record.id } : {}),
  });
}

/**
 * Runs a declared action on `ids` in the caller's transaction: checks the permission, locks each row in the
 * account's scope (out of scope or absent: 404), refuses any row whose state is not in `from` (409, all or
 * nothing), checks `version` when given, moves the rows to `to` (when declared) bumping their version, runs
 * the effect per row and writes one audit entry. The legacy URLs call it too, so there is one executor.
 */
export async function runAction(
  q: Queryable,
  req: FastifyRequest,
  { def, repo, effects = {} }: ActionTarget,
  name: string,
  ids: number[],
  values: Row,
  opts: { version?: number } = {},
): Promise<{ records: Row[]; results: (Row | undefined)[]; state: unknown }> {
  const action = def.actions?.[name];
  const stateField = def.stateField;
  if (!action || !stateField) throw notFound('操作不存在');
  const user = currentUser(req);
  if (!can(user, action.permission)) throw forbidden();
  const bulk = ids.length > 1;
  const records: Row[] = [];
  // In id order, so two bulk calls over the same rows wait for each other instead of deadlocking.
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const record = await repo.get(q, user, id, { forUpdate: true }).catch((e: unknown) => {
      // Out of scope is "not found": the answer must not reveal that the row exists.
      if (e instanceof AppError && e.statusCode === 403) throw notFound(`${def.label}不存在`);
      throw e;
    });
    if (record.deletedAt) throw notFound(`${def.label}不存在`);
    if (opts.version !== undefined && Number(record.version) !== opts.version) throw conflict();
    if (!action.from.some((s) => String(s) === String(record[stateField]))) throw refused(def, action, record, bulk);
    records.push(record);
  }
  const locked = records.map((r) => Number(r.id));
  const stateColumn = columnOf(stateField, def.fields[stateField]);
  const params: unknown[] = [locked];
  const setState = action.to === undefined ? '' : `${stateColumn} = $${params.push(action.to)}, `;
  await q.query(
    `UPDATE ${def.table} SET ${setState}version = version + 1, updated_at = now() WHERE id = ANY($1::bigint[])`,
    params,
  );
  const effect = effects[name];
  const results: (Row | undefined)[] = [];
  for (const record of records) {
    results.push((await effect?.({ q, req, user, record, values, action: name })) ?? undefined);
  }
  const stateOf = (r: Row) => ({ id: r.id, [stateField]: r[stateField] });
  await writeAudit(q, req, {
    action: name,
    resource: def.name,
    recordId: locked.join(','),
    before: bulk ? records.map(stateOf) : stateOf(records[0]),
    after: { ...(action.to === undefined ? {} : { [stateField]: action.to }), ...values },
  });
  return { records, results, state: action.to ?? records[0]?.[stateField] };
}

/**
 * The routes of a resource's declared actions: `POST /api{endpoint}/:id/actions/:action` (body: the action's
 * fields and an optional `version`) and, for bulk actions, `POST /api{endpoint}/actions/:action` with
 * `{ ids, ...fields }`. Each validates with the declared fields and runs runAction in one transaction.
 */
export function registerActionRoutes(
  app: FastifyInstance,
  db: Db,
  def: ResourceDef,
  repo: LockingRepo,
  effects: ActionEffects = {},
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api${def.endpoint}`;
  const tags = [def.label];
  const target: ActionTarget = { def, repo, effects };
  for (const [name, action] of Object.entries(def.actions ?? {})) {
    const fields = actionFieldsSchema(action);
    const config = { permission: action.permission };
    // An action without fields may be posted without a body.
    const withBody = <T extends z.ZodType>(s: T) => z.preprocess((v) => v ?? {}, s);
    r.post(
      `${base}/:id/actions/${name}`,
      {
        config,
        schema: {
          tags,
          summary: `${action.label}（${def.label}）`,
          params: idParams,
          body: withBody(fields.extend({ version: z.number({ error: '版本号无效' }).int().optional() })),
        },
      },
      async (req) => {
        const { version, ...values } = req.body as Row & { version?: number };
        const { state, records, results } = await db.tx((q) =>
          runAction(q, req, target, name, [req.params.id], values, { version }),
        );
        const record = records[0];
        return {
          code: 200,
          msg: actionDone(action, 1),
          // The effect's answer last: an action without `to` has its state set by the effect (记录随访).
          data: {
            id: record.id,
            [def.stateField as string]: state,
            version: Number(record.version) + 1,
            ...results[0],
          },
        };
      },
    );
    if (!action.bulk) continue;
    r.post(
      `${base}/actions/${name}`,
      {
        config,
        schema: {
          tags,
          summary: `批量${action.label}（${def.label}）`,
          body: withBody(fields.extend({ ids: idsBody })),
        },
      },
      async (req) => {
        const { ids, ...values } = req.body as Row & { ids: number[] };
        const { records } = await db.tx((q) => runAction(q, req, target, name, ids, values));
        return { code: 200, msg: actionDone(action, records.length), data: { count: records.length } };
      },
    );
  }
}
