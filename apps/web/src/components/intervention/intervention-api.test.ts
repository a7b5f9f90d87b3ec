import { describe, expect, it } from 'vitest';
import { CONDITION_CODES, codeHeading, codeValue } from './intervention-api';

describe('the values a model condition reads, as the preview shows them', () => {
  it('heads an indicator with its name and unit, a variable with its Chinese name', () => {
    expect(codeHeading('SBP')).toBe('收缩压(mmHg)');
    expect(codeHeading('BP_LEVEL')).toBe('血压分级');
    expect(codeHeading('RISK')).toBe('风险等级');
  });

  it('reads coded variables as their labels and leaves numbers as numbers', () => {
    expect(codeValue('SEX', 2)).toBe('女');
    expect(codeValue('RISK', 4)).toBe('慢病');
    expect(codeValue('BP_LEVEL', 2)).toBe('2');
    expect(codeValue('SBP', 152)).toBe('152');
    expect(codeValue('FPG', null)).toBe('-');
  });

  it('accepts indicator codes and the condition variables, nothing else', () => {
    expect(CONDITION_CODES.has('FPG')).toBe(true);
    expect(CONDITION_CODES.has('WEIGHT_LEVEL')).toBe(true);
    expect(CONDITION_CODES.has('CHINA_PAR')).toBe(false);
  });
});
