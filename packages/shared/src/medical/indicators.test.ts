import { describe, expect, it } from 'vitest';
import { INDICATORS, indicatorLabel } from './indicators';

describe('indicatorLabel', () => {
  it('names every indicator in Chinese with its unit, never its code', () => {
    expect(indicatorLabel(INDICATORS.find((i) => i.code === 'HEIGHT')!)).toBe('身高（cm）');
    expect(indicatorLabel(INDICATORS.find((i) => i.code === 'HBA1C')!)).toBe('糖化血红蛋白（%）');
    for (const i of INDICATORS) {
      const label = indicatorLabel(i);
      expect(label, i.code).not.toContain(i.code);
      // Latin letters only inside the unit's brackets (mmHg, mmol/L, kg/m²).
      expect(label.replace(`（${i.unit}）`, ''), i.code).not.toMatch(/[A-Za-z]/);
    }
  });
});
