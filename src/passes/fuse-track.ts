// Fusing the track step into the first step of the next generation, so that a DE generation is
// one kernel. The track records the best of the population as the generation left it; the first
// step of the next generation reads exactly that state, so it can compute the same bindings
// (every team does: an argmin over N stored fitness values, cheap for the populations this is used
// for) and let individual 0 write the best point, its fitness and the trace row of the previous
// generation. The run loop then tracks the last generation of a batch with the track step itself.

import { bin, int, mapChildren, type Binding, type IExpr, type IrFunc } from '../ir/ir.js';
import { unlowered, type GenStmt, type Step } from '../ir/step.js';

/** Above this many individuals the per-team argmin of the fused track costs more than a dispatch. */
export const FUSE_TRACK_MAX_N = 1024;
/** Nor when a lane of the team would read more than this many fitness values for it. */
export const FUSE_TRACK_ROWS_PER_LANE = 8;

/** The steps that can open a generation (the first of each branch of the host conditions and loops). */
export function firstSteps(g: GenStmt[]): Step[] {
  const s = g[0];
  if (!s) return [];
  if (s.k === 'step') return [s.step];
  if (s.k === 'let') return firstSteps(g.slice(1)); // (before store-lets only)
  // A repeat opens with its body's first step, or (run 0 times) with what follows it.
  if (s.k === 'repeat')
    return [...new Set([...firstSteps([...s.body, ...g.slice(1)]), ...firstSteps(g.slice(1))])];
  if (s.k === 'while' || s.k === 'select') return unlowered(s);
  const a = s.then.length ? firstSteps(s.then) : firstSteps(g.slice(1));
  const b = s.else.length ? firstSteps(s.else) : firstSteps(g.slice(1));
  return [...new Set([...a, ...b])];
}

export function fuseTrack(step: Step, track: Step): Step {
  const f = step.prog.main;
  const t = track.prog.main;
  if (!f.domain) throw new Error(`internal: step ${step.name} has no domain`);
  const me: IExpr = { k: 'idx', t: 'i', name: f.domain.idx };
  const names = new Map<string, string>();
  const rename = (e: IExpr): IExpr => {
    const renamed = e.k === 'sref' ? names.get(e.name) : undefined;
    if (e.k === 'sref' && renamed !== undefined) return { ...e, name: renamed };
    return mapChildren(e, rename);
  };
  const taken = new Set(f.bindings.map((b) => b.name));
  const bindings: Binding[] = [...f.bindings];
  for (const b of t.bindings) {
    let n = `track.${b.name}`;
    while (taken.has(n)) n += '_';
    taken.add(n);
    names.set(b.name, n);
    bindings.push({ ...b, name: n, body: rename(b.body) } as Binding);
  }
  // Individual 0 writes the track's rows; everyone else writes row -1, which is dropped.
  const only0 = (row: IExpr): IExpr => ({
    k: 'sel',
    t: 'i',
    c: bin('==', me, int(0)),
    a: rename(row),
    b: int(-1),
  });
  const writes = [
    ...(f.writes ?? []),
    ...(t.writes ?? []).map((w) => ({ ...w, row: only0(w.row), body: rename(w.body) })),
  ];
  const main: IrFunc = { ...f, bindings, writes };
  return {
    name: `${step.name}+track`,
    n: step.n,
    evals: step.evals,
    prog: { ...step.prog, name: `${step.prog.name}+track`, main },
  };
}
