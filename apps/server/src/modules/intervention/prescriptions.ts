import { ACTION_KIND } from '@peis/shared';
import type { Queryable } from '../../db/client';

/**
 * Drafts (草稿) of one kind for people, set-based: the new prescription per person, and how many were skipped.
 * `opts.people`: a Map the generator keeps what it read of each person in, so a second kind drafted for the same
 * people in the same transaction reads nothing again.
 */
export type DraftGenerator = (
  q: Queryable,
  actor: { userId: number },
  employeeIds: number[],
  opts?: { people?: Map<number, unknown> },
) => Promise<{ created: Map<number, number>; skipped: number }>;

/**
 * The prescription service's generators (modules/prescription/service.ts generateDietDrafts and
 * generateFitnessDrafts), handed in where the app is put together (app.ts, the demo seed, the bench), so this
 * module does not reach into another feature's folder.
 */
export interface Prescriber {
  diet: DraftGenerator;
  fitness: DraftGenerator;
}

/**
 * The prescriptions of new tasks' people: drafts (草稿) made by the prescription service, the people read once
 * for both kinds. A person who already has an open prescription of the kind (草稿, 已开具, 执行中) gets no second
 * one (the unique index); a person the rules refuse (no height or weight; blood pressure or glucose that rules
 * exercise out) gets none. The actions are linked to them as they are inserted (actionRefSql).
 */
export async function draftPrescriptions(
  q: Queryable,
  prescriber: Prescriber,
  actor: { userId: number },
  employeeIds: number[],
  which: { diet: boolean; fitness: boolean },
): Promise<void> {
  const people = new Map<number, unknown>();
  if (which.diet) await prescriber.diet(q, actor, employeeIds, { people });
  if (which.fitness) await prescriber.fitness(q, actor, employeeIds, { people });
}

/**
 * The prescriptions of new tasks' 膳食/运动处方 actions, as a join for the actions' INSERT (`t` the tasks with their
 * employee_id, `p` the planned actions with their kind; `rx` the answer): the person's open prescription of the
 * kind (the draft just made, or the one they already held; one at most, the unique index), so the action links it
 * (ref_id), done already when it is issued. A person the rules refused keeps an action without a prescription,
 * which staff mark done with a note once they have dealt with it. From then on the database keeps a linked action
 * done exactly while its prescription is issued (migration 021, intervention_rx_sync).
 */
export function actionRefSql(which: { diet: boolean; fitness: boolean }): string {
  const open = (table: string, kind: number) =>
    `SELECT ${kind} AS kind, x.employee_id, x.id, x.status, x.issued_at, x.issued_by FROM ${table} x
      WHERE x.employee_id = ANY($7::bigint[]) AND x.status IN (1, 2, 3) AND x.deleted_at IS NULL`;
  const parts = [
    ...(which.diet ? [open('diet_prescriptions', ACTION_KIND.diet)] : []),
    ...(which.fitness ? [open('fitness_prescriptions', ACTION_KIND.fitness)] : []),
  ];
  return `LEFT JOIN (${parts.join(' UNION ALL ')}) rx ON rx.kind = p.kind AND rx.employee_id = t.employee_id`;
}
