import { type Node, validateExpression } from '../rules/expression';
import { CONDITION_VARIABLE_BY_CODE, CONDITION_VARIABLES, riskValue } from '../rules/variables';

/** The codes a model's condition may name: the enabled indicator codes and the condition variables. */
export const conditionCodes = (indicatorCodes: Iterable<string>): Set<string> =>
  new Set([...indicatorCodes, ...CONDITION_VARIABLES.map((v) => v.code)]);

/** Parses a model's condition and checks its codes; throws ExpressionError naming the position. */
export const validateCondition = (src: string, indicatorCodes: Iterable<string>): Node =>
  validateExpression(src, conditionCodes(indicatorCodes));

/** What a person brings to a condition: the latest check's values, that year's tags, age, sex, open findings. */
export interface PersonFacts {
  values: Readonly<Record<string, number | null | undefined>>;
  tags: { bp: number; lipid: number; glucose: number; ua: number; weight: number; riskLevel: string } | null;
  age: number;
  sex: number;
  findings: number;
}

/** The values a condition is evaluated over (rules/expression.ts evaluate): indicator codes and variables. */
export function conditionValues(p: PersonFacts): Record<string, number | null | undefined> {
  return {
    ...p.values,
    BP_LEVEL: p.tags?.bp ?? null,
    LIPID_LEVEL: p.tags?.lipid ?? null,
    GLUCOSE_LEVEL: p.tags?.glucose ?? null,
    UA_LEVEL: p.tags?.ua ?? null,
    WEIGHT_LEVEL: p.tags?.weight ?? null,
    RISK: riskValue(p.tags?.riskLevel),
    AGE: p.age,
    SEX: p.sex,
    FINDINGS: p.findings,
  };
}

const SQL_COMPARISON: Record<string, string> = { '>=': '>=', '<=': '<=', '>': '>', '<': '<', '==': '=', '!=': '<>' };

/**
 * A condition as a SQL boolean that answers exactly as `evaluate` does over the same values: `varSql` gives
 * each code's numeric SQL (NULL when missing); a comparison with a missing side is false (never NULL, so
 * `!` and `||` behave as in TypeScript), and a division by zero is missing.
 */
export function expressionSql(n: Node, varSql: (code: string) => string): string {
  const num = (x: Node): string => {
    switch (x.type) {
      case 'num':
        return `${x.value}::numeric`;
      case 'var':
        return `(${varSql(x.name)})`;
      case 'neg':
        return `(-${num(x.arg)})`;
      case 'bin':
        if (x.op === '/') return `(${num(x.left)} / NULLIF(${num(x.right)}, 0))`;
        return `(${num(x.left)} ${x.op} ${num(x.right)})`;
      default:
        throw new Error('a condition is not a number');
    }
  };
  if (n.type === 'not') return `(NOT ${expressionSql(n.arg, varSql)})`;
  if (n.type !== 'bin') throw new Error('a number is not a condition');
  if (n.op === '&&' || n.op === '||')
    return `(${expressionSql(n.left, varSql)} ${n.op === '&&' ? 'AND' : 'OR'} ${expressionSql(n.right, varSql)})`;
  return `coalesce(${num(n.left)} ${SQL_COMPARISON[n.op]} ${num(n.right)}, false)`;
}

/** Whether a code is a condition variable (not an indicator). */
export const isConditionVariable = (code: string) => code in CONDITION_VARIABLE_BY_CODE;
