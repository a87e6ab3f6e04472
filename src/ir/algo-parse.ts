// Reads the printed algorithm IR (algo-print.ts) back, so that algorithm passes can be tested
// text-in, text-out. The step programs are read by the problem IR's parser (parse.ts).
//
// What a round trip does not keep: which steps were one object. A step that the elaborator put in
// two places of the generation (or that two GenStmts share) comes back as two equal steps, and
// compileAlgorithm, which keys its records by the step object, compiles each. Host expressions'
// scalar references read as floats (they have none today: the host reads $gen, $evals, $budget).

import type { StateArray, Ty } from './ir.js';
import { exprFromSExp, funcFromSExp, programFromSExp, readSExp, type SExp } from './parse.js';
import type { AlgoProgram, GenStmt, LetStmt, Population, SelectStmt, Step } from './step.js';

const fail = (what: string): never => {
  throw new Error(`internal: algorithm IR parse: ${what}`);
};

function list(s: SExp | undefined, what: string): SExp[] {
  if (!Array.isArray(s)) return fail(`expected a form (${what})`);
  return s;
}

function word(s: SExp | undefined, what: string): string {
  if (typeof s !== 'string') return fail(`expected a word (${what})`);
  return s;
}

function count(s: SExp | undefined, what: string): number {
  const w = word(s, what);
  if (!/^\d+$/.test(w)) fail(`expected a count, got ${w} (${what})`);
  return Number(w);
}

function number(s: SExp | undefined, what: string): number {
  const w = word(s, what);
  if (w === 'nan') return NaN;
  if (w === 'inf') return Infinity;
  if (w === '-inf') return -Infinity;
  const v = Number(w);
  if (Number.isNaN(v)) fail(`expected a number, got ${w} (${what})`);
  return v;
}

const string = (s: SExp | undefined, what: string): string => {
  const w = word(s, what);
  if (!w.startsWith('"')) fail(`expected a "string" (${what})`);
  return JSON.parse(w) as string;
};

export function stateFromSExp(s: SExp[]): StateArray {
  const lo = s[4];
  return {
    name: word(s[1], 'state'),
    rows: count(s[2], 'state rows'),
    cols: count(s[3], 'state cols'),
    ...(lo !== undefined ? { lo: word(list(lo, 'state lo')[1], 'state lo') } : {}),
  };
}

function step(s: SExp): Step {
  const f = list(s, 'step');
  if (f[0] !== 'step') fail(`expected (step ...), got (${String(f[0])} ...)`);
  const st: Partial<Step> & { name: string; n: number } = {
    name: word(f[1], 'step name'),
    n: count(f[2], 'step n'),
  };
  for (const item of f.slice(3)) {
    const i = list(item, 'step item');
    switch (i[0]) {
      case 'evals':
        st.evals = count(i[1], 'evals');
        break;
      case 'count':
        st.count = exprFromSExp(i[1] ?? fail('count without expression'));
        break;
      case 'guard':
        st.guard = word(i[1], 'guard');
        break;
      case 'counts-evals':
        st.countsEvals = true;
        break;
      case 'decides':
        st.decides = word(i[1], 'decides');
        break;
      case 'force':
        if (i[1] !== 'team') fail(`(force team), not (force ${String(i[1])})`);
        st.force = 'team';
        break;
      case 'program':
        st.prog = programFromSExp(i);
        break;
      case 'with-track':
        st.withTrack = step(i[1] ?? fail('(with-track STEP)'));
        break;
      default:
        fail(`unknown step item (${String(i[0])} ...)`);
    }
  }
  const { evals, prog } = st;
  if (evals === undefined) return fail(`step ${st.name} without (evals E)`);
  if (!prog) return fail(`step ${st.name} without its (program ...)`);
  return { ...st, evals, prog };
}

/**
 * `(let NAME EXPR)`: a generation-level let (before the pass store-lets). `lets`: the types of
 * the lets read so far, which its body may use (@g.n of an integer let is an integer).
 */
function letStmt(f: SExp[], lets: Map<string, Ty>): LetStmt {
  const name = word(f[1], 'let name');
  const body = exprFromSExp(f[2] ?? fail('let without body'), lets);
  lets.set(name, body.t);
  return { k: 'let', name, body };
}

function gen(s: SExp, lets: Map<string, Ty>): GenStmt {
  const f = list(s, 'generation statement');
  switch (f[0]) {
    case 'step':
      return { k: 'step', step: step(f) };
    case 'if': {
      const then = list(f[2], 'then');
      const els = list(f[3], 'else');
      if (then[0] !== 'then' || els[0] !== 'else') fail('(if COND (then ...) (else ...))');
      return {
        k: 'if',
        cond: exprFromSExp(f[1] ?? fail('if without condition')),
        then: then.slice(1).map((x) => gen(x, lets)),
        else: els.slice(1).map((x) => gen(x, lets)),
      };
    }
    case 'repeat': {
      // (repeat COUNT [(index K)] STMT...): an indexed repeat's iteration is $hK.
      const ix = Array.isArray(f[2]) && f[2][0] === 'index' ? f[2] : undefined;
      const index = ix ? Number(word(ix[1], 'repeat index')) : undefined;
      if (index !== undefined && !Number.isInteger(index)) fail('(index K): K an integer');
      return {
        k: 'repeat',
        count: exprFromSExp(f[1] ?? fail('repeat without count')),
        body: f.slice(ix ? 3 : 2).map((x) => gen(x, lets)),
        ...(index === undefined ? {} : { index }),
      };
    }
    case 'let':
      return letStmt(f, lets);
    case 'while':
      return whileStmt(f, lets);
    case 'select':
      return select(f);
  }
  return fail(`unknown generation statement (${String(f[0])} ...)`);
}

