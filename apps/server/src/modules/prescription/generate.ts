import {
  type ActivityLevel,
  type Adjustment,
  chooseCookbook,
  dietPlan,
  type EnergyNeed,
  type FitnessPlan,
  fitnessPlan,
  missingMeasures,
} from '@peis/shared';
import type { Queryable } from '../../db/client';
import { type DietCatalogue, loadDietCatalogue, loadFitnessCatalogue, loadPeople, type PersonData } from './people';

/** The person a proposal is for, as the screens show them. */
export interface ProposalPerson {
  id: number;
  name: string;
  sex: 1 | 2;
  age: number;
  unitName: string;
}
type ProposalCheck = { id: number; date: string; values: Record<string, number> } | null;

/** POST /api/diet/task/propose: the derivation of a diet prescription (contract in /work/briefs/hC.md). */
export interface DietProposal {
  employee: ProposalPerson;
  check: ProposalCheck;
  energy: EnergyNeed;
  cookbook: { id: number; name: string; kcalMin: number; kcalMax: number } | null;
  principles: { id: number; name: string; classify: string }[];
  tcm: { id: number; name: string }[];
  constitution: number | null;
  conditions: string[];
  targets: string[];
  adjustments: Adjustment[];
}

/** POST /api/fitness/task/propose: the derivation of an exercise prescription (the plan, for whom, from what). */
export interface FitnessProposal extends FitnessPlan {
  employee: ProposalPerson;
  check: ProposalCheck;
  chinaPar: number | null;
}

export interface DietOptions {
  /** ACTIVITY_LEVELS code (validated by the caller); absent = 轻体力, said in the adjustments. */
  activityLevel?: number | null;
  constitution?: number | null;
}
export interface FitnessOptions {
  chinaPar?: number | null;
}

const personOf = (p: PersonData): ProposalPerson => ({
  id: p.id,
  name: p.name,
  sex: p.sex,
  age: p.age,
  unitName: p.unitName,
});

/** A refusal of the rules for one person (no height or weight; a contraindication): why, in Chinese. */
export class Refused extends Error {}

/** The diet proposal of one loaded person against the catalogue; Refused when height or weight is missing. */
export function proposeDietFor(p: PersonData, catalogue: DietCatalogue, opts: DietOptions = {}): DietProposal {
  const missing = missingMeasures(p);
  if (missing) throw new Refused(missing);
  const constitution = opts.constitution ?? null;
  const plan = dietPlan({ ...p, activityLevel: (opts.activityLevel ?? null) as ActivityLevel | null, constitution });
  const { cookbook, adjustment } = chooseCookbook(plan.energy.target, catalogue.cookbooks, plan.conditions);
  const adjustments = [...plan.adjustments, ...(adjustment ? [adjustment] : [])];
  const principles = catalogue.principles.filter((x) => plan.classes.includes(x.classify));
  const tcm =
    constitution === null
      ? []
      : catalogue.tcm
          .filter((t) => t.constitutions.includes(constitution) && (t.gender === 0 || t.gender === p.sex))
          .map((t) => ({ id: t.id, name: t.name }));
  if (constitution !== null && !tcm.length)
    adjustments.push({ rule: '中医食疗', reason: '中医食疗库中没有适合该体质和性别的食疗方' });
  return {
    employee: personOf(p),
    check: p.check,
    energy: plan.energy,
    cookbook: cookbook
      ? { id: cookbook.id, name: cookbook.name, kcalMin: cookbook.kcalMin, kcalMax: cookbook.kcalMax }
      : null,
    principles,
    tcm,
    constitution,
    conditions: plan.conditions,
    targets: plan.targets,
    adjustments,
  };
}

/** The exercise proposal of one loaded person (referFirst: no items, the reason in the adjustments). */
export function proposeFitnessFor(
  p: PersonData,
  catalogue: Awaited<ReturnType<typeof loadFitnessCatalogue>>,
  opts: FitnessOptions = {},
): FitnessProposal {
  const chinaPar = opts.chinaPar ?? null;
  return { employee: personOf(p), check: p.check, chinaPar, ...fitnessPlan({ ...p, chinaPar }, catalogue) };
}

