import {
  columnOf,
  deleteRefusal,
  fieldExpr,
  type ResourceDef,
  storedFormFields,
  type ViewJoin,
  valueFields,
} from '@peis/shared';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { employeeRowScopeSql, joinsFor, paged } from '../lib/paging';
import { employeeScopeSql, unitScopeSql } from '../lib/scope';
import { writeAudit } from '../plugins/audit';
import type { SessionUser } from '../plugins/auth';
import { loadChildren, saveChildren } from './children';
import { prepareValues } from './field-values';
import { isListField, maskRecord, placeholder, queryValue, selectColumns, toParam } from './sql-fields';

export type Row = Record<string, unknown>;

export interface WriteContext {
  q: Queryable;
  req: FastifyRequest;
  user: SessionUser;
  mode: 'create' | 'update';
  /** Validated form values. */
  values: Row;
  /** The record before the change (update). */
  existing?: Row;
}

/** What a resource needs beyond its definition: the bespoke part, kept out of the generic code. */
export interface ResourceHooks {
  /** Extra SELECT expressions (with their quoted aliases) for lists and reads. */
  extraSelect?: (alias: string) => string[];
  /** Extra WHERE limiting lists and reads (e.g. a regular staff account sees only itself). */
  scopeWhere?: (user: SessionUser, params: unknown[], alias: string) => string;
  /** Checks and derives before a write; may return extra columns to write and may throw AppError. */
  beforeWrite?: (ctx: WriteContext) => Promise<Row | undefined>;
  /** Runs in the write's transaction after it (e.g. keep derived tables up to date). */
  afterWrite?: (ctx: WriteContext & { record: Row }) => Promise<void>;
  /** Runs in the transaction after a delete or restore. */
  afterRemoveOrRestore?: (ctx: {
    q: Queryable;
    req: FastifyRequest;
    user: SessionUser;
    record: Row;
    removed: boolean;
  }) => Promise<void>;
  /** A reason the record cannot be deleted, or null. */
  deleteBlocked?: (q: Queryable, existing: Row) => Promise<string | null>;
  /** Shapes a record on its way out. */
  toRecord?: (rec: Row) => Row;
  /** The list's total from a maintained count when the query allows one, else null (COUNT(*)). */
  listCount?: (q: Queryable, user: SessionUser, query: ListQuery) => Promise<number> | null;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
  deleted?: boolean;
  /** Raw filter values from the query string. */
  filters: Record<string, string | undefined>;
}

