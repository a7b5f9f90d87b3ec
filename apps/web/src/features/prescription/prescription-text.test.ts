import { describe, expect, it } from 'vitest';
import { bulkFilterOf, jobDoneText, rateText } from './prescription-text';

describe('bulkFilterOf', () => {
  it('leaves out what was not chosen', () => {
    expect(bulkFilterOf({})).toEqual({});
    expect(bulkFilterOf({ unitId: null, riskLevel: null, tag: null, minLevel: 2 })).toEqual({});
  });
  it('sends a level only with its group, 1 by default', () => {
    expect(bulkFilterOf({ unitId: 5, riskLevel: '慢病', tag: 'bp' })).toEqual({
      unitId: 5,
      riskLevel: '慢病',
      tag: 'bp',
      minLevel: 1,
    });
    expect(bulkFilterOf({ tag: 'glucose', minLevel: 3 })).toEqual({ tag: 'glucose', minLevel: 3 });
  });
});

describe('jobDoneText', () => {
  const job = { status: 'done' as const, total: 120, done: 120, created: 100, skipped: 20, error: null };
  it('says what was made and why people were skipped', () => {
    expect(jobDoneText('膳食处方', job)).toBe(
      '共 120 人，生成膳食处方草稿 100 份，跳过 20 人（已有未完成的膳食处方，或按规则暂不宜开具）。',
    );
  });
  it('says nothing of skipping when nobody was', () => {
    expect(jobDoneText('运动处方', { ...job, created: 120, skipped: 0 })).toBe('共 120 人，生成运动处方草稿 120 份。');
  });
});

describe('rateText', () => {
  it('is a percent with one decimal', () => {
    expect(rateText({ rate: 66.7, improved: 2, withNextCheck: 3 })).toBe('66.7%');
    expect(rateText({ rate: null, improved: 1, withNextCheck: 3 })).toBe('33.3%');
  });
  it('is - when nobody has had a check since', () => {
    expect(rateText({ rate: null, improved: 0, withNextCheck: 0 })).toBe('-');
  });
});
