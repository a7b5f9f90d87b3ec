import { INDICATOR_BY_CODE } from '../medical/indicators';
import { type Node, parseExpression } from './expression';
import type { PositiveRule } from './positive-rules';
import { CONDITION_VARIABLE_BY_CODE } from './variables';

/** Comparison and arithmetic operators as a reader writes them. */
const OPERATOR_TEXT: Record<string, string> = {
  '>=': '≥',
  '<=': '≤',
  '>': '>',
  '<': '<',
  '==': '=',
  '!=': '≠',
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '÷',
  '&&': '且',
  '||': '或',
};

/**
 * The indicator's Chinese name (收缩压 for SBP), or a condition variable's (血压分级 for BP_LEVEL); a code
 * neither list holds stays as written.
 */
const nameOf = (code: string) => INDICATOR_BY_CODE[code]?.name ?? CONDITION_VARIABLE_BY_CODE[code]?.name ?? code;

export interface DescribeOptions {
  /** Write each compared number with its indicator's unit (收缩压 > 140 mmHg). */
  units?: boolean;
}

const COMPARISONS = new Set(['>=', '<=', '>', '<', '==', '!=']);

/** The number of a comparison with an indicator, with the indicator's unit. */
function withUnit(n: Node, other: Node): string | null {
  if (n.type !== 'num' || other.type !== 'var') return null;
  const unit = INDICATOR_BY_CODE[other.name]?.unit;
  if (!unit) return null;
  return unit === '%' ? `${n.value}%` : `${n.value} ${unit}`;
}

/** The number of a comparison with a coded condition variable, as its label (性别 = 男, 风险等级 ≥ 慢病). */
function withLabel(n: Node, other: Node): string | null {
  if (n.type !== 'num' || other.type !== 'var') return null;
  return CONDITION_VARIABLE_BY_CODE[other.name]?.labels?.[n.value] ?? null;
}

function describeNode(n: Node, parent?: string, o: DescribeOptions = {}): string {
  const sub = (x: Node, p?: string) => describeNode(x, p, o);
  switch (n.type) {
    case 'num':
      return String(n.value);
    case 'var':
      return nameOf(n.name);
    case 'neg':
      return `−${sub(n.arg, 'neg')}`;
    case 'not':
      return `不满足（${sub(n.arg)}）`;
    case 'bin': {
      const unitised = o.units && COMPARISONS.has(n.op);
      const compared = COMPARISONS.has(n.op);
      const left =
        (unitised && withUnit(n.left, n.right)) || (compared && withLabel(n.left, n.right)) || sub(n.left, n.op);
      const right =
        (unitised && withUnit(n.right, n.left)) || (compared && withLabel(n.right, n.left)) || sub(n.right, n.op);
      const text = `${left} ${OPERATOR_TEXT[n.op] ?? n.op} ${right}`;
      // 且 binds tighter than 或; both get brackets when nested in the other, so the reading is unambiguous.
      const logical = n.op === '&&' || n.op === '||';
      if (logical && parent && parent !== n.op && (parent === '&&' || parent === '||')) return `（${text}）`;
      if ((n.op === '+' || n.op === '-') && (parent === '*' || parent === '/' || parent === 'neg'))
        return `（${text}）`;
      return text;
    }
  }
}

/**
 * A rule's condition in Chinese terms: indicator names, ≥/≤, 且/或 ('SBP >= 140 || DBP >= 90' →
 * '收缩压 ≥ 140 或 舒张压 ≥ 90'). An expression that does not parse is answered as null (the caller shows
 * that the condition is invalid rather than the raw text).
 */
export function describeExpression(src: string | null | undefined, options: DescribeOptions = {}): string | null {
  if (!src?.trim()) return null;
  try {
    // Full-width brackets carry their own spacing.
    return describeNode(parseExpression(src), undefined, options).replace(/ ?（/g, '（').replace(/） ?/g, '）');
  } catch {
    return null;
  }
}

const WHO: Record<number, string> = { 0: '', 1: '男性', 2: '女性' };

/**
 * What a rule finds, in a sentence for its 说明 ('20–80岁员工体检中总胆固醇 > 5.18 mmol/L，提示“总胆固醇偏高”'):
 * the seeded sample rules carry it, so the list never shows where a rule came from instead of what it does.
 */
export function describeRule(rule: Pick<PositiveRule, 'names' | 'gender' | 'ageMin' | 'ageMax' | 'judge'>): string {
  const condition = describeExpression(rule.judge, { units: true }) ?? '判定条件无效';
  return `${rule.ageMin}–${rule.ageMax}岁${WHO[rule.gender] ?? ''}员工体检中${condition}，提示“${rule.names}”`;
}
