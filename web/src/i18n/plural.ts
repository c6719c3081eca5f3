// The gettext plural expression of a catalog ("(n != 1)", "(n > 1)", "0", or CLDR's longer ones that
// Babel writes), compiled into a function without eval: a small parser of C expressions over n.

type Fn = (n: number) => number;

const TOKEN = /\s*(\d+|n|==|!=|<=|>=|&&|\|\||[<>!%?:()])/y;

export function compilePlural(expr: string): Fn {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < expr.length) {
    if (/^\s*$/.test(expr.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(expr);
    if (!m) throw new Error(`bad plural expression ${JSON.stringify(expr)} at ${pos}`);
    tokens.push(m[1]);
    pos = TOKEN.lastIndex;
  }
  let i = 0;
  const peek = () => tokens[i];
  const take = (t?: string) => {
    const tok = tokens[i++];
    if (t !== undefined && tok !== t) throw new Error(`plural expression: expected ${t}, got ${tok}`);
    return tok;
  };
  // ternary > or > and > equality > relational > multiplicative > unary > primary
  const ternary = (): Fn => {
    const cond = or();
    if (peek() !== "?") return cond;
    take("?");
    const a = ternary();
    take(":");
    const b = ternary();
    return (n) => (cond(n) ? a(n) : b(n));
  };
  const binary = (next: () => Fn, ops: Record<string, (a: number, b: number) => number>) => (): Fn => {
    let left = next();
    while (peek() in ops) {
      const op = ops[take()];
      const l = left;
      const r = next();
      left = (n) => op(l(n), r(n));
    }
    return left;
  };
  const unary = (): Fn => {
    if (peek() === "!") {
      take();
      const f = unary();
      return (n) => (f(n) ? 0 : 1);
    }
    return primary();
  };
  const primary = (): Fn => {
    const tok = take();
    if (tok === "(") {
      const f = ternary();
      take(")");
      return f;
    }
    if (tok === "n") return (n) => n;
    if (tok !== undefined && /^\d+$/.test(tok)) {
      const v = Number(tok);
      return () => v;
    }
    throw new Error(`plural expression: unexpected ${tok}`);
  };
  const mul = binary(unary, { "%": (a, b) => a % b });
  const rel = binary(mul, { "<": (a, b) => +(a < b), ">": (a, b) => +(a > b), "<=": (a, b) => +(a <= b), ">=": (a, b) => +(a >= b) });
  const eq = binary(rel, { "==": (a, b) => +(a === b), "!=": (a, b) => +(a !== b) });
  const and = binary(eq, { "&&": (a, b) => +(!!a && !!b) });
  const or = binary(and, { "||": (a, b) => +(!!a || !!b) });
  const f = ternary();
  if (i !== tokens.length) throw new Error(`plural expression: trailing ${tokens.slice(i).join(" ")}`);
  return (n) => Number(f(n));
}
