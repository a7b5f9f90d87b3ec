import {
  goalShortfalls,
  type Intensity,
  metIntensity,
  type PlanLine,
  type TemplateGoal,
  templateGoal,
  weeklyMetMinutes,
  weeklyMinutes,
  weeklyModerateMinutes,
} from '@peis/shared';

/** A 运动项目 as the item list answers it (the fields a plan needs). */
export interface ItemFacts {
  id: number | string;
  name: string;
  metValue: number;
  sportType: number;
  highImpact: boolean;
}

/** A template line as the form holds it (values may still be empty while typed). */
export interface LineInput {
  itemId?: number | string | null;
  minutes?: number | null;
  sessionsPerWeek?: number | null;
}

export interface PlanRow extends PlanLine {
  key: string;
  name: string;
  intensity: Intensity;
  /** Minutes a week of this line. */
  weekly: number;
}

export interface PlanSummary {
  rows: PlanRow[];
  weeklyMinutes: number;
  moderateMinutes: number;
  metMinutes: number;
  goal?: TemplateGoal;
  /** What the plan falls short of its group's goal (empty: reached; undefined: no goal for the group). */
  shortfalls?: string[];
}

const positive = (v: unknown): number | null => {
  const n = Number(v);
  return v !== null && v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * The weekly plan of a template's lines with their items' MET (met.ts's sums, as the list's SQL computes them):
 * lines without an item, minutes or sessions yet are left out until they are filled in.
 */
export function summarisePlan(
  lines: readonly LineInput[] | undefined,
  items: ReadonlyMap<string, ItemFacts>,
  classify?: string | null,
): PlanSummary {
  const rows: PlanRow[] = [];
  (lines ?? []).forEach((l, i) => {
    const item = l?.itemId != null ? items.get(String(l.itemId)) : undefined;
    const minutes = positive(l?.minutes);
    const sessionsPerWeek = positive(l?.sessionsPerWeek);
    if (!item || minutes === null || sessionsPerWeek === null) return;
    const met = Number(item.metValue);
    rows.push({
      key: `${i}-${item.id}`,
      name: item.name,
      met,
      minutes,
      sessionsPerWeek,
      sportType: Number(item.sportType),
      highImpact: Boolean(item.highImpact),
      intensity: metIntensity(met),
      weekly: minutes * sessionsPerWeek,
    });
  });
  const goal = classify ? templateGoal(classify) : undefined;
  return {
    rows,
    weeklyMinutes: weeklyMinutes(rows),
    moderateMinutes: weeklyModerateMinutes(rows),
    metMinutes: Math.round(weeklyMetMinutes(rows)),
    goal,
    shortfalls: goal ? goalShortfalls(goal, rows) : undefined,
  };
}

/** Items by id (as text: form values and list records may carry the id as a number or a string). */
export const itemsById = (records: readonly unknown[] | undefined): Map<string, ItemFacts> =>
  new Map((records ?? []).map((r) => [String((r as ItemFacts).id), r as ItemFacts]));
