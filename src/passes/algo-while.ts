// Algorithm pass `while`: `repeat n while c` (a WhileStmt, src/ir/step.ts, as the elaborator
// lowers it) rewritten for the GPU, where the host never reads c. The loop becomes
//   - a one-row state array `whileK`, its flag (1 while the loop runs);
//   - a step `whileK.start` (one individual) that sets the flag before the loop;
//   - a `repeat n` whose body begins with the condition step, renamed `whileK.cond`: it clears the
//     flag once c is false (the flag becomes flag and c, so it stays clear) and, when the body
//     evaluates (E > 0 an iteration), adds E to the GPU's counter while the flag is set
//     (WHILE_COUNT: lo + CARRY hi, declared by the first loop that counts, and its value in row
//     $slot of while.trace); it is marked `decides` (and `counts-evals` where it counts);
//   - the body's steps with every write conditional on the flag (`guard`): once it is clear a
//     write stores what the step read there (in place: the value it has; double-buffered: a copy
//     into the other buffer).
// The host runs all n iterations (their rounds are consumed, so both backends draw alike) and
// counts a guarded step's evaluations as an upper bound until it reads the counter back
// (src/runtime/run.ts). The arrays are declared after the algorithm's others, in the order of
// the loops, and every step declares the new list. What is left is step, if and repeat only.

import { bin, int, num, type Binding, type IExpr, type StateArray, type Write } from '../ir/ir.js';
import { freshName, namesIn } from '../ir/names.js';
import { guardStep } from '../ir/step-builder.js';
import {
  mapSteps,
  WHILE_COUNT,
  type AlgoProgram,
  type GenStmt,
  type Step,
  type WhileStmt,
} from '../ir/step.js';

const sel = (t: 'f' | 'i', c: IExpr, a: IExpr, b: IExpr): IExpr => ({ k: 'sel', t, c, a, b });
const read = (arr: string): IExpr => ({ k: 'read', t: 'f', arr, idx: [int(0)] });
const isInt = (e: IExpr, v: number) => e.k === 'int' && e.v === v;

function hasWhile(g: GenStmt[]): boolean {
  return g.some(
    (s) =>
      s.k === 'while' ||
      (s.k === 'if' && (hasWhile(s.then) || hasWhile(s.else))) ||
      (s.k === 'repeat' && hasWhile(s.body)),
  );
}

/**
 * A copy of `st` with every write conditional on the loop's flag (`flag`, the read of array W):
 * when it is clear the write stores what the step read there (ir/step-builder.ts guardStep, which
 * the select pass uses for a selection's steps too).
 */
function guarded(st: Step, flag: IExpr, W: string): Step {
  const out: Step = { ...st, prog: { ...st.prog, main: { ...st.prog.main } } };
  guardStep(out, flag, W);
  return out;
}

