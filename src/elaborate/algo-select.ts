// The selections of an algorithm as the language states them: `X = best(X, O)` (the N best of the
// union of two populations, in place: GOjDE's elite selection), `X = best(A, B)` (into X, sorted)
// and `X = sorted(X)`, checked and stated as a `select` statement (src/ir/step.ts SelectStmt),
// which the algorithm pass `select` lowers to steps (src/passes/algo-select.ts). What the language
// decides is settled here: the rank arrays are declared where the statement is (the state's order
// reaches the kernels), and the initial values of the state attached to X are elaborated as an
// entrant's writes (their draws are the language's). A concern of the algorithm elaborator
// (algorithm.ts), which gives it what it needs of its state.

import type { AlgoStmt } from '../parser/ast.js';
import { int, type IExpr, type IrFunc, type StateArray, type Write } from '../ir/ir.js';
import type { Population, SelectStmt } from '../ir/step.js';
import { Abort, type ElabCore } from './core.js';
import type { Attached, EachStep } from './algo-builder.js';

/** What the selections need of the algorithm elaborator. */
export interface SelectionHost {
  core: ElabCore;
  dim(): number;
  pops: Population[];
  /** The state attached to population X (moving with its individuals). */
  attached(X: string): Attached[];
  /** A fresh number for the name of an array the compiler adds (`X.rankK`). */
  nextArray(): number;
  /** Declares state arrays (in this order, after those declared so far). */
  declare(...arrays: StateArray[]): void;
  beginEachStep(): EachStep;
  /** The write of attached state `att`'s initial value at `row` in step b (an entrant's). */
  initWrite(att: Attached, b: EachStep, row: IExpr): Write;
}

/** The selection an assignment at the generation level states (OPT diagnostics otherwise). */
export function selection(h: SelectionHost, st: AlgoStmt & { kind: 'assign' }): SelectStmt {
  const X = h.pops.find((p) => p.name === st.target);
  const v = st.value;
  if (
    !st.row &&
    X &&
    v.kind === 'call' &&
    v.callee === 'sorted' &&
    v.args.length === 1 &&
    v.args[0]?.value.kind === 'name'
  ) {
    // X = sorted(X): the rows of X in order of fitness, in place.
    if ((v.args[0].value as { name: string }).name !== X.name)
      h.core.fail('SortedArgument', v.args[0].loc, X.name);
    const attached = h.attached(X.name).map((a) => a.array.name);
    return { ...selectOf(h, 'sort', X, [], [X]), attached };
  }
  if (st.row || !X || v.kind !== 'call' || v.callee !== 'best' || v.args.length !== 2)
    h.core.fail('GenerationAssignment', st.loc);
  const [A, B] = v.args.map((a) => {
    const p =
      a.value.kind === 'name'
        ? h.pops.find((q) => q.name === (a.value as { name: string }).name)
        : undefined;
    if (!p) {
      // A population whose declaration failed has had its error.
      if (a.value.kind === 'name' && h.core.failedNames.has(a.value.name)) throw new Abort();
      h.core.fail('BestArgument', a.loc);
    }
    return p;
  }) as [Population, Population];
  if (A.rows !== X.rows) h.core.fail('BestSize', st.loc, X.name, A.name, B.name, A.rows, X.rows);
  if (A !== X || B === X) return selectOf(h, 'best-into', X, [A, B], []);
  const s = selectOf(h, 'best', X, [B], [X, B]);
  const attached = h.attached(X.name);
  if (!attached.length) return s;
  // An entrant's attached state at its initial value: the writes at its own row (the pass
  // writes them at the rows entrants take), their draws keyed by the entrant's individual.
  const b = h.beginEachStep();
  b.fn.bindings = [];
  const writes = attached.map((att) => h.initWrite(att, b, b.idx));
  const entrant: IrFunc = {
    name: 'entrant',
    input: '_',
    len: h.dim(),
    bindings: b.fn.bindings,
    result: int(0),
    domain: { idx: (b.idx as { name: string }).name, n: X.rows },
    writes,
  };
  return { ...s, entrant };
}

/** A selection into X from `from`, with rank arrays (declared now) for the populations `ranked`. */
function selectOf(
  h: SelectionHost,
  op: SelectStmt['op'],
  X: Population,
  from: Population[],
  ranked: Population[],
): SelectStmt {
  const k = ranked.length ? h.nextArray() : 0;
  const ranks = ranked.map(
    (P): StateArray => ({ name: `${P.name}.rank${k}`, rows: P.rows, cols: 0 }),
  );
  h.declare(...ranks);
  return {
    k: 'select',
    op,
    target: X.name,
    from: from.map((P) => P.name),
    ranks: ranks.map((R) => R.name),
    attached: [],
  };
}