/** `(while COUNT (cond STEP) GEN...)`. */
function whileStmt(f: SExp[], lets: Map<string, Ty>): GenStmt {
  const c = list(f[2], 'while condition');
  if (c[0] !== 'cond' || c.length !== 2) fail('(while COUNT (cond STEP) GEN...)');
  return {
    k: 'while',
    count: exprFromSExp(f[1] ?? fail('while without count')),
    cond: step(c[1]!),
    body: f.slice(3).map((x) => gen(x, lets)),
  };
}

const SELECT_OPS: readonly string[] = ['best', 'best-into', 'sort'] satisfies SelectStmt['op'][];

function select(f: SExp[]): SelectStmt {
  const op = word(f[1], 'select op');
  if (!SELECT_OPS.includes(op)) fail(`(select best|best-into|sort ...), not (select ${op} ...)`);
  const s: SelectStmt = {
    k: 'select',
    op: op as SelectStmt['op'],
    target: word(f[2], 'select target'),
    from: [],
    ranks: [],
    attached: [],
  };
  for (const item of f.slice(3)) {
    const i = list(item, 'select item');
    const names = () => i.slice(1).map((x) => word(x, `select ${String(i[0])}`));
    switch (i[0]) {
      case 'from':
        s.from = names();
        break;
      case 'ranks':
        s.ranks = names();
        break;
      case 'attached':
        s.attached = names();
        break;
      case 'guard':
        s.guard = word(i[1], 'select guard');
        break;
      case 'entrant':
        s.entrant = funcFromSExp(list(i[1], '(entrant (func ...))'));
        break;
      default:
        fail(`unknown select item (${String(i[0])} ...)`);
    }
  }
  return s;
}

export function parseAlgo(text: string): AlgoProgram {
  const s = list(readSExp(text), 'algorithm');
  if (s[0] !== 'algorithm') fail('expected (algorithm ...)');
  const a: Partial<AlgoProgram> & Pick<AlgoProgram, 'params' | 'state' | 'populations'> = {
    name: word(s[1], 'algorithm name'),
    params: [],
    state: [],
    populations: [],
    hostLets: [],
    init: [],
    generation: [],
    readsProgress: false,
  };
  const populations: Population[] = a.populations;
  for (const item of s.slice(2)) {
    const i = list(item, 'algorithm item');
    switch (i[0]) {
      case 'dim':
        a.dim = count(i[1], 'dim');
        break;
      case 'offset':
        a.offset = number(i[1], 'offset');
        break;
      case 'reads-progress':
        a.readsProgress = true;
        break;
      case 'range':
        a.range = true;
        break;
      case 'full-fitness':
        a.fullFitness = string(i[1], 'full-fitness');
        break;
      case 'range-refused':
        a.rangeRefused = string(i[1], 'range-refused');
        break;
      case 'param': {
        const v = word(i[2], 'param value');
        a.params.push({
          name: word(i[1], 'param name'),
          value: v.startsWith('"') ? (JSON.parse(v) as string) : number(v, 'param value'),
        });
        break;
      }
      case 'state':
        a.state.push(stateFromSExp(i));
        break;
      case 'population':
        populations.push({
          name: word(i[1], 'population'),
          fit: word(i[2], 'population fit'),
          rows: count(i[3], 'population rows'),
        });
        break;
      case 'best':
        a.best = { point: word(i[1], 'best point'), fit: word(i[2], 'best fit') };
        break;
      case 'trace':
        a.trace = { name: word(i[1], 'trace'), rows: count(i[2], 'trace rows') };
        break;
      case 'host-let':
        a.hostLets?.push({
          name: word(i[1], 'host-let name'),
          slot: count(i[2], 'host-let slot'),
          body: exprFromSExp(i[3] ?? fail('host-let without body')),
        });
        break;
      case 'problem':
        a.problem = programFromSExp(i[1] ?? fail('(problem (program ...))'));
        break;
      case 'init':
        a.init = i.slice(1).map(step);
        break;
      case 'generation': {
        const lets = new Map<string, Ty>();
        a.generation = i.slice(1).map((x) => gen(x, lets));
        break;
      }
      case 'track':
        a.track = step(i[1] ?? fail('(track STEP)'));
        break;
      default:
        fail(`unknown algorithm item (${String(i[0])} ...)`);
    }
  }
  const { dim, offset, problem, track, best, trace, init, generation, hostLets, readsProgress } = a;
  if (dim === undefined) return fail('no (dim D)');
  if (offset === undefined) return fail('no (offset V)');
  if (!problem) return fail('no (problem (program ...))');
  if (!track) return fail('no (track STEP)');
  if (!best) return fail('no (best POINT FIT)');
  if (!trace) return fail('no (trace NAME ROWS)');
  if (!init || !generation || !hostLets || readsProgress === undefined)
    return fail('internal defaults missing');
  return {
    ...a,
    name: a.name ?? fail('no name'),
    dim,
    offset,
    problem,
    track,
    best,
    trace,
    init,
    generation,
    hostLets,
    readsProgress,
  };
}