export async function proposeDiet(q: Queryable, employeeId: number, opts: DietOptions = {}): Promise<DietProposal> {
  const person = (await loadPeople(q, [employeeId])).get(employeeId);
  if (!person) throw new Refused('员工不存在');
  return proposeDietFor(person, await loadDietCatalogue(q), opts);
}

export async function proposeFitness(
  q: Queryable,
  employeeId: number,
  opts: FitnessOptions = {},
): Promise<FitnessProposal> {
  const person = (await loadPeople(q, [employeeId])).get(employeeId);
  if (!person) throw new Refused('员工不存在');
  return proposeFitnessFor(person, await loadFitnessCatalogue(q), opts);
}

/** Options of a set of drafts: the same choices for everyone, and (demo) the date the data is read as of. */
export interface DraftOptions extends DietOptions, FitnessOptions {
  asOf?: string;
  /** Called per person the rules refuse, with why. */
  onRefused?: (employeeId: number, reason: string) => void;
  /**
   * A Map the generator keeps what it read of each person in (null: not a live employee), so a second kind drafted
   * for the same people, with the same asOf, in the same transaction reads nothing again.
   */
  people?: Map<number, unknown>;
}

const SLICE = 2000;

/** What one kind adds to the common way of drafting: its proposal (Refused when the rules refuse) and its rows. */
interface DraftKind<P> {
  kind: 'diet' | 'fitness';
  propose: (p: PersonData) => P;
  row: (proposal: P) => Record<string, unknown>;
  /** Its child rows (fitness: the weekly lines), written with the prescription in the same statement. */
  children?: ChildRows;
}

/**
 * Drafts (草稿) for `employeeIds`, set-based: the people read in slices of 2,000 (one query each), each proposal
 * computed, one statement per slice writing the prescriptions, their children and their 生成 log. People the rules refuse and
 * people who already hold an open prescription of the kind (草稿, 已开具, 执行中: the unique index) are skipped
 * and counted.
 */
async function generateDrafts<P>(
  q: Queryable,
  actor: { userId: number },
  employeeIds: number[],
  opts: DraftOptions,
  k: DraftKind<P>,
): Promise<{ created: Map<number, number>; skipped: number }> {
  const created = new Map<number, number>();
  let skipped = 0;
  const ids = [...new Set(employeeIds)];
  for (let i = 0; i < ids.length; i += SLICE) {
    const slice = ids.slice(i, i + SLICE);
    const people = await peopleOf(q, slice, opts);
    const proposals = new Map<number, P>();
    for (const id of slice) {
      const p = people.get(id);
      if (!p) {
        skipped++;
        continue;
      }
      try {
        proposals.set(id, k.propose(p));
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
        skipped++;
        opts.onRefused?.(id, e.message);
      }
    }
    const rows = [...proposals.values()].map(k.row);
    const ins = await insertDrafts(q, k, rows, actor.userId);
    for (const r of ins) created.set(r.employeeId, r.id);
    skipped += rows.length - ins.length;
  }
  return { created, skipped };
}

/** The people of a slice: those kept in opts.people, the others read (and kept there). */
async function peopleOf(q: Queryable, slice: number[], opts: DraftOptions): Promise<Map<number, PersonData>> {
  const kept = opts.people;
  if (!kept) return loadPeople(q, slice, opts);
  const missing = slice.filter((id) => !kept.has(id));
  const read = missing.length ? await loadPeople(q, missing, opts) : new Map<number, PersonData>();
  for (const id of missing) kept.set(id, read.get(id) ?? null);
  const out = new Map<number, PersonData>();
  for (const id of slice) {
    const p = kept.get(id) as PersonData | null | undefined;
    if (p) out.set(id, p);
  }
  return out;
}