/** A screen's parsed query values as a list's string filters (absent ones left out): how old URLs call list(). */
export const asFilters = (f: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(f).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

/** The resource's generic data access: every method checks unit scope; writes are audited. */
export class CrudRepository {
  constructor(
    readonly def: ResourceDef,
    readonly hooks: ResourceHooks = {},
  ) {}

  private select(alias = 't') {
    return [selectColumns(this.def, alias), ...(this.hooks.extraSelect?.(alias) ?? [])].join(', ');
  }

  /** A view's joins (ResourceDef.joins); none for a plain table. */
  get joins(): ViewJoin[] {
    return this.def.joins ?? [];
  }

  /**
   * FROM of a query: the base table (alias t) with every join, or — given the SQL of a count's or a page's
   * keys — with only the joins that SQL refers to (each join matches one row, so the others change nothing).
   */
  from(onlyFor?: string | string[]): string {
    const base = `${this.def.table} t`;
    if (onlyFor !== undefined) return joinsFor(base, this.joins, onlyFor);
    return [base, ...this.joins.map((j) => j.sql)].join(' ');
  }

  /** The number of rows the filters match (exports' audit entry). */
  async count(q: Queryable, user: SessionUser, query: Pick<ListQuery, 'deleted' | 'filters'>): Promise<number> {
    const params: unknown[] = [];
    const where = this.filterWhere(user, query, params);
    const { rows } = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.from(where)} WHERE ${where.join(' AND ')}`,
      params,
    );
    return rows[0].n;
  }

  scopeWhere(user: SessionUser, params: unknown[], alias = 't'): string[] {
    const where: string[] = [];
    if (this.def.scope === 'unit') where.push(unitScopeSql(user, `${alias}.unit_id`, params));
    if (this.def.scope === 'person') {
      // A view that joins the person's employee row is scoped on that row's unit: the planner then walks
      // the list's index and checks each row's unit, where a semi-join on employees made a deep page of a
      // unit-scoped account sort every row of the scope first (findings, page 500: 414 ms → see bench).
      const person = alias === 't' ? this.personJoinAlias() : undefined;
      where.push(
        person ? employeeRowScopeSql(user, person, params) : employeeScopeSql(user, this.personExpr(alias), params),
      );
    }
    if (this.hooks.scopeWhere) where.push(this.hooks.scopeWhere(user, params, alias));
    return where;
  }

  /** The alias of a join on the person's own employee row (`JOIN employees e ON e.id = t.<person column>`), if any. */
  private personJoinAlias(): string | undefined {
    const key = this.def.personField;
    const f = key ? this.def.fields[key] : undefined;
    if (!key || !f || f.sql) return undefined;
    const column = columnOf(key, f);
    return this.joins.find((j) =>
      new RegExp(`^JOIN employees ${j.alias} ON ${j.alias}\\.id = t\\.${column}$`).test(j.sql.trim()),
    )?.alias;
  }

  /** SQL of a person-scoped record's employee id. */
  private personExpr(alias: string): string {
    const key = this.def.personField;
    const f = key ? this.def.fields[key] : undefined;
    if (!key || f?.kind !== 'employee')
      throw new Error(`${this.def.name}: scope 'person' needs personField, an employee field`);
    return fieldExpr(key, f, alias);
  }

  private shape(rec: Row): Row {
    return this.hooks.toRecord ? this.hooks.toRecord(rec) : rec;
  }

  /** WHERE conditions of the list filters (and of exports, which take the same filters). */
  filterWhere(user: SessionUser, query: Pick<ListQuery, 'deleted' | 'filters'>, params: unknown[]): string[] {
    const where = this.scopeWhere(user, params);
    // A view or table without soft delete has no deleted_at to filter on.
    if (this.def.softDelete !== false)
      where.unshift(query.deleted ? 't.deleted_at IS NOT NULL' : 't.deleted_at IS NULL');
    if (!where.length) where.push('TRUE');
    // `id`: one record of the list (a link to a task from the workbench), still within the account's scope.
    const id = query.filters.id;
    if (id !== undefined && id !== '') {
      const n = Number(id);
      if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw badRequest('记录编号无效');
      params.push(n);
      where.push(`t.id = $${params.length}`);
    }
    for (const [key, f] of valueFields(this.def)) {
      if (!f.filter) continue;
      const col = fieldExpr(key, f, 't');
      const raw = query.filters[key];
      if (f.filter === 'between') {
        const from = query.filters[`${key}From`];
        const to = query.filters[`${key}To`];
        for (const [v, op] of [
          [from, '>='],
          [to, '<='],
        ] as const) {
          if (v === undefined || v === '') continue;
          const value = queryValue(f, v);
          if (value === undefined) throw badRequest(`${f.label}的筛选值无效`);
          params.push(value);
          where.push(`${col} ${op} ${placeholder(f, params.length)}`);
        }
        continue;
      }
      if (f.kind === 'employee') {
        // By id (the picker's value), and by name under `${key}Name`.
        const name = query.filters[`${key}Name`];
        if (name) {
          params.push(`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
          where.push(`${col} IN (SELECT ef_.id FROM employees ef_ WHERE ef_.name ILIKE $${params.length})`);
        }
        if (raw === undefined || raw === '') continue;
        const id = queryValue(f, raw);
        if (id === undefined) throw badRequest(`${f.label}的筛选值无效`);
        params.push(id);
        where.push(`${col} = $${params.length}`);
        continue;
      }
      if (raw === undefined || raw === '') continue;
      if (f.filter === 'contains') {
        params.push(`%${raw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`${col} ILIKE $${params.length}`);
      } else if (f.filter === 'inTree') {
        const id = Number(raw);
        if (!Number.isInteger(id)) throw badRequest(`${f.label}的筛选值无效`);
        params.push(id);
        where.push(
          `${col} IN (SELECT id FROM units WHERE path LIKE (SELECT path FROM units WHERE id = $${params.length}) || '%')`,
        );
      } else if (f.filter === 'in') {
        const values = raw.split(',').map((v) => queryValue(f, v));
        if (values.some((v) => v === undefined)) throw badRequest(`${f.label}的筛选值无效`);
        params.push(values);
        where.push(`${col} = ANY($${params.length})`);
      } else {
        const value = queryValue(f, raw);
        if (value === undefined) throw badRequest(`${f.label}的筛选值无效`);
        params.push(isListField(f) ? JSON.stringify([value]) : value);
        where.push(isListField(f) ? `${col} @> $${params.length}::jsonb` : `${col} = $${params.length}`);
      }
    }
    return where;
  }

  orderBy(query: Pick<ListQuery, 'sort' | 'order'>): string {
    const sortKey = query.sort ?? this.def.defaultSort?.field;
    const f = sortKey ? this.def.fields[sortKey] : undefined;
    if (query.sort && !f?.sortable) throw badRequest('不支持按该字段排序');
    if (!sortKey || !f) return 't.id DESC';
    const dir = (query.sort ? query.order : this.def.defaultSort?.order) === 'desc' ? 'DESC' : 'ASC';
    return `${fieldExpr(sortKey, f, 't')} ${dir} NULLS LAST, t.id DESC`;
  }

  async list(q: Queryable, user: SessionUser, query: ListQuery): Promise<{ total: number; records: Row[] }> {
    const params: unknown[] = [];
    const where = this.filterWhere(user, query, params);
    const maintained = this.hooks.listCount?.(q, user, query);
    // paged(): the count and the page's keys join only what WHERE and ORDER BY refer to; the select list's
    // subqueries (unit and employee names) run for the page's rows only.
    const { total, records } = await paged<Row>(
      q,
      {
        select: this.select(),
        from: { base: `${this.def.table} t`, key: 't.id', joins: this.joins },
        where,
        order: this.orderBy(query),
        count: maintained ? () => maintained : undefined,
      },
      params,
      query,
    );
    return { total, records: records.map((r) => this.shape(maskRecord(this.def, r))) };
  }

  /**
   * One record in the account's scope (deleted ones too, for restore). 404 when absent and when out of
   * scope alike: the answer does not tell whether a record the account may not see exists.
   */
  async get(q: Queryable, user: SessionUser, id: number, opts: { forUpdate?: boolean } = {}): Promise<Row> {
    const params: unknown[] = [id];
    const scope = this.scopeWhere(user, params);
    const { rows } = await q.query<Row>(
      `SELECT ${this.select()} FROM ${this.from()} WHERE ${['t.id = $1', ...scope].join(' AND ')}${opts.forUpdate ? ' FOR UPDATE OF t' : ''}`,
      params,
    );
    if (!rows[0]) throw notFound(`${this.def.label}不存在`);
    await loadChildren(q, this.def, rows);
    return this.shape(rows[0]);
  }

  private async checkUnitInScope(q: Queryable, user: SessionUser, unitId: unknown) {
    if (this.def.scope !== 'unit' || unitId == null) return;
    const { rows } = await q.query<{ path: string }>('SELECT path FROM units WHERE id = $1 AND deleted_at IS NULL', [
      unitId,
    ]);
    if (!rows[0]) throw badRequest('所属单位不存在', [{ path: 'unitId', message: '所属单位不存在' }]);
    if (user.unitPath !== null && !rows[0].path.startsWith(user.unitPath)) {
      throw forbidden('不能把记录放到账号单位范围以外的单位');
    }
  }

  private async checkUnique(q: Queryable, values: Row, exceptId?: number) {
    for (const keys of this.def.unique ?? []) {
      const params: unknown[] = [];
      const conds = keys.map((k) => {
        const f = this.def.fields[k];
        params.push(toParam(f, values[k]));
        return `${columnOf(k, f)} IS NOT DISTINCT FROM ${placeholder(f, params.length)}`;
      });
      if (exceptId !== undefined) {
        params.push(exceptId);
        conds.push(`id <> $${params.length}`);
      }
      const { rows } = await q.query(
        `SELECT 1 FROM ${this.def.table} WHERE ${[...(this.def.softDelete === false ? [] : ['deleted_at IS NULL']), ...conds].join(' AND ')} LIMIT 1`,
        params,
      );
      if (rows[0]) {
        const last = keys[keys.length - 1];
        const label = keys.map((k) => this.def.fields[k].label).join('+');
        throw badRequest(`${label}已存在`, [{ path: last, message: `${label}已存在` }]);
      }
    }
  }

  async create(q: Queryable, req: FastifyRequest, user: SessionUser, values: Row): Promise<Row> {
    await this.checkUnitInScope(q, user, values.unitId);
    await this.checkUnique(q, values);
    await prepareValues(q, user, storedFormFields(this.def, 'create'), values, undefined);
    const extra = (await this.hooks.beforeWrite?.({ q, req, user, mode: 'create', values })) ?? {};
    const cols: string[] = [];
    const marks: string[] = [];
    const params: unknown[] = [];
    for (const [key, f] of storedFormFields(this.def, 'create')) {
      if (values[key] === undefined && f.defaultValue === undefined) continue;
      if (columnOf(key, f) in extra) continue; // the hook's derived value wins
      params.push(toParam(f, values[key] ?? f.defaultValue));
      cols.push(columnOf(key, f));
      marks.push(placeholder(f, params.length));
    }
    for (const [col, v] of Object.entries(extra)) {
      params.push(v);
      cols.push(col);
      marks.push(`$${params.length}`);
    }
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO ${this.def.table} (${cols.join(', ')}) VALUES (${marks.join(', ')}) RETURNING id`,
      params,
    );
    await saveChildren(q, user, this.def, Number(rows[0].id), values, undefined);
    const record = await this.get(q, user, Number(rows[0].id));
    await this.hooks.afterWrite?.({ q, req, user, mode: 'create', values, record });
    await writeAudit(q, req, { action: 'create', resource: this.def.name, recordId: rows[0].id, after: record });
    return record;
  }

  async update(q: Queryable, req: FastifyRequest, user: SessionUser, id: number, values: Row, version: number) {
    const existing = await this.get(q, user, id, { forUpdate: true });
    if (existing.deletedAt) throw notFound(`${this.def.label}已删除`);
    if (existing.version !== version) throw conflict();
    await this.checkUnitInScope(q, user, values.unitId);
    await this.checkUnique(q, values, id);
    await prepareValues(q, user, storedFormFields(this.def, 'update'), values, existing);
    const extra = (await this.hooks.beforeWrite?.({ q, req, user, mode: 'update', values, existing })) ?? {};
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [key, f] of storedFormFields(this.def, 'update')) {
      if (f.immutable || columnOf(key, f) in extra) continue;
      params.push(toParam(f, values[key]));
      sets.push(`${columnOf(key, f)} = ${placeholder(f, params.length)}`);
    }
    for (const [col, v] of Object.entries(extra)) {
      params.push(v);
      sets.push(`${col} = $${params.length}`);
    }
    params.push(id, version);
    const { rowCount } = await q.query(
      `UPDATE ${this.def.table} SET ${sets.join(', ')}, version = version + 1, updated_at = now()
        WHERE id = $${params.length - 1} AND version = $${params.length}`,
      params,
    );
    if (rowCount !== 1) throw conflict();
    // The version bumped above also when only the child rows change: they are part of the record.
    await saveChildren(q, user, this.def, id, values, existing);
    const record = await this.get(q, user, id);
    await this.hooks.afterWrite?.({ q, req, user, mode: 'update', values, existing, record });
    await writeAudit(q, req, {
      action: 'update',
      resource: this.def.name,
      recordId: id,
      before: existing,
      after: record,
    });
    return record;
  }

  async remove(q: Queryable, req: FastifyRequest, user: SessionUser, id: number) {
    const existing = await this.get(q, user, id, { forUpdate: true });
    if (existing.deletedAt) throw notFound(`${this.def.label}已删除`);
    const blocked = deleteRefusal(this.def, existing) ?? (await this.hooks.deleteBlocked?.(q, existing));
    if (blocked) throw new AppError(400, blocked);
    await q.query(`UPDATE ${this.def.table} SET deleted_at = now(), version = version + 1 WHERE id = $1`, [id]);
    await this.hooks.afterRemoveOrRestore?.({ q, req, user, record: existing, removed: true });
    await writeAudit(q, req, { action: 'delete', resource: this.def.name, recordId: id, before: existing });
  }

  async restore(q: Queryable, req: FastifyRequest, user: SessionUser, id: number) {
    const existing = await this.get(q, user, id, { forUpdate: true });
    if (!existing.deletedAt) throw badRequest(`该${this.def.label}未被删除`);
    // Restoring must not break a uniqueness rule another live record now holds.
    await this.checkUnique(q, existing, id);
    await q.query(`UPDATE ${this.def.table} SET deleted_at = NULL, version = version + 1 WHERE id = $1`, [id]);
    const record = await this.get(q, user, id);
    await writeAudit(q, req, {
      action: 'restore',
      resource: this.def.name,
      recordId: id,
      before: existing,
      after: record,
    });
    return record;
  }
}
