// The printed form of the algorithm IR (an AlgoProgram, src/ir/step.ts): S-expressions in the
// problem IR's syntax (print.ts), the step programs printed by printProgram inside their step.
// algo-parse.ts reads it back; docs/ir.md describes it.
//
//   (algorithm NAME (dim D) (offset V) [(reads-progress)] [(range)]
//              [(full-fitness "why")] [(range-refused "why")]
//     (param NAME VALUE)...                VALUE a number, or a "string"
//     (state NAME ROWS COLS [(lo NAME)])...
//     (population NAME FIT ROWS)...
//     (best POINT FIT) (trace NAME ROWS)
//     (host-let NAME SLOT EXPR)...
//     (problem (program ...))
//     (init STEP...)
//     (generation GEN...)                  GEN: STEP | (if EXPR (then GEN...) (else GEN...))
//                                               | (repeat EXPR GEN...) | SELECT
//                                               | (let NAME EXPR)  before store-lets only
//                                               | (while EXPR (cond STEP) GEN...)   (lower only)
//   SELECT: (select best|best-into|sort X [(from P...)] [(ranks A...)] [(attached A...)]
//             [(guard A)] [(entrant (func ...))])     (passes/algo-select.ts lowers it)
//     (track STEP))
//   STEP: (step NAME N (evals E) [(count EXPR)] [(guard A)] [(counts-evals)] [(decides A)]
//           [(force team)] (program ...) [(with-track STEP)])

import type { StateArray } from './ir.js';
import { printExpr, printFunc, printNum, printProgram } from './print.js';
import type { AlgoProgram, GenStmt, LetStmt, SelectStmt, Step, WhileStmt } from './step.js';

const indented = (text: string, indent: string) =>
  text
    .split('\n')
    .map((l) => indent + l)
    .join('\n');

export function printState(a: StateArray): string {
  return `(state ${a.name} ${a.rows} ${a.cols}${a.lo ? ` (lo ${a.lo})` : ''})`;
}

export function printStep(st: Step, indent = ''): string {
  const opts = [
    `(evals ${st.evals})`,
    ...(st.count ? [`(count ${printExpr(st.count)})`] : []),
    ...(st.guard !== undefined ? [`(guard ${st.guard})`] : []),
    ...(st.countsEvals ? ['(counts-evals)'] : []),
    ...(st.decides !== undefined ? [`(decides ${st.decides})`] : []),
    ...(st.force ? [`(force ${st.force})`] : []),
  ];
  const fused = st.withTrack
    ? `\n${indent}  (with-track\n${printStep(st.withTrack, indent + '    ')})`
    : '';
  return `${indent}(step ${st.name} ${st.n} ${opts.join(' ')}\n${indented(printProgram(st.prog), indent + '  ')}${fused})`;
}

/** A generation-level let at its place of definition (before the pass store-lets). */
function printLet(g: LetStmt, indent: string): string {
  return `${indent}(let ${g.name} ${printExpr(g.body)})`;
}

export function printGen(g: GenStmt, indent = ''): string {
  const inner = indent + '  ';
  const block = (ss: GenStmt[]) => ss.map((s) => '\n' + printGen(s, inner + '  ')).join('');
  switch (g.k) {
    case 'step':
      return printStep(g.step, indent);
    case 'if':
      return `${indent}(if ${printExpr(g.cond)}\n${inner}(then${block(g.then)})\n${inner}(else${block(g.else)}))`;
    case 'repeat':
      return `${indent}(repeat ${printExpr(g.count)}${g.index === undefined ? '' : ` (index ${g.index})`}${g.body.map((s) => '\n' + printGen(s, inner)).join('')})`;
    case 'let':
      return printLet(g, indent);
    case 'while':
      return printWhile(g, indent);
    case 'select':
      return printSelect(g, indent);
  }
}

/** `repeat n while c` before the `while` pass: its bound, its condition step, its body. */
function printWhile(g: WhileStmt, indent: string): string {
  const inner = indent + '  ';
  const body = g.body.map((s) => '\n' + printGen(s, inner)).join('');
  return `${indent}(while ${printExpr(g.count)}\n${inner}(cond\n${printStep(g.cond, inner + '  ')})${body})`;
}

function printSelect(s: SelectStmt, indent: string): string {
  const names = (what: string, xs: string[]) => (xs.length ? ` (${what} ${xs.join(' ')})` : '');
  const entrant = s.entrant
    ? `\n${indent}  (entrant\n${printFunc(s.entrant, indent + '    ')})`
    : '';
  const guard = s.guard !== undefined ? ` (guard ${s.guard})` : '';
  return `${indent}(select ${s.op} ${s.target}${names('from', s.from)}${names('ranks', s.ranks)}${names('attached', s.attached)}${guard}${entrant})`;
}

export function printAlgo(a: AlgoProgram): string {
  const head = [
    `(algorithm ${a.name} (dim ${a.dim}) (offset ${printNum(a.offset)})`,
    ...(a.readsProgress ? ['(reads-progress)'] : []),
    ...(a.range ? ['(range)'] : []),
    ...(a.fullFitness !== undefined ? [`(full-fitness ${JSON.stringify(a.fullFitness)})`] : []),
    ...(a.rangeRefused !== undefined ? [`(range-refused ${JSON.stringify(a.rangeRefused)})`] : []),
  ].join(' ');
  const lines = [head];
  for (const p of a.params)
    lines.push(
      `  (param ${p.name} ${typeof p.value === 'number' ? printNum(p.value) : JSON.stringify(p.value)})`,
    );
  for (const s of a.state) lines.push('  ' + printState(s));
  for (const p of a.populations) lines.push(`  (population ${p.name} ${p.fit} ${p.rows})`);
  lines.push(`  (best ${a.best.point} ${a.best.fit}) (trace ${a.trace.name} ${a.trace.rows})`);
  for (const h of a.hostLets) lines.push(`  (host-let ${h.name} ${h.slot} ${printExpr(h.body)})`);
  lines.push(`  (problem\n${indented(printProgram(a.problem), '    ')})`);
  const list = (what: string, items: string[]) =>
    `  (${what}${items.map((s) => '\n' + s).join('')})`;
  lines.push(
    list(
      'init',
      a.init.map((st) => printStep(st, '    ')),
    ),
  );
  lines.push(
    list(
      'generation',
      a.generation.map((g) => printGen(g, '    ')),
    ),
  );
  lines.push(`  (track\n${printStep(a.track, '    ')})`);
  return lines.join('\n') + ')';
}