/**
 * Diet drafts for `employeeIds` (generateDrafts); the rules refuse a person without height or weight.
 * A draft names its cookbook; the cookbook's plan is copied onto the prescription when it is issued (开具), so
 * an issued prescription keeps it whatever the catalogue becomes, and drafts (many, from bulk runs) carry none.
 */
export async function generateDietDrafts(
  q: Queryable,
  actor: { userId: number },
  employeeIds: number[],
  opts: DraftOptions = {},
): Promise<{ created: Map<number, number>; skipped: number }> {
  const catalogue = await loadDietCatalogue(q);
  return generateDrafts(q, actor, employeeIds, opts, {
    kind: 'diet',
    propose: (p) => proposeDietFor(p, catalogue, opts),
    row: (d) => dietRow(d, actor.userId),
  });
}

/**
 * Exercise drafts for `employeeIds` (generateDrafts) with their weekly lines; the rules refuse a person to be
 * referred first (BP ≥ 180/110, fasting glucose ≥ 16.7).
 */
export async function generateFitnessDrafts(
  q: Queryable,
  actor: { userId: number },
  employeeIds: number[],
  opts: DraftOptions = {},
): Promise<{ created: Map<number, number>; skipped: number }> {
  const catalogue = await loadFitnessCatalogue(q);
  return generateDrafts(q, actor, employeeIds, opts, {
    kind: 'fitness',
    propose: (p) => {
      const f = proposeFitnessFor(p, catalogue, opts);
      if (f.referFirst) throw new Refused(f.adjustments.map((a) => `${a.rule}（${a.reason}）`).join('；'));
      return f;
    },
    row: (f) => fitnessRow(f, actor.userId),
    children: FITNESS_ITEMS,
  });
}

/** Columns of a generated row and their SQL types (jsonb_to_recordset). */
const COMMON_COLUMNS = {
  employee_id: 'bigint',
  check_id: 'bigint',
  check_date: 'date',
  inputs: 'jsonb',
  targets: 'jsonb',
  adjustments: 'jsonb',
  created_by: 'int',
} as const;
const DIET_COLUMNS = {
  ...COMMON_COLUMNS,
  activity_level: 'smallint',
  constitution: 'smallint',
  height: 'numeric',
  weight: 'numeric',
  bmi: 'numeric',
  ideal_weight: 'numeric',
  body_type: 'smallint',
  kcal_per_kg: 'smallint',
  target_kcal: 'int',
  bmr: 'numeric',
  pal: 'numeric',
  tee: 'int',
  deficit: 'int',
  cookbook_id: 'bigint',
  principle_ids: 'jsonb',
  tcm_ids: 'jsonb',
} as const;
const FITNESS_COLUMNS = {
  ...COMMON_COLUMNS,
  refer_first: 'boolean',
  max_intensity: 'smallint',
  china_par: 'numeric',
  template_id: 'bigint',
  template_name: 'text',
  clearance_note: 'text',
} as const;

const commonRow = (
  p: { employee: ProposalPerson; check: ProposalCheck; targets: string[]; adjustments: Adjustment[] },
  inputs: Record<string, unknown>,
  userId: number,
) => ({
  employee_id: p.employee.id,
  check_id: p.check?.id ?? null,
  check_date: p.check?.date ?? null,
  inputs,
  targets: p.targets,
  adjustments: p.adjustments,
  created_by: userId,
});

export function dietRow(d: DietProposal, userId: number): Record<string, unknown> {
  const e = d.energy;
  return {
    ...commonRow(
      d,
      {
        sex: d.employee.sex,
        age: d.employee.age,
        height: e.height,
        weight: e.weight,
        activityLevel: e.activityLevel,
        constitution: d.constitution,
        conditions: d.conditions,
        values: d.check?.values ?? {},
      },
      userId,
    ),
    activity_level: e.activityLevel,
    constitution: d.constitution,
    height: e.height,
    weight: e.weight,
    bmi: e.bmi,
    ideal_weight: e.idealWeight,
    body_type: e.bodyType,
    kcal_per_kg: e.kcalPerKg,
    target_kcal: e.target,
    bmr: e.mifflin.bmr,
    pal: e.mifflin.pal,
    tee: e.mifflin.tee,
    deficit: e.deficit,
    cookbook_id: d.cookbook?.id ?? null,
    principle_ids: d.principles.map((x) => x.id),
    tcm_ids: d.tcm.map((x) => x.id),
  };
}

