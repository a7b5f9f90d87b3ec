import { ACTION_KIND } from '@peis/shared';
import type { Queryable } from '../../db/client';

/** Drafts (草稿) of one kind for people, set-based: the new prescription per person, and how many were skipped. */
export type DraftGenerator = (
  q: Queryable,
  actor: { userId: number },
  employeeIds: number[],
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

const KINDS = [
  { kind: ACTION_KIND.diet, key: 'diet', table: 'diet_prescriptions' },
  { kind: ACTION_KIND.fitness, key: 'fitness', table: 'fitness_prescriptions' },
] as const;

/**
 * The prescription actions of new tasks: drafts (草稿) made by the prescription service for the tasks' people
 * and linked to their actions (ref_id). A person who already has an open prescription of the kind (草稿, 已开具,
 * 执行中) gets no second one: the action links that one, done already if it is issued. A person the rules refuse
 * (no height or weight; blood pressure or glucose that rules exercise out) keeps an action without a prescription,
 * which staff mark done with a note once they have dealt with it. From then on the database keeps a linked action
 * done exactly while its prescription is issued (migration 021, intervention_rx_sync).
 */
export async function linkPrescriptions(
  q: Queryable,
  prescriber: Prescriber,
  actor: { userId: number },
  created: { taskId: number; employeeId: number }[],
  which: { diet: boolean; fitness: boolean },
): Promise<void> {
  const taskIds = created.map((c) => c.taskId);
  for (const k of KINDS) {
    if (!which[k.key]) continue;
    const drafts = await prescriber[k.key](
      q,
      actor,
      created.map((c) => c.employeeId),
    );
    if (drafts.created.size) {
      await q.query(
        `UPDATE intervention_actions a SET ref_id = m.rx_id
           FROM intervention_tasks t, unnest($2::bigint[], $3::bigint[]) AS m(employee_id, rx_id)
          WHERE a.task_id = t.id AND t.id = ANY($1::bigint[]) AND t.employee_id = m.employee_id AND a.kind = $4`,
        [taskIds, [...drafts.created.keys()], [...drafts.created.values()], k.kind],
      );
    }
    await q.query(
      `UPDATE intervention_actions a
          SET ref_id = rx.id,
              done_at = CASE WHEN rx.status IN (2, 3, 4) THEN coalesce(rx.issued_at, now()) END,
              done_by = CASE WHEN rx.status IN (2, 3, 4) THEN rx.issued_by END,
              note = CASE WHEN rx.status IN (2, 3, 4) THEN '处方已开具' END
         FROM intervention_tasks t
         JOIN LATERAL (SELECT p.id, p.status, p.issued_at, p.issued_by FROM ${k.table} p
                        WHERE p.employee_id = t.employee_id AND p.status IN (1, 2, 3) AND p.deleted_at IS NULL
                        ORDER BY p.id DESC LIMIT 1) rx ON true
        WHERE a.task_id = t.id AND t.id = ANY($1::bigint[]) AND a.kind = $2 AND a.ref_id IS NULL`,
      [taskIds, k.kind],
    );
  }
}
