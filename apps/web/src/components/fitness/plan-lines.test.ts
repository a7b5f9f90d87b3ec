import { describe, expect, it } from 'vitest';
import { itemsById, summarisePlan } from './plan-lines';

const items = itemsById([
  { id: 1, name: '快走（约5.6公里/小时）', metValue: 4.3, sportType: 1, highImpact: false },
  { id: 2, name: '慢跑', metValue: 7, sportType: 1, highImpact: true },
  { id: 3, name: '抗阻训练（多组动作，中等负荷）', metValue: 3.5, sportType: 2, highImpact: false },
]);

describe('a template form’s live plan', () => {
  it('sums minutes, moderate-equivalent minutes and MET-minutes of the filled lines', () => {
    const s = summarisePlan(
      [
        { itemId: 1, minutes: 30, sessionsPerWeek: 3 },
        { itemId: '2', minutes: 20, sessionsPerWeek: 2 },
        { itemId: null, minutes: 30, sessionsPerWeek: 3 }, // no item yet
        { itemId: 3, minutes: null, sessionsPerWeek: 2 }, // no minutes yet
      ],
      items,
    );
    expect(s.rows.map((r) => [r.name, r.intensity, r.weekly])).toEqual([
      ['快走（约5.6公里/小时）', 2, 90],
      ['慢跑', 3, 40],
    ]);
    expect(s).toMatchObject({ weeklyMinutes: 130, moderateMinutes: 170, metMinutes: 667 });
    expect(s.shortfalls).toBeUndefined();
  });
  it('checks the plan against its group’s goal', () => {
    const lines = [
      { itemId: 1, minutes: 30, sessionsPerWeek: 5 },
      { itemId: 2, minutes: 20, sessionsPerWeek: 1 },
    ];
    expect(summarisePlan(lines, items, '高血压').shortfalls).toEqual(['含强度高于「中」的项目1项']);
    expect(summarisePlan(lines.slice(0, 1), items, '高血压').shortfalls).toEqual([]);
    expect(summarisePlan([], items, '一般人群').shortfalls).toEqual([
      '中等强度当量每周0分钟，未达到150分钟',
      '抗阻训练每周0天，应为至少2天',
    ]);
  });
});
