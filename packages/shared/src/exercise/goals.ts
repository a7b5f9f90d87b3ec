import { INTENSITIES, type Intensity, metIntensity, type WeeklyLine, weeklyModerateMinutes } from './met';
import { type FitnessClassify, SPORT_TYPE } from './options';

/** A line of a weekly plan with what the goals look at: its item's type and whether it is high-impact. */
export interface PlanLine extends WeeklyLine {
  sportType: number;
  highImpact: boolean;
}

/**
 * What a weekly plan for a group must reach (reference/NUTRITION.md "Exercise", MEDICAL.md "Exercise energy").
 * Days of resistance or balance training are the most sessions a week of one such line (two lines may share a
 * day); aerobic days are the sessions of the aerobic lines together, at most 7.
 */
export interface TemplateGoal {
  /** Moderate-equivalent minutes a week at least (vigorous count twice). */
  moderateMinutes: number;
  /** No line above this intensity. */
  maxIntensity?: Intensity;
  /** No high-impact line (running, jumping). */
  lowImpactOnly?: boolean;
  /** Days a week of resistance training. */
  resistanceDays?: { min: number; max?: number };
  /** Days a week of balance training at least. */
  balanceDays?: number;
  /** Days a week with aerobic activity at least. */
  aerobicDays?: number;
  /** Where the goal comes from, shown beside the check. */
  basis: string;
}

const FITT = 'FITT：每周中等强度≥150分钟或高强度≥75分钟，抗阻训练每周2–3天';

export const TEMPLATE_GOALS: Record<FitnessClassify, TemplateGoal> = {
  一般人群: { moderateMinutes: 150, resistanceDays: { min: 2 }, basis: FITT },
  高血压: {
    moderateMinutes: 150,
    maxIntensity: 2,
    basis: '中等强度有氧为主，每周≥150分钟；2级高血压不做高强度运动，抗阻训练避免憋气用力',
  },
  糖尿病: {
    moderateMinutes: 150,
    resistanceDays: { min: 2, max: 3 },
    basis: '每周≥150分钟中等强度有氧运动，另加抗阻训练每周2–3天（非连续日），宜在餐后进行',
  },
  血脂异常: {
    moderateMinutes: 150,
    aerobicDays: 5,
    basis: '每周5–7天、每次30分钟以上中等强度有氧运动',
  },
  高尿酸: {
    moderateMinutes: 150,
    maxIntensity: 2,
    basis: '规律中等强度有氧运动，避免剧烈运动和大量出汗，运动中注意补水',
  },
  超重肥胖: {
    moderateMinutes: 300,
    lowImpactOnly: true,
    basis: '减重期每周≥300分钟中等强度运动，选低冲击项目保护膝踝关节',
  },
  '老年/关节': {
    moderateMinutes: 150,
    lowImpactOnly: true,
    balanceDays: 3,
    basis: '每周≥150分钟中等强度低冲击运动，平衡训练每周≥3天以防跌倒',
  },
  久坐办公: { moderateMinutes: 150, resistanceDays: { min: 2 }, basis: `${FITT}；工作中每小时起身活动` },
  '倒班/野外作业': {
    moderateMinutes: 150,
    resistanceDays: { min: 2 },
    basis: `${FITT}；按班次安排在休息充分后进行，避免夜班后立即高强度运动`,
  },
};

const maxDays = (lines: readonly PlanLine[], type: number) =>
  Math.max(0, ...lines.filter((l) => l.sportType === type).map((l) => l.sessionsPerWeek));

/** What a plan falls short of its goal, in Chinese (empty = the plan reaches it). */
export function goalShortfalls(goal: TemplateGoal, lines: readonly PlanLine[]): string[] {
  const out: string[] = [];
  const moderate = weeklyModerateMinutes(lines);
  if (moderate < goal.moderateMinutes) {
    out.push(`中等强度当量每周${moderate}分钟，未达到${goal.moderateMinutes}分钟`);
  }
  if (goal.maxIntensity) {
    const above = lines.filter((l) => metIntensity(l.met) > (goal.maxIntensity ?? 3));
    if (above.length) {
      const label = INTENSITIES[goal.maxIntensity - 1].label;
      out.push(`含强度高于「${label}」的项目${above.length}项`);
    }
  }
  if (goal.lowImpactOnly) {
    const high = lines.filter((l) => l.highImpact).length;
    if (high) out.push(`含高冲击项目${high}项`);
  }
  if (goal.resistanceDays) {
    const days = maxDays(lines, SPORT_TYPE.resistance);
    const { min, max } = goal.resistanceDays;
    if (days < min || (max !== undefined && days > max)) {
      out.push(`抗阻训练每周${days}天，应为${max !== undefined ? `${min}–${max}` : `至少${min}`}天`);
    }
  }
  if (goal.balanceDays !== undefined) {
    const days = maxDays(lines, SPORT_TYPE.balance);
    if (days < goal.balanceDays) out.push(`平衡训练每周${days}天，应至少${goal.balanceDays}天`);
  }
  if (goal.aerobicDays !== undefined) {
    const days = Math.min(
      7,
      lines.filter((l) => l.sportType === SPORT_TYPE.aerobic).reduce((s, l) => s + l.sessionsPerWeek, 0),
    );
    if (days < goal.aerobicDays) out.push(`有氧运动每周${days}天，应至少${goal.aerobicDays}天`);
  }
  return out;
}

/** The goal of a template's 适用人群 (none for a value outside the list). */
export const templateGoal = (classify: string): TemplateGoal | undefined => TEMPLATE_GOALS[classify as FitnessClassify];