export function algoWhile(a: AlgoProgram): AlgoProgram {
  if (!hasWhile(a.generation)) return a;
  const taken = new Set([...a.state.map((s) => s.name), ...a.problem.data.map((d) => d.name)]);
  const added: StateArray[] = [];
  const declare = (...arrays: StateArray[]) => {
    for (const A of arrays) {
      added.push(A);
      taken.add(A.name);
    }
  };
  let loops = 0;

  /** The one-individual step that sets flag W, on the problem template of `like`'s program. */
  const startStep = (like: Step, W: string): Step => {
    const p = like.prog;
    const used = new Set<string>([p.main.input, ...p.data.map((d) => d.name), ...taken]);
    return {
      name: `${W}.start`,
      n: 1,
      evals: 0,
      prog: {
        ...p,
        name: `${a.name}.${W}.start`,
        main: {
          name: p.main.name,
          input: p.main.input,
          len: p.main.len,
          bindings: [],
          result: int(0),
          domain: { idx: freshName(used, 'ind'), n: 1 },
          writes: [{ arr: W, row: int(0), body: num(1) }],
        },
      },
    };
  };

  /**
   * The condition step `st` (its result c as 0 or 1) made to write the loop's flag W (flag and
   * c) and, with E > 0 evaluations an iteration, to count them while the flag is set.
   */
  const conditionStep = (st: Step, W: string, flag: IExpr, E: number): Step => {
    const p = st.prog;
    const f = p.main;
    const used = namesIn(p, f);
    const r = f.result;
    const c = r.k === 'sel' && isInt(r.a, 1) && isInt(r.b, 0) ? r.c : bin('!=', r, int(0));
    const bindings: Binding[] = [...f.bindings];
    const scalar = (base: string, body: IExpr): IExpr => {
      const name = freshName(used, base);
      bindings.push({ k: 'scalar', name, t: body.t, body });
      return { k: 'sref', t: body.t, name };
    };
    const go = bin(
      '!=',
      scalar(`${W}.go`, sel('i', bin('and', bin('!=', flag, num(0)), c), int(1), int(0))),
      int(0),
    );
    const writes: Write[] = [{ arr: W, row: int(0), body: sel('f', go, num(1), num(0)) }];
    if (E > 0) {
      const { lo, hi, trace, carry } = WHILE_COUNT;
      // The GPU's evaluation counter, declared once, by the first loop that counts.
      if (!taken.has(lo))
        declare(
          { name: lo, rows: 1, cols: 0 },
          { name: hi, rows: 1, cols: 0 },
          { name: trace, rows: a.trace.rows, cols: 2 },
        );
      const sum = scalar(`${W}.sum`, bin('+', read(lo), sel('f', go, num(E), num(0))));
      const over = bin('>=', sum, num(carry));
      const lo1 = scalar(`${W}.lo`, sel('f', over, bin('-', sum, num(carry)), sum));
      const hi1 = scalar(`${W}.hi`, bin('+', read(hi), sel('f', over, num(1), num(0))));
      const j = freshName(used, 'j');
      writes.push(
        { arr: lo, row: int(0), body: lo1 },
        { arr: hi, row: int(0), body: hi1 },
        {
          arr: trace,
          row: { k: 'idx', t: 'i', name: '$slot' },
          col: { idx: j, len: 2 },
          body: sel('f', bin('==', { k: 'idx', t: 'i', name: j }, int(0)), lo1, hi1),
        },
      );
    }
    return {
      ...st,
      name: `${W}.cond`,
      ...(E > 0 ? { countsEvals: true } : {}),
      decides: W,
      prog: {
        ...p,
        name: `${a.name}.${W}.cond`,
        main: { ...f, bindings, result: int(0), writes },
      },
    };
  };

  const lowerWhile = (s: WhileStmt): GenStmt[] => {
    let W: string;
    do W = `while${++loops}`;
    while (taken.has(W));
    declare({ name: W, rows: 1, cols: 0 });
    const flag = read(W);
    const start = startStep(s.cond, W);
    const inner = rewrite(s.body);
    // The body has no host control (OPT6041): its steps are the iteration's.
    const steps = inner.flatMap((x) => (x.k === 'step' ? [x.step] : []));
    const E = steps.reduce((n, st) => n + st.evals, 0);
    if (E >= WHILE_COUNT.carry)
      throw new Error(
        `internal: while: an iteration of ${E} evaluations (the elaborator refuses ${WHILE_COUNT.carry} or more: OPT6049)`,
      );
    // A selection's steps are made later, by the select pass, which guards them by its `guard`.
    const body = inner.map(
      (x): GenStmt =>
        x.k === 'step'
          ? { k: 'step', step: guarded(x.step, flag, W) }
          : x.k === 'select'
            ? { ...x, guard: W }
            : x,
    );
    const cond = conditionStep(s.cond, W, flag, E);
    return [
      { k: 'step', step: start },
      { k: 'repeat', count: s.count, body: [{ k: 'step', step: cond }, ...body] },
    ];
  };

  const rewrite = (g: GenStmt[]): GenStmt[] =>
    g.flatMap((s): GenStmt[] => {
      if (s.k === 'while') return lowerWhile(s);
      if (s.k === 'if') return [{ ...s, then: rewrite(s.then), else: rewrite(s.else) }];
      if (s.k === 'repeat') return [{ ...s, body: rewrite(s.body) }];
      return [s];
    });

  const generation = rewrite(a.generation);
  const state = [...a.state, ...added];
  return {
    ...mapSteps({ ...a, generation }, (st) => ({ ...st, prog: { ...st.prog, state } })),
    state,
  };
}
