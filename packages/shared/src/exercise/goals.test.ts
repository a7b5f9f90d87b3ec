import { describe, expect, it } from 'vitest';
import { goalShortfalls, type PlanLine, TEMPLATE_GOALS, templateGoal } from './goals';

const walk = (minutes: number, sessionsPerWeek: number): PlanLine => ({
  met: 4.3,
  minutes,
  sessionsPerWeek,
  sportType: 1,
  highImpact: false,
});
const jog = (minutes: number, sessionsPerWeek: number): PlanLine => ({
  met: 7,
  minutes,
  sessionsPerWeek,
  sportType: 1,
  highImpact: true,
});
const strength = (sessionsPerWeek: number): PlanLine => ({
  met: 3.5,
  minutes: 20,
  sessionsPerWeek,
  sportType: 2,
  highImpact: false,
});
const taiChi = (sessionsPerWeek: number): PlanLine => ({
  met: 3,
  minutes: 30,
  sessionsPerWeek,
  sportType: 4,
  highImpact: false,
});

describe('template goals', () => {
  it('150 moderate-equivalent minutes: 149 falls short, 150 reaches it; vigorous minutes count twice', () => {
    const goal = { moderateMinutes: 150, basis: '' };
    expect(goalShortfalls(goal, [walk(149, 1)])).toEqual(['中等强度当量每周149分钟，未达到150分钟']);
    expect(goalShortfalls(goal, [walk(30, 5)])).toEqual([]);
    expect(goalShortfalls(goal, [jog(25, 3)])).toEqual([]);
  });
  it('高血压 and 高尿酸 refuse vigorous lines', () => {
    expect(goalShortfalls(TEMPLATE_GOALS.高血压, [walk(30, 5)])).toEqual([]);
    expect(goalShortfalls(TEMPLATE_GOALS.高血压, [walk(30, 5), jog(20, 1)])).toEqual(['含强度高于「中」的项目1项']);
    expect(goalShortfalls(TEMPLATE_GOALS.高尿酸, [walk(30, 5), { ...walk(30, 1), met: 6 }])).toHaveLength(1);
    expect(goalShortfalls(TEMPLATE_GOALS.高尿酸, [walk(30, 5), { ...walk(30, 1), met: 5.9 }])).toEqual([]);
  });
  it('糖尿病 wants resistance on 2–3 days', () => {
    const g = TEMPLATE_GOALS.糖尿病;
    expect(goalShortfalls(g, [walk(30, 5), strength(1)])).toEqual(['抗阻训练每周1天，应为2–3天']);
    expect(goalShortfalls(g, [walk(30, 5), strength(2)])).toEqual([]);
    expect(goalShortfalls(g, [walk(30, 5), strength(3)])).toEqual([]);
    expect(goalShortfalls(g, [walk(30, 5), strength(4)])).toEqual(['抗阻训练每周4天，应为2–3天']);
  });
  it('超重肥胖 wants 300 minutes without high-impact lines', () => {
    const g = TEMPLATE_GOALS.超重肥胖;
    expect(goalShortfalls(g, [walk(60, 5)])).toEqual([]);
    expect(goalShortfalls(g, [walk(59, 5)])).toEqual(['中等强度当量每周295分钟，未达到300分钟']);
    expect(goalShortfalls(g, [walk(60, 5), jog(10, 1)])).toEqual(['含高冲击项目1项']);
  });
  it('老年/关节 wants balance on 3 days; 血脂异常 aerobic on 5', () => {
    expect(goalShortfalls(TEMPLATE_GOALS['老年/关节'], [walk(30, 5), taiChi(2)])).toEqual([
      '平衡训练每周2天，应至少3天',
    ]);
    expect(goalShortfalls(TEMPLATE_GOALS['老年/关节'], [walk(30, 5), taiChi(3)])).toEqual([]);
    expect(goalShortfalls(TEMPLATE_GOALS.血脂异常, [walk(40, 4)])).toEqual(['有氧运动每周4天，应至少5天']);
    expect(goalShortfalls(TEMPLATE_GOALS.血脂异常, [walk(40, 3), walk(40, 2)])).toEqual([]);
  });
  it('a group outside the list has no goal', () => {
    expect(templateGoal('其他')).toBeUndefined();
    expect(templateGoal('糖尿病')).toBe(TEMPLATE_GOALS.糖尿病);
  });
});
