import { addDays } from '@peis/shared';
import type { Queryable } from '../db/client';
import { todayInChina } from '../lib/dates';
import {
  completeActions,
  createTasks,
  type ModelSnapshot,
  matchingPeople,
  saveModelVersion,
} from '../modules/intervention/service';
import { generateDietDrafts, generateFitnessDrafts } from '../modules/prescription/service';

/**
 * The demo's intervention models: one per common condition of the employee indicator table, with the actions a
 * health centre plans for it (the principles of reference/NUTRITION.md and MEDICAL.md behind the education
 * items). Conditions are in the rule language over the condition variables and indicator codes.
 */
export const DEMO_MODELS: ModelSnapshot[] = [
  {
    name: '高血压干预',
    condition: 'BP_LEVEL >= 1',
    description: '血压达高血压1级及以上（≥140/90 mmHg）者：限盐饮食与规律运动，每3个月电话随访一次。',
    enabled: true,
    durationMonths: 12,
    dietRx: true,
    fitnessRx: true,
    followMethod: 1,
    followEveryMonths: 3,
    followForMonths: 12,
    education: [
      { title: '限盐饮食', content: '每日食盐不超过5克，少吃腌制食品、酱料和加工肉类；多吃新鲜蔬菜水果（DASH饮食）。' },
      { title: '家庭自测血压', content: '每周至少测2天，早晚各测2次，坐位休息5分钟后测量并记录。' },
      { title: '规律服药与复诊', content: '已服降压药者按时服药，不自行停药或减量；血压持续≥160/100 mmHg及时就医。' },
    ],
  },
  {
    name: '糖尿病干预',
    condition: 'GLUCOSE_LEVEL >= 2 || FPG >= 7.0 || HBA1C >= 6.5',
    description: '空腹血糖≥7.0 mmol/L或糖化血红蛋白≥6.5%者：饮食按食物交换份控制，每3个月门诊随访。',
    enabled: true,
    durationMonths: 12,
    dietRx: true,
    fitnessRx: true,
    followMethod: 4,
    followEveryMonths: 3,
    followForMonths: 12,
    education: [
      { title: '食物交换份', content: '主食定量、粗细搭配，用食物交换份在同类食物间替换，保持每餐碳水化合物稳定。' },
      { title: '低血糖的识别与处理', content: '心慌、出汗、手抖时立即进食15克含糖食物，15分钟后复测血糖。' },
      { title: '足部护理', content: '每天检查双脚，温水洗脚，不赤脚行走；出现破溃及时就诊。' },
    ],
  },
  {
    name: '血脂异常干预',
    condition: 'LIPID_LEVEL >= 1',
    description: '总胆固醇、甘油三酯、LDL-C升高或HDL-C降低者：调整膳食脂肪，增加运动，每6个月微信随访。',
    enabled: true,
    durationMonths: 12,
    dietRx: true,
    fitnessRx: true,
    followMethod: 3,
    followEveryMonths: 6,
    followForMonths: 12,
    education: [
      { title: '减少饱和脂肪', content: '少吃肥肉、动物内脏和油炸食品，烹调油每日25–30克，以植物油为主。' },
      { title: '戒烟限酒', content: '吸烟者戒烟；饮酒者限量，甘油三酯升高者应戒酒。' },
    ],
  },
  {
    name: '高尿酸干预',
    condition: 'UA_LEVEL >= 1',
    description: '血尿酸超过检验上限者：低嘌呤饮食、多饮水，每6个月电话随访。',
    enabled: true,
    durationMonths: 12,
    dietRx: true,
    fitnessRx: false,
    followMethod: 1,
    followEveryMonths: 6,
    followForMonths: 12,
    education: [
      { title: '低嘌呤饮食', content: '少吃动物内脏、浓肉汤、海鲜，限制含糖饮料；戒啤酒和白酒。' },
      { title: '多饮水', content: '无心肾疾病者每日饮水2000毫升以上，以白开水为主。' },
    ],
  },
  {
    name: '超重肥胖干预',
    condition: 'WEIGHT_LEVEL >= 1 || (SEX == 1 && WAIST >= 90) || (SEX == 2 && WAIST >= 85)',
    description: 'BMI≥24或中心型肥胖（腰围男≥90 cm、女≥85 cm）者：控制总能量并增加身体活动，每3个月微信随访。',
    enabled: true,
    durationMonths: 6,
    dietRx: true,
    fitnessRx: true,
    followMethod: 3,
    followEveryMonths: 3,
    followForMonths: 6,
    education: [
      { title: '控制总能量', content: '每日减少约500千卡摄入，三餐定时定量，晚餐七分饱，少吃零食和夜宵。' },
      { title: '每周150分钟运动', content: '每周至少150分钟中等强度有氧运动（如快走、游泳），另加2次抗阻练习。' },
    ],
  },
];