export function fitnessRow(f: FitnessProposal, userId: number): Record<string, unknown> {
  return {
    ...commonRow(
      f,
      {
        sex: f.employee.sex,
        age: f.employee.age,
        chinaPar: f.chinaPar,
        conditions: f.conditions,
        values: f.check?.values ?? {},
      },
      userId,
    ),
    refer_first: f.referFirst,
    max_intensity: f.maxIntensity,
    china_par: f.chinaPar,
    template_id: f.template?.id ?? null,
    template_name: f.template?.name ?? null,
    clearance_note: f.clearanceNote,
    items: f.items.map((l) => ({
      item_id: l.itemId,
      item_name: l.name,
      met: l.met,
      minutes: l.minutes,
      sessions_per_week: l.sessionsPerWeek,
    })),
  };
}

/** The child rows of a kind: their table, parent column and columns (a row's `items`, in order: position 1, 2 …). */
interface ChildRows {
  table: string;
  parent: string;
  columns: Record<string, string>;
}
const FITNESS_ITEMS: ChildRows = {
  table: 'fitness_prescription_items',
  parent: 'prescription_id',
  columns: { item_id: 'bigint', item_name: 'text', met: 'numeric', minutes: 'int', sessions_per_week: 'int' },
};

/**
 * One statement per slice of drafts: the prescriptions (a person with an open prescription of the kind is left
 * out: the unique index), their children and the 生成 entry of each one's log. Answers the new prescriptions.
 */
async function insertDrafts<P>(
  q: Queryable,
  k: DraftKind<P>,
  rows: Record<string, unknown>[],
  userId: number,
): Promise<{ id: number; employeeId: number }[]> {
  if (!rows.length) return [];
  const columns = k.kind === 'diet' ? DIET_COLUMNS : FITNESS_COLUMNS;
  const names = Object.keys(columns);
  const c = k.children;
  const childNames = c ? Object.keys(c.columns) : [];
  const { rows: ins } = await q.query<{ id: number; employee_id: number }>(
    `WITH x AS MATERIALIZED (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
                  AS x(${names.map((n) => `${n} ${columns[n as keyof typeof columns]}`).join(', ')}${c ? ', items jsonb' : ''})),
     ins AS (
       INSERT INTO ${k.kind}_prescriptions (${names.join(', ')})
       SELECT ${names.join(', ')} FROM x
       ON CONFLICT DO NOTHING RETURNING id, employee_id),
     logs AS (
       INSERT INTO prescription_logs (kind, prescription_id, action, note, user_id)
       SELECT $2, ins.id, '生成', '按个人数据生成草稿', $3 FROM ins)${
         c
           ? `,
     children AS (
       INSERT INTO ${c.table} (${c.parent}, position, ${childNames.join(', ')})
       SELECT ins.id, l.position, ${childNames.map((n) => `l.${n}`).join(', ')}
         FROM ins JOIN x ON x.employee_id = ins.employee_id
        CROSS JOIN ROWS FROM (jsonb_to_recordset(x.items) AS (${childNames.map((n) => `${n} ${c.columns[n]}`).join(', ')}))
              WITH ORDINALITY AS l(${childNames.join(', ')}, position))`
           : ''
       }
     SELECT id, employee_id FROM ins`,
    [JSON.stringify(rows), k.kind, userId],
  );
  return ins.map((r) => ({ id: Number(r.id), employeeId: Number(r.employee_id) }));
}
