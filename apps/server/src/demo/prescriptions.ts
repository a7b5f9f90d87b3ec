import type { Queryable } from '../db/client';
import { cookbookPlan } from '../lib/cookbook-plan';
import { generateDietDrafts, generateFitnessDrafts } from '../modules/prescription/service';

/**
 * The year whose checks the demo prescriptions were made from: they are issued two weeks after that check, so
 * the next year's check reads their effect.
 */
const BASE_YEAR = 2024;
/** Per thousand people with an abnormal grouping tag in BASE_YEAR: who got a diet and who an exercise prescription. */
const SHARE = { diet: 30, fitness: 30 };
/** Per thousand drafts: issued, and of those (by another draw) still 已开具 / 执行中 / 已完成; some drafts voided. */
const ISSUED = 500;
const VOIDED = 50;

/** Deterministic draws in 0–999 from a row id (independent of work.ts's). */
const draw = (col: string, salt: number) => `((${col} * 2654435761 + ${salt}) % 1000)`;
/** A second draw, independent of the first (a hash: another linear draw would be a function of the first). */
const draw2 = (col: string) => `(abs(hashtext(${col}::text || ':rx')) % 1000)`;

/**
 * Diet and exercise prescriptions for part of the demo population, written through the console's own
 * generator (generateDietDrafts / generateFitnessDrafts) as of the BASE_YEAR check: about 3 % each of the people
 * with an abnormal tag that year, by the demo health staff in their plant and the expert elsewhere. Half are
 * issued two weeks after the check (then 已开具, 执行中 or 已完成, with their log), a few drafts are voided, the rest
 * stay drafts. The employee account's own person has one of each kind, completed (none open: the console's
 * walk-through can generate a new one for them). Deterministic; set-based (fast at 100,000 employees). Call after seedDemoWork.
 */
export async function seedDemoPrescriptions(q: Queryable): Promise<void> {
  const { rows: users } = await q.query<{ username: string; id: number; path: string | null }>(
    `SELECT u.username, u.id, un.path FROM users u LEFT JOIN units un ON un.id = u.unit_id
      WHERE u.username IN ('staff', 'expert')`,
  );
  const staff = users.find((u) => u.username === 'staff');
  const expert = users.find((u) => u.username === 'expert') ?? staff;
  if (!staff?.path || !expert) return;
  // The employee account's own person: one prescription of each kind, completed (what the account reads).
  const { rows: own } = await q.query<{ id: number }>(
    "SELECT employee_id AS id FROM users WHERE username = 'employee' AND employee_id IS NOT NULL",
  );
  const ownId = own[0] ? Number(own[0].id) : null;
  for (const [kind, salt] of [
    ['diet', 17],
    ['fitness', 571],
  ] as const) {
    const { rows } = await q.query<{ id: number; inside: boolean }>(
      `SELECT e.id, e.unit_id IN (SELECT id FROM units WHERE path LIKE $1 || '%') AS inside
         FROM person_tags pt JOIN employees e ON e.id = pt.employee_id
        WHERE pt.year = $2 AND greatest(pt.bp, pt.lipid, pt.glucose, pt.ua, pt.weight) > 0
          AND e.deleted_at IS NULL AND ${draw('e.id', salt)} < $3
          AND NOT EXISTS (SELECT 1 FROM users a WHERE a.employee_id = e.id)
        ORDER BY e.id`,
      [staff.path, BASE_YEAR, SHARE[kind]],
    );
    const generate = kind === 'diet' ? generateDietDrafts : generateFitnessDrafts;
    const asOf = `${BASE_YEAR}-12-31`;
    const ids = (inside: boolean) => rows.filter((r) => r.inside === inside).map((r) => Number(r.id));
    await generate(q, { userId: staff.id }, [...ids(true), ...(ownId ? [ownId] : [])], { asOf });
    await generate(q, { userId: expert.id }, ids(false), { asOf });
    await settle(q, kind, salt, ownId);
  }
}

/** Moves the demo drafts of a kind on as staff would have: issued, started, completed or voided, with the log. */
async function settle(q: Queryable, kind: 'diet' | 'fitness', salt: number, ownId: number | null): Promise<void> {
  const table = `${kind}_prescriptions`;
  // The employee account's own prescription is completed; the others by the draw.
  const state = `CASE WHEN p.employee_id = $2 THEN 999 ELSE ${draw2('p.id')} END`;
  const day = "coalesce(p.check_date, date '2024-06-01')";
  await q.query(
    `UPDATE ${table} p SET
        status = CASE WHEN ${state} < 300 THEN 2 WHEN ${state} < 650 THEN 3 ELSE 4 END,
        issued_at = ((${day} + 14) + time '10:00') AT TIME ZONE 'Asia/Shanghai',
        issued_by = p.created_by, start_date = ${day} + 14, end_date = ${day} + 104,
        outcome = CASE WHEN ${state} >= 650 THEN '已按处方执行三个月，复查体检评估效果' END,
        created_at = ${day} + 7, updated_at = ${day} + 14, version = version + 1
      WHERE (${draw('p.id', salt)} < $1 AND p.check_date IS NOT NULL) OR p.employee_id = $2`,
    [ISSUED, ownId ?? -1],
  );
  await q.query(
    `UPDATE ${table} p SET status = 5, void_reason = '本人已在外院接受营养/运动指导', version = version + 1
      WHERE p.status = 1 AND ${draw('p.id', salt)} >= $1 AND ${draw('p.id', salt)} < $1 + $2`,
    [ISSUED, VOIDED],
  );
  if (kind === 'diet') {
    // 开具 copies the cookbook's plan onto the prescription (as the console's action does).
    const { rows } = await q.query<{ id: number }>(
      'SELECT DISTINCT cookbook_id AS id FROM diet_prescriptions WHERE status IN (2, 3, 4) AND cookbook_id IS NOT NULL',
    );
    const plans: Record<number, unknown> = {};
    for (const r of rows) plans[Number(r.id)] = await cookbookPlan(q, Number(r.id));
    await q.query(
      `UPDATE diet_prescriptions SET plan = $1::jsonb -> cookbook_id::text
        WHERE status IN (2, 3, 4) AND cookbook_id IS NOT NULL AND plan IS NULL`,
      [JSON.stringify(plans)],
    );
  }
  await q.query(
    `UPDATE prescription_logs l SET at = p.created_at FROM ${table} p
      WHERE l.kind = $1 AND l.prescription_id = p.id AND l.action = '生成'`,
    [kind],
  );
  // The log of what happened after 生成 (written by the generator).
  await q.query(
    `INSERT INTO prescription_logs (kind, prescription_id, action, note, user_id, at)
     SELECT $1, p.id, a.action, a.note, coalesce(p.issued_by, p.created_by), a.at
       FROM ${table} p
       CROSS JOIN LATERAL (VALUES
         ('开具', '执行期 ' || p.start_date || ' 至 ' || p.end_date, p.issued_at, p.status IN (2, 3, 4)),
         ('开始执行', NULL, p.issued_at + interval '2 days', p.status IN (3, 4)),
         ('完成', p.outcome, (p.end_date + time '17:00') AT TIME ZONE 'Asia/Shanghai', p.status = 4),
         ('作废', p.void_reason, now(), p.status = 5)) a(action, note, at, happened)
      WHERE a.happened AND p.status > 1`,
    [kind],
  );
}
