import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it('never shows 0.0 for a measured run, one decimal under 10 seconds', () => {
    expect(formatDuration(12)).toBe('0.1 秒');
    expect(formatDuration(0)).toBe('0.1 秒');
    expect(formatDuration(300)).toBe('0.3 秒');
    expect(formatDuration(1420)).toBe('1.4 秒');
    expect(formatDuration(9940)).toBe('9.9 秒');
  });
  it('whole seconds up to a minute, then minutes and seconds', () => {
    expect(formatDuration(9960)).toBe('10 秒');
    expect(formatDuration(42_300)).toBe('42 秒');
    expect(formatDuration(125_000)).toBe('2 分 5 秒');
    expect(formatDuration(120_000)).toBe('2 分钟');
  });
});
