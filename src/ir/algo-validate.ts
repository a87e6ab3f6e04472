// The algorithm IR's validator, run after elaboration and after every algorithm pass in tests
// (src/compile/algo-pipeline.ts): the state, populations, best point and trace name arrays of the
// right shapes; every step program is valid problem IR (validate.ts), runs over its declared
// domain, and reads and writes only the algorithm's state arrays, with their shapes; host
// expressions (counts, conditions, host lets) read no array; the loop flags name one-row arrays;
// a generation-level let statement (before the pass store-lets only) is defined once and reads
// state arrays and earlier lets; a `repeat n while c` statement (before the pass while only), its
// condition a step of one individual that writes nothing, its body without host control and of
// fewer than WHILE_COUNT.carry evaluations an iteration; a selection (before the pass select only)
// names populations and rank arrays of their sizes.

import { forEachNode, type IExpr, type StateArray } from './ir.js';
import {
  allSteps,
  WHILE_COUNT,
  type AlgoProgram,
  type LetStmt,
  type SelectStmt,
  type Step,
  type WhileStmt,
} from './step.js';
import { IrInvalid, validate } from './validate.js';

/** The parameter block's host-let slots ($h0..$h3). */
export const HOST_LET_SLOTS = 4;

function check(cond: unknown, msg: string, where: string): asserts cond {
  if (!cond) throw new IrInvalid(`internal: algorithm IR invalid after ${where}: ${msg}`);
}

/**
 * A generation-level let (before store-lets): defined once, and its body reads state arrays and
 * the lets defined before it only.
 */
function letStmt(
  s: LetStmt,
  defined: Set<string>,
  array: (name: string, what: string) => StateArray,
  where: string,
): void {
  check(!defined.has(s.name), `the let ${s.name} is defined twice`, where);
  forEachNode(s.body, (n) => {
    if (n.k === 'read') array(n.arr, `the let ${s.name}`);
    if (n.k === 'sref')
      check(defined.has(n.name), `the let ${s.name} reads ${n.name}, no let before it`, where);
    check(n.k !== 'vref', `the let ${s.name} holds a (vref ...)`, where);
  });
  defined.add(s.name);
}

/** A host expression: decided on the host, so it reads no array and no kernel scalar. */
function hostExpr(e: IExpr, what: string, where: string): void {
  forEachNode(e, (n) => {
    check(
      n.k !== 'read' && n.k !== 'vref' && n.k !== 'sref' && n.k !== 'callp' && n.k !== 'red',
      `${what}: a host expression holds a (${n.k} ...), which only a kernel can compute`,
      where,
    );
    if (n.k === 'idx')
      check(n.name.startsWith('$'), `${what}: a host expression reads index ${n.name}`, where);
  });
}

/**
 * `repeat n while c` (a WhileStmt): only before the `while` pass, which rewrites every one
 * (passes/algo-while.ts); the steps themselves are checked with the others.
 */
function whileStmt(s: WhileStmt, where: string, passesRun: readonly string[]): void {
  check(
    !passesRun.includes('while'),
    `a while statement after the while pass (it leaves only step, if, repeat and select)`,
    where,
  );
  hostExpr(s.count, 'a while count', where);
  const c = s.cond;
  check(c.n === 1, `the condition step ${c.name} runs over ${c.n} individuals, not 1`, where);
  check(!c.prog.main.writes?.length, `the condition step ${c.name} writes`, where);
  check(c.prog.main.result.t === 'i', `the condition step ${c.name}'s result is no integer`, where);
  check(
    c.guard === undefined && !c.countsEvals && c.decides === undefined && !c.count,
    `the condition step ${c.name} is marked as the while pass's output`,
    where,
  );
  check(
    s.body.every((x) => x.k !== 'if' && x.k !== 'repeat' && x.k !== 'while'),
    'a while body holds host control (if, repeat, while)',
    where,
  );
  const E = allSteps(s.body).reduce((n, st) => n + st.evals, 0);
  check(
    E < WHILE_COUNT.carry,
    `a while iteration makes ${E} evaluations (the GPU counts fewer than ${WHILE_COUNT.carry})`,
    where,
  );
}

/**
 * Validates `a` after stage `where` (`lower`, a pass's name, or what a test did), `passesRun` the
 * algorithm passes that have run: a statement that one of them lowers must be gone.
 */
