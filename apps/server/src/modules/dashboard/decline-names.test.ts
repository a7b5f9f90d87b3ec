import { describe, expect, it } from 'vitest';
import { declineAnswer } from './answers';

describe('the decline table names units as every other table does', () => {
  it('shows a unit by its short name (机关, not a second name), and counts work areas in their plant', () => {
    const rows = declineAnswer(
      [
        { shortName: '机关', count2024: 4, count2025: 2 },
        { shortName: '采油一厂一区', count2024: 1, count2025: 1 },
        { shortName: '采油一厂二区', count2024: 1, count2025: 0 },
      ],
      { companyName: '西部油田' },
    );
    expect(rows.map((r) => r.name)).toEqual(['采油一厂', '机关']);
    expect(rows[1]).toEqual({ name: '机关', count2024: 4, count2025: 2, rate: 0.5 });
  });
});
