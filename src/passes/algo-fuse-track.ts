// Algorithm pass `fuse-track`: the track fused into the steps that open a generation (the
// rewrite itself is passes/fuse-track.ts), where that saves a kernel. Each such step gains
// `withTrack`, the fused step, which the run loop takes when the previous generation's track is
// still to be made. The track is fused into steps of the team regime (one kernel a generation): a
// split step (large D) gains nothing from it, and its writes kernel would read the best point
// while rows are being replaced in place.

import { mapSteps, type AlgoProgram, type Step } from '../ir/step.js';
import type { AlgoPassContext } from './algo-pass.js';
import { regimeOf } from './algo-regime.js';
import { FUSE_TRACK_MAX_N, FUSE_TRACK_ROWS_PER_LANE, firstSteps, fuseTrack } from './fuse-track.js';

export function algoFuseTrack(
  a: AlgoProgram,
  ctx: Pick<AlgoPassContext, 'schedule' | 'fuseTrack'>,
): AlgoProgram {
  if (!ctx.fuseTrack) return a;
  const fused = new Map<Step, Step>();
  for (const st of firstSteps(a.generation)) {
    const r = ctx.schedule(st).schedule.regime;
    // The fused step takes the argmin of the populations' fitness: each team, or once for the
    // workgroup where it has several individuals (codegen/wgsl-team.ts, reduceStage). With few
    // lanes and many individuals that loop costs more than the track's own kernel (D = 2, NP =
    // 250, each team's: 21 us a generation fused, on an H200).
    const rows = Math.max(...a.populations.map((p) => p.rows));
    const lanes = r.k !== 'team' ? 1 : r.wg > r.team ? r.wg : r.team;
    // A counted step (each i in X[:n]) may run no individual, and individual 0 writes the track.
    // A step of one individual (a stored let: PSO's global best at N = 4,096) is one team
    // either way: fused, the track's argmin is that team's work instead of another kernel's.
    if (
      !st.count &&
      r.k === 'team' &&
      (st.n === 1 ||
        (rows <= FUSE_TRACK_MAX_N && Math.ceil(rows / lanes) <= FUSE_TRACK_ROWS_PER_LANE))
    ) {
      // The fused step takes the regime pass's choice too.
      const f = regimeOf(fuseTrack(st, a.track), ctx);
      if (ctx.schedule(f).schedule.regime.k === 'team') fused.set(st, f);
    }
  }
  if (!fused.size) return a;
  return mapSteps(a, (st) => {
    const f = fused.get(st);
    return f ? { ...st, withTrack: f } : st;
  });
}
