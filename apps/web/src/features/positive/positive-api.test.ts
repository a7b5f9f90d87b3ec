import { describe, expect, it } from 'vitest';
import { matchedText } from './positive-api';

describe('matchedText', () => {
  it('names the values that made a rule fire by indicator, never by code', () => {
    expect(matchedText({ DBP: 95, SBP: 152 })).toBe('收缩压 152 / 舒张压 95');
    expect(matchedText({ HBA1C: 7.1 })).toBe('糖化血红蛋白 7.1');
    expect(matchedText(null)).toBe('-');
  });
});
