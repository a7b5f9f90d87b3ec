/**
 * The positive-rule expression language: comparisons of indicator codes and numbers joined by && and ||,
 * e.g. `SBP >= 140 || DBP >= 90`, `FPG >= 6.1 && FPG <= 7`. Parsed by this small recursive-descent parser
 * into a tree and evaluated over a check's values — never `eval`.
 *
 *   or   := and ('||' and)*          and  := not ('&&' not)*        not := '!' not | cmp
 *   cmp  := sum (op sum)?             op   := >= <= > < == !=
 *   sum  := term (('+'|'-') term)*    term := unary (('*'|'/') unary)*
 *   unary:= '-' unary | primary       primary := number | CODE | '(' or ')'
 */
export type Node =
  | { type: 'num'; value: number }
  | { type: 'var'; name: string; pos: number }
  | { type: 'not'; arg: Node }
  | { type: 'neg'; arg: Node }
  | { type: 'bin'; op: string; left: Node; right: Node };

export class ExpressionError extends Error {
  constructor(
    message: string,
    /** 0-based index of the offending character in the source. */
    readonly position: number,
  ) {
    super(`第${position + 1}个字符处：${message}`);
  }
}

interface Token {
  kind: 'num' | 'id' | 'op' | 'end';
  text: string;
  pos: number;
}

const OPERATORS = ['>=', '<=', '==', '!=', '&&', '||', '>', '<', '!', '+', '-', '*', '/', '(', ')'];

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(src.slice(i));
    if (num) {
      tokens.push({ kind: 'num', text: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (id) {
      tokens.push({ kind: 'id', text: id[0], pos: i });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      tokens.push({ kind: 'op', text: op, pos: i });
      i += op.length;
      continue;
    }
    if (c === '=' || c === '&' || c === '|') throw new ExpressionError(`"${c}" 应写成 "${c}${c}"`, i);
    throw new ExpressionError(`无法识别的字符 "${c}"`, i);
  }
  tokens.push({ kind: 'end', text: '', pos: src.length });
  return tokens;
}

/** Parses an expression; throws ExpressionError with the position of the first problem. */
export function parseExpression(src: string): Node {
  if (!src.trim()) throw new ExpressionError('判定条件不能为空', 0);
  const tokens = tokenize(src);
  let k = 0;
  const peek = () => tokens[k];
  const accept = (...ops: string[]) => {
    const t = tokens[k];
    if (t.kind === 'op' && ops.includes(t.text)) {
      k++;
      return t;
    }
    return null;
  };
  const binary = (next: () => Node, ops: string[]) => (): Node => {
    let left = next();
    for (let t = accept(...ops); t; t = accept(...ops)) left = { type: 'bin', op: t.text, left, right: next() };
    return left;
  };
  const primary = (): Node => {
    const t = peek();
    if (t.kind === 'num') {
      k++;
      return { type: 'num', value: Number(t.text) };
    }
    if (t.kind === 'id') {
      k++;
      return { type: 'var', name: t.text, pos: t.pos };
    }
    if (accept('(')) {
      const inner = or();
      if (!accept(')')) throw new ExpressionError('缺少右括号 ")"', peek().pos);
      return inner;
    }
    throw new ExpressionError(
      t.kind === 'end' ? '表达式不完整' : `此处应为指标代码、数字或 "("，而不是 "${t.text}"`,
      t.pos,
    );
  };
  const unary = (): Node => (accept('-') ? { type: 'neg', arg: unary() } : primary());
  const term = binary(unary, ['*', '/']);
  const sum = binary(term, ['+', '-']);
  const cmp = (): Node => {
    const left = sum();
    const t = accept('>=', '<=', '>', '<', '==', '!=');
    return t ? { type: 'bin', op: t.text, left, right: sum() } : left;
  };
  const not = (): Node => (accept('!') ? { type: 'not', arg: not() } : cmp());
  const and = binary(not, ['&&']);
  const or = binary(and, ['||']);
  const tree = or();
  const rest = peek();
  if (rest.kind !== 'end')
    throw new ExpressionError(rest.text === ')' ? '多余的右括号 ")"' : `多余的 "${rest.text}"`, rest.pos);
  checkTypes(tree);
  return tree;
}

const LOGICAL = new Set(['&&', '||']);
const COMPARISON = new Set(['>=', '<=', '>', '<', '==', '!=']);
const isBool = (n: Node): boolean =>
  n.type === 'not' || (n.type === 'bin' && (LOGICAL.has(n.op) || COMPARISON.has(n.op)));

/** A rule must be a condition: comparisons joined by && / ||, never a bare number or code. */
function checkTypes(n: Node, wantBool = true): void {
  const pos = firstPos(n);
  if (wantBool && !isBool(n)) throw new ExpressionError('判定条件应为比较，例如 SBP >= 140', pos);
  if (!wantBool && isBool(n)) throw new ExpressionError('比较结果不能参与计算', pos);
  if (n.type === 'not') checkTypes(n.arg, true);
  else if (n.type === 'neg') checkTypes(n.arg, false);
  else if (n.type === 'bin') {
    const bool = LOGICAL.has(n.op);
    checkTypes(n.left, bool);
    checkTypes(n.right, bool);
  }
}

function firstPos(n: Node): number {
  if (n.type === 'var') return n.pos;
  if (n.type === 'bin') return firstPos(n.left);
  if (n.type === 'not' || n.type === 'neg') return firstPos(n.arg);
  return 0;
}

/** The indicator codes an expression reads, with the position of their first use. */
export function expressionVariables(n: Node, out = new Map<string, number>()): Map<string, number> {
  if (n.type === 'var' && !out.has(n.name)) out.set(n.name, n.pos);
  if (n.type === 'bin') {
    expressionVariables(n.left, out);
    expressionVariables(n.right, out);
  }
  if (n.type === 'not' || n.type === 'neg') expressionVariables(n.arg, out);
  return out;
}

/** Parses and checks that every code is known; throws ExpressionError pointing at an unknown one. */
export function validateExpression(src: string, knownCodes: ReadonlySet<string>): Node {
  const tree = parseExpression(src);
  for (const [name, pos] of expressionVariables(tree)) {
    if (!knownCodes.has(name)) throw new ExpressionError(`未知的指标代码 "${name}"`, pos);
  }
  return tree;
}

type Values = Readonly<Record<string, number | null | undefined>>;

function num(n: Node, values: Values): number | null {
  switch (n.type) {
    case 'num':
      return n.value;
    case 'var': {
      const v = values[n.name];
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    }
    case 'neg': {
      const v = num(n.arg, values);
      return v === null ? null : -v;
    }
    case 'bin': {
      const a = num(n.left, values);
      const b = num(n.right, values);
      if (a === null || b === null) return null;
      if (n.op === '+') return a + b;
      if (n.op === '-') return a - b;
      if (n.op === '*') return a * b;
      return b === 0 ? null : a / b;
    }
    default:
      return null;
  }
}

/**
 * Evaluates a condition over a check's values. A comparison with a missing value is false: a rule never
 * fires on an indicator that was not measured.
 */
export function evaluate(n: Node, values: Values): boolean {
  if (n.type === 'not') return !evaluate(n.arg, values);
  if (n.type !== 'bin') return false;
  if (n.op === '&&') return evaluate(n.left, values) && evaluate(n.right, values);
  if (n.op === '||') return evaluate(n.left, values) || evaluate(n.right, values);
  const a = num(n.left, values);
  const b = num(n.right, values);
  if (a === null || b === null) return false;
  switch (n.op) {
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '<':
      return a < b;
    case '==':
      return a === b;
    default:
      return a !== b;
  }
}