export function validateAlgo(
  a: AlgoProgram,
  where: string,
  passesRun: readonly string[] = [],
): void {
  const state = new Map<string, StateArray>();
  for (const s of a.state) {
    check(!state.has(s.name), `state array ${s.name} is declared twice`, where);
    check(
      s.rows >= 1 && s.cols >= 0,
      `state array ${s.name} has shape ${s.rows} x ${s.cols}`,
      where,
    );
    state.set(s.name, s);
  }
  const array = (name: string, what: string) => {
    const s = state.get(name);
    check(s, `${what} names ${name}, which is no state array`, where);
    return s;
  };
  for (const s of a.state)
    if (s.lo) {
      const lo = array(s.lo, `the low part of ${s.name}`);
      check(lo.rows === s.rows && lo.cols === s.cols, `${s.lo} has not ${s.name}'s shape`, where);
    }
  for (const p of a.populations) {
    const x = array(p.name, `population ${p.name}`);
    const f = array(p.fit, `population ${p.name}'s fitness`);
    check(
      x.rows === p.rows && f.rows === p.rows,
      `population ${p.name} is not ${p.rows} rows`,
      where,
    );
    check(x.cols === a.dim && f.cols === 0, `population ${p.name} is not D x 1 fitness`, where);
  }
  check(
    array(a.best.point, 'the best point').cols === a.dim,
    'the best point is not D long',
    where,
  );
  check(array(a.best.fit, 'the best fitness').cols === 0, 'the best fitness is not a value', where);
  check(
    array(a.trace.name, 'the trace').rows === a.trace.rows,
    'the trace has not its rows',
    where,
  );
  const slots = new Set<number>();
  for (const h of a.hostLets) {
    check(
      h.slot >= 0 && h.slot < HOST_LET_SLOTS && !slots.has(h.slot),
      `host let ${h.name} has slot ${h.slot} (one of 0..${HOST_LET_SLOTS - 1}, each once)`,
      where,
    );
    slots.add(h.slot);
    hostExpr(h.body, `host let ${h.name}`, where);
  }
  validate(a.problem, `${where}: the problem`);
  check(a.problem.dim === a.dim, `the problem is at D = ${a.problem.dim}, not ${a.dim}`, where);
  const flag = (name: string, what: string) =>
    check(array(name, what).rows === 1, `${what}: ${name} is not one row`, where);
  const step = (st: Step) => {
    const w = `${where}: step ${st.name}`;
    validate(st.prog, w);
    const f = st.prog.main;
    check(f.domain?.n === st.n, `step ${st.name} runs over ${f.domain?.n}, not ${st.n}`, where);
    check(st.evals >= 0, `step ${st.name} makes ${st.evals} evaluations`, where);
    check(st.prog.dim === a.dim, `step ${st.name} is at D = ${st.prog.dim}`, where);
    for (const s of st.prog.state ?? []) {
      const t = array(s.name, `step ${st.name}'s state`);
      check(
        t.rows === s.rows && t.cols === s.cols && t.lo === s.lo,
        `step ${st.name} declares ${s.name} unlike the algorithm`,
        where,
      );
    }
    if (st.count) hostExpr(st.count, `step ${st.name}'s count`, where);
    if (st.guard !== undefined) flag(st.guard, `step ${st.name}'s guard`);
    if (st.decides !== undefined) flag(st.decides, `step ${st.name}'s flag`);
    check(!st.countsEvals || st.decides, `step ${st.name} counts but decides no loop`, where);
    if (st.withTrack) {
      check(!st.withTrack.withTrack, `step ${st.name}'s fused step has a fused step`, where);
      check(
        st.withTrack.n === st.n && st.withTrack.evals === st.evals,
        `step ${st.name}'s fused step runs other individuals or evaluations`,
        where,
      );
      step(st.withTrack);
    }
  };
  a.init.forEach(step);
  allSteps(a.generation).forEach(step);
  step(a.track);
  const letNames = new Set<string>();
  const gen = (g: AlgoProgram['generation']) => {
    for (const s of g) {
      if (s.k === 'let') {
        check(
          !passesRun.includes('store-lets'),
          `a let statement (${s.name}) after the pass store-lets`,
          where,
        );
        letStmt(s, letNames, array, where);
      } else if (s.k === 'if') {
        hostExpr(s.cond, 'a condition', where);
        gen(s.then);
        gen(s.else);
      } else if (s.k === 'repeat') {
        hostExpr(s.count, 'a repeat count', where);
        check(
          s.index === undefined || (Number.isInteger(s.index) && s.index >= 0 && s.index < 4),
          `a repeat's index is a kernel parameter $h0..$h3, not $h${s.index}`,
          where,
        );
        gen(s.body);
      } else if (s.k === 'while') {
        whileStmt(s, where, passesRun);
        gen(s.body);
      } else if (s.k === 'select') selection(a, s, array, passesRun, where);
    }
  };
  gen(a.generation);
}

/** A selection: populations of the right sizes, its rank and attached arrays one value a row. */
function selection(
  a: AlgoProgram,
  s: SelectStmt,
  array: (name: string, what: string) => StateArray,
  passesRun: readonly string[],
  where: string,
): void {
  const what = `(select ${s.op} ${s.target})`;
  check(!passesRun.includes('select'), `${what} is left after the select pass`, where);
  const pop = (name: string) => {
    const p = a.populations.find((q) => q.name === name);
    check(p, `${what} names ${name}, which is no population`, where);
    return p;
  };
  const X = pop(s.target);
  const from = s.from.map(pop);
  const arity = { best: [1, 2], 'best-into': [2, 0], sort: [0, 1] }[s.op];
  check(
    from.length === arity[0] && s.ranks.length === arity[1],
    `${what} selects from ${from.length} populations with ${s.ranks.length} rank arrays`,
    where,
  );
  if (s.op === 'best') check(from[0] !== X, `${what} selects from itself`, where);
  if (s.op === 'best-into') check(from[0]?.rows === X.rows, `${what}: A is not X's size`, where);
  [X, ...from].slice(0, s.ranks.length).forEach((P, k) => {
    const R = array(s.ranks[k]!, `${what}'s ranks`);
    check(R.rows === P.rows && R.cols === 0, `${what}: ${R.name} is not ${P.rows} values`, where);
  });
  check(s.op === 'sort' || !s.attached.length, `${what} moves attached state`, where);
  for (const name of s.attached)
    check(
      array(name, `${what}'s attached state`).rows === X.rows,
      `${what}: ${name} is not X's rows`,
      where,
    );
  if (s.guard !== undefined)
    check(array(s.guard, `${what}'s guard`).rows === 1, `${what}: its guard is not one row`, where);
  const e = s.entrant;
  if (e) {
    check(s.op === 'best' && e.domain?.n === X.rows, `${what}: its entrant is not over X`, where);
    for (const w of e.writes ?? []) {
      check(
        array(w.arr, `${what}'s entrant`).rows === X.rows,
        `${what}: ${w.arr} is not X's rows`,
        where,
      );
      check(
        w.row.k === 'idx' && w.row.name === e.domain.idx,
        `${what}: its entrant writes another row`,
        where,
      );
    }
  }
}