/** Models whose demo run covers the demo health staff's plant. */
const RUN_MODELS = 2;
/** The demo tasks started this many days ago, so part of their schedule has come due. */
const STARTED_DAYS_AGO = 100;
/** Share (per thousand) of due follow-ups and education items already done. */
const DONE_SHARE = { followUp: 700, education: 800 };

/**
 * The demo's intervention models (each saved as version 1) and runs of the first two over the demo health
 * staff's plant, made through the same services as the console's run (matchingPeople, createTasks — the
 * prescriptions as drafts through the prescription service), with part of the due follow-ups and education
 * done. Deterministic; set-based, so 100,000 employees take seconds. Call inside the seed's transaction.
 */
export async function seedDemoInterventions(q: Queryable): Promise<void> {
  const { rows: users } = await q.query<{ id: number; path: string | null }>(
    `SELECT u.id, un.path FROM users u LEFT JOIN units un ON un.id = u.unit_id WHERE u.username = 'staff'`,
  );
  const staff = users[0];
  if (!staff?.path) return;
  const models: { id: number; snapshot: ModelSnapshot }[] = [];
  for (const m of DEMO_MODELS) {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO intervention_models (name, condition, description, enabled, duration_months, diet_rx, fitness_rx,
                                        follow_method, follow_every_months, follow_for_months)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        m.name,
        m.condition,
        m.description,
        m.enabled,
        m.durationMonths,
        m.dietRx,
        m.fitnessRx,
        m.followMethod,
        m.followEveryMonths,
        m.followForMonths,
      ],
    );
    const id = Number(rows[0].id);
    await q.query(
      `INSERT INTO intervention_model_education (model_id, position, title, content)
       SELECT $1, p.n, p.title, p.content FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS p(title, content, n)`,
      [id, m.education.map((e) => e.title), m.education.map((e) => e.content)],
    );
    await saveModelVersion(q, id, m, Number(staff.id));
    models.push({ id, snapshot: m });
  }
  const { rows: years } = await q.query<{ y: number | null }>('SELECT max(year)::int AS y FROM person_tags');
  const year = years[0]?.y;
  if (year == null) return;
  const scope = { userType: 2, unitPath: staff.path, employeeId: null };
  const startDate = addDays(todayInChina(), -STARTED_DAYS_AGO);
  for (const m of models.slice(0, RUN_MODELS)) {
    const people = await matchingPeople(q, scope, m.snapshot.condition, year);
    await createTasks(q, {
      modelId: m.id,
      version: 1,
      snapshot: m.snapshot,
      year,
      startDate,
      employeeIds: people,
      userId: Number(staff.id),
      prescriber: { diet: generateDietDrafts, fitness: generateFitnessDrafts },
    });
  }
  const due = async (kind: number, share: number) =>
    (
      await q.query<{ id: number }>(
        `SELECT a.id FROM intervention_actions a JOIN intervention_tasks t ON t.id = a.task_id
          WHERE t.model_id = ANY($1::bigint[]) AND a.kind = $2 AND a.due_date <= current_date AND a.done_at IS NULL
            AND ((a.id * 2654435761) % 1000) < $3`,
        [models.map((m) => m.id), kind, share],
      )
    ).rows.map((r) => Number(r.id));
  const userId = Number(staff.id);
  await completeActions(q, {
    actionIds: await due(3, DONE_SHARE.followUp),
    userId,
    note: '已按计划随访，指标较前好转',
  });
  await completeActions(q, { actionIds: await due(4, DONE_SHARE.education), userId, note: '已发放宣教材料并讲解' });
}
