// Scans in the canonical rounding order (src/schedule/canonical-scan.ts; docs/architecture.md,
// "The canonical rounding order", "Scans"), shared by the team regime (a team of T lanes over the
// whole scan) and the split regime (a workgroup over the tiles of one chunk): the same float32
// bits for every T, chunk and regime.

import { orderFreeReduction } from '../schedule/schedule.js';
import { scanOrder } from '../schedule/canonical-scan.js';
import {
  add,
  assign,
  barrier,
  bin,
  block,
  call,
  f32,
  i32,
  id,
  ifS,
  index,
  letS,
  mul,
  paren,
  u32,
  varS,
  type Expr,
  type Stmt,
} from './wgsl-ast.js';
import {
  accIdentity,
  accName,
  combine,
  countedFor,
  endLanes,
  sname,
  treeReduce,
  wty,
  type Acc,
  type Emitter,
} from './wgsl-emit.js';

/** Padding of the scan staging array: one extra slot every 32 avoids bank conflicts on lane*K strides. */
const pad = (e: Expr) => paren(bin(paren(e), '+', paren(bin(paren(e), '>>', u32(5)))));
const padded = (n: number) => n + Math.ceil(n / 32) + 1;

/**
 * A reduction fused into a scan that keeps the canonical order (a float sum, product or
 * probabilistic or); the others (argmin, argmax, counts, integer sums, minima and maxima, float
 * minima and maxima) give the same result in any order.
 */
export function canonicalAcc(a: Acc): boolean {
  return !orderFreeReduction(a.red) && !(a.red.op === 'min' || a.red.op === 'max');
}

/**
 * Floats of staging memory (shs) a kernel of `wg` lanes in teams of `T` needs for a scan of `n`
 * elements: a team's tile when each lane holds at most one segment position (the tile is loaded
 * coalesced, then each lane reads its segment); none otherwise (the terms are computed twice).
 */
export function scanStagingFloats(n: number, T: number, wg: number): number {
  const { W, tile } = scanOrder(n);
  return W <= T ? padded((wg / T) * tile) : 0;
}

/** Float slots a lane (shf, stride wg) a scan takes: the two buffers of the scan over the positions. */
export const SCAN_FLOAT_SLOTS = 2;

export interface CanonicalScan {
  /** The scan's length (its canonical order: scanOrder). */
  n: number;
  /** Lanes that scan it (a team, or the split regime's workgroup) and the workgroup's size. */
  T: number;
  wg: number;
  /** The lane in the team (u32), and its team in the workgroup (u32). */
  lane: Expr;
  teamSeg: Expr;
  /** The first element (i32, a tile boundary) and the end of the range (i32). */
  start: Expr;
  end: Expr;
  /** The most tiles in [start, end) (the depth of the tree over the tiles). */
  tiles: number;
  exclusive: boolean;
  /** The scan's index (the IR name the term reads). */
  idx: string;
  /** The carry of the tiles before `start`. */
  carryIn?: Expr;
  /** The reductions fused into the scan (accumulated by `consume`): already declared. */
  accs: Acc[];
  /** Rescan each tile (the scan values, for `consume`); without it only the tiles' totals. */
  rescan: boolean;
  /** Called with each tile's total (tl: the tile's index from start, u32), in every lane. */
  tileTotal?: (tl: Expr, total: Expr) => void;
}

/**
 * The canonical scan over [start, end): `produce(iv)` emits element iv's term (the caller binds
 * the index) and returns it; `consume(iv, sv)` gets the scan value sv (a name) of element iv < end
 * and accumulates the fused reductions. After it, the canonical reductions of `accs` hold their
 * total in every lane (acc_X); the others hold the lane's partials (scanReduce combines them).
 */
export function canonicalScan(
  em: Emitter,
  o: CanonicalScan,
  produce: (iv: string) => Expr,
  consume: (iv: string, sv: string) => void,
): void {
  const { K, W, tile } = scanOrder(o.n);
  const { T, wg, lane } = o;
  const R = Math.max(1, W / T); // positions a lane: s = lane R + i, i < R
  const A = Math.min(T, W); // lanes that hold positions
  const staged = R === 1;
  const canon = o.rescan ? o.accs.filter(canonicalAcc) : [];
  const levels = Math.ceil(Math.log2(Math.max(1, o.tiles))); // of the tree over the tiles
  const lid = id('lid');
  const tb = mul(paren(o.teamSeg), u32(T)); // the team's first lane in shf
  const sh = (slot: Expr, at: Expr) => index(id('shf'), add(slot, at));
  const buf = (p: number) => u32(p * wg);
  const stage = (at: Expr) => index(id('shs'), pad(add(mul(paren(o.teamSeg), u32(tile)), at)));
  const stack = (a: Acc, l: number) => id(`${accName(a.out).name}_t${l}`);
  const active = (body: Stmt[]): Stmt[] => (T > W ? [ifS(bin(lane, '<', u32(W)), body)] : body);
  /** Element k of segment position s (u32) of the tile: i32. */
  const elem = (s: Expr, k: Expr) => add(id('base'), call('i32', add(mul(paren(s), u32(K)), k)));
  /** The term of element `iv` (a let already bound), 0 past the end. */
  const term = (iv: string, v: string) => {
    em.add(varS(v, 'f32', f32(0)));
    em.open(ifS(bin(id(iv), '<', o.end)));
    em.add(assign(id(v), produce(iv)));
    em.close();
  };

  em.open(block()); // several scans in one kernel each have their own carry
  em.add(varS('carry', 'f32', o.carryIn ?? f32(0)));
  for (const a of canon)
    for (let l = 0; l <= levels; l++) em.add(varS(stack(a, l).name, ty(a), accIdentity(a)));
  em.open(countedFor('base', 'i32', o.start, o.end, i32(tile)));
  em.add(letS('tl', call('u32', bin(paren(bin(id('base'), '-', o.start)), '/', i32(tile)))));

  // 1. The segments' sums (hs: the scan values of the lane's positions lane R + i).
  const hs = (i: Expr | null) => (i ? index(id('hs'), i) : id('hs'));
  const last = R === 1 ? hs(null) : id('lastv');
  /** hs: the segment sums of the lane's R positions, then Sklansky's levels h < R (in the lane). */
  const lanePositions = () => {
    em.add(varS('hs', `array<f32, ${R}>`));
    em.open(countedFor('ri', 'u32', u32(0), u32(R)));
    em.add(letS('rs', add(mul(lane, u32(R)), id('ri'))));
    em.add(varS('ss', 'f32', f32(0)));
    em.open(countedFor('k', 'u32', u32(0), u32(K)));
    em.add(letS('iv', elem(id('rs'), id('k'))));
    term('iv', 'v');
    em.add(assign(id('ss'), bin(id('ss'), '+', id('v'))));
    em.close();
    em.add(assign(hs(id('ri')), id('ss')));
    em.close();
    for (let h = 1; h < R; h *= 2)
      em.add(
        countedFor('ri', 'u32', u32(0), u32(R), undefined, [
          ifS(
            bin(paren(bin(id('ri'), '&', u32(h))), '!=', u32(0)),
            [
              assign(
                hs(id('ri')),
                bin(
                  hs(id('ri')),
                  '+',
                  hs(add(paren(bin(id('ri'), '&', u32(~(2 * h - 1) >>> 0))), u32(h - 1))),
                ),
              ),
            ],
            true,
          ),
        ]),
      );
  };

  if (staged) {
    // The tile, loaded coalesced by the team's lanes (16-byte loads where X is a vec4 array).
    if (em.vec4) {
      const loop = em.open(countedFor('j4', 'u32', lane, u32(tile / 4), u32(T)));
      em.add(letS('q', add(bin(id('base'), '/', i32(4)), call('i32', id('j4')))));
      em.lanes = { names: new Set([o.idx]), k: 0, usedX: false, dv: new Map() };
      for (let c = 0; c < 4; c++) {
        em.lanes.k = c;
        em.add(letS(`iv${c}`, add(mul(id('q'), i32(4)), i32(c))));
        term(`iv${c}`, `v${c}`);
        em.add(assign(stage(add(mul(id('j4'), u32(4)), u32(c))), id(`v${c}`)));
      }
      endLanes(em, loop.body, 1, id('q'));
      em.close();
    } else {
      em.open(countedFor('rj', 'u32', lane, u32(tile), u32(T)));
      em.add(letS('iv', add(id('base'), call('i32', id('rj')))));
      term('iv', 'v');
      em.add(assign(stage(id('rj')), id('v')));
      em.close();
    }
    em.add(barrier());
    em.add(varS('hs', 'f32', f32(0)));
    em.add(
      ...active([
        countedFor(
          'k',
          'u32',
          u32(0),
          u32(K),
          undefined,
          [assign(id('hs'), bin(id('hs'), '+', stage(add(mul(lane, u32(K)), id('k')))))],
          true,
        ),
      ]),
    );
  } else {
    // The lane's positions, computed before the levels across lanes and again for the rescan
    // (an array live across barriers made lavapipe's compiler take a minute and more).
    em.add(varS('lastv', 'f32', f32(0)));
    em.open(block());
    lanePositions();
    em.add(assign(id('lastv'), hs(u32(R - 1))));
    em.close();
  }

  // 2. Sklansky's scan over the W positions: for h = 1, 2, ..., W / 2, a position in the right
  // half of its block of 2h adds the last value of the left half. Levels h < R stay in the lane;
  // the others take one value from another lane (shf, two buffers alternating: one barrier a
  // level), the same for all of the lane's positions.
  let round = 0;
  const cross: { d: number; xl: string }[] = [];
  for (let h = R; h < W; h *= 2) {
    const p = buf(round++ & 1);
    const d = h / R; // in lanes
    em.add(assign(sh(p, lid), last), barrier());
    // The left half's last position: lane (lane & ~(2d - 1)) + d - 1 of the team, its last.
    const from = sh(p, add(tb, paren(bin(lane, '&', u32(~(2 * d - 1) >>> 0))), u32(d - 1)));
    const right = bin(paren(bin(lane, '&', u32(d))), '!=', u32(0));
    if (R === 1) em.add(ifS(right, [assign(id('hs'), bin(id('hs'), '+', from))], true));
    else {
      // Kept for the rescan's positions; the lane's last value takes it now.
      const xl = `xl${cross.length}`;
      cross.push({ d, xl });
      em.add(varS(xl, 'f32', f32(0)));
      em.add(
        ifS(right, [assign(id(xl), from), assign(id('lastv'), bin(id('lastv'), '+', id(xl)))]),
      );
    }
  }

  // 3. The offset of the lane's first position (ex: I_{s-1}, the last value of lane - 1) and the
  // tile's total I_{W-1} (the last value of lane A - 1).
  em.add(varS('ex', 'f32', f32(0)));
  em.add(varS('total', 'f32', last));
  if (A > 1) {
    const p = buf(round++ & 1);
    em.add(assign(sh(p, lid), last), barrier());
    em.add(ifS(bin(lane, '>=', u32(1)), [assign(id('ex'), sh(p, bin(lid, '-', u32(1))))], true));
    em.add(assign(id('total'), sh(p, add(tb, u32(A - 1)))));
  }
  o.tileTotal?.(id('tl'), id('total'));

  // 4. The rescan from carry + I_{s-1}, feeding the consumers.
  if (o.rescan) {
    const segment = (s: Expr, exOf: Expr, body: () => void) => {
      em.add(varS('run', 'f32', id('carry')));
      em.add(ifS(bin(s, '>', u32(0)), [assign(id('run'), bin(id('carry'), '+', exOf))], true));
      for (const a of canon) em.add(assign(accName(a.out), accIdentity(a)));
      em.open(countedFor('k', 'u32', u32(0), u32(K)));
      em.add(letS('iv', elem(s, id('k'))));
      if (staged) em.add(letS('v', stage(add(mul(s, u32(K)), id('k')))));
      else term('iv', 'v');
      em.add(letS('before', id('run')));
      em.add(assign(id('run'), bin(id('run'), '+', id('v'))));
      em.add(letS('sv', id(o.exclusive ? 'before' : 'run')));
      em.open(ifS(bin(id('iv'), '<', o.end)));
      consume('iv', 'sv');
      em.close();
      em.close();
      body();
    };
    if (staged) {
      if (T > W) em.open(ifS(bin(lane, '<', u32(W))));
      segment(lane, id('ex'), () => {});
      if (T > W) em.close();
    } else {
      lanePositions();
      for (const { d, xl } of cross)
        em.add(
          ifS(bin(paren(bin(lane, '&', u32(d))), '!=', u32(0)), [
            countedFor('ri', 'u32', u32(0), u32(R), undefined, [
              assign(hs(id('ri')), bin(hs(id('ri')), '+', id(xl))),
            ]),
          ]),
        );
      for (const a of canon) em.add(varS(`${accName(a.out).name}_p`, `array<${ty(a)}, ${R}>`));
      em.open(countedFor('ri', 'u32', u32(0), u32(R)));
      em.add(
        letS(
          'rx',
          call('select', hs(bin(id('ri'), '-', u32(1))), id('ex'), bin(id('ri'), '==', u32(0))),
        ),
      );
      em.open(block());
      segment(add(mul(lane, u32(R)), id('ri')), id('rx'), () => {
        for (const a of canon)
          em.add(assign(index(id(`${accName(a.out).name}_p`), id('ri')), accName(a.out)));
      });
      em.close();
      em.close();
      // The adjacent-pairs tree's levels within the lane (step < R).
      for (const a of canon) {
        const P = (i: Expr) => index(id(`${accName(a.out).name}_p`), i);
        for (let step = 1; step < R; step *= 2)
          em.add(
            countedFor('ri', 'u32', u32(0), u32(R), u32(2 * step), [
              assign(P(id('ri')), combine(a.red.op, P(id('ri')), P(add(id('ri'), u32(step))))),
            ]),
          );
        em.add(assign(accName(a.out), P(u32(0))));
      }
    }
  }

  // 5. The canonical reductions: this tile's adjacent-pairs tree over the positions (its levels
  // step >= R across the A lanes), pushed onto the pairwise tree over the tiles (a binary counter
  // in every lane).
  if (canon.length) {
    em.add(barrier());
    // Through workgroup memory whenever T > 1, so that every lane gets the tile's value (with one
    // position, lane 0's).
    if (T > 1) {
      for (const a of canon) em.add(assign(sh(u32(a.f * wg), lid), accName(a.out)));
      em.add(barrier());
      for (let step = 1; step < A; step *= 2) {
        em.open(ifS(bin(paren(bin(lane, '%', u32(2 * step))), '==', u32(0))));
        for (const a of canon) {
          const at = sh(u32(a.f * wg), lid);
          em.add(assign(at, combine(a.red.op, at, sh(u32(a.f * wg), add(lid, u32(step))))));
        }
        em.close();
        em.add(barrier());
      }
    }
    for (const a of canon) {
      const r = T > 1 ? sh(u32(a.f * wg), tb) : accName(a.out);
      const cv = id(`${accName(a.out).name}_c`);
      em.add(varS(cv.name, ty(a), r));
      // Leaf tl: merge with the subtrees of the levels whose bits of tl are 1, store at the first 0.
      const push = (l: number): Stmt[] => {
        if (l === levels) return [assign(stack(a, l), cv)];
        return [
          {
            ...ifS(bin(paren(bin(id('tl'), '&', u32(2 ** l))), '==', u32(0)), [
              assign(stack(a, l), cv),
            ]),
            orElse: [assign(cv, combine(a.red.op, stack(a, l), cv)), ...push(l + 1)],
          },
        ];
      };
      em.add(...push(0));
    }
  }
  em.add(barrier());
  em.add(assign(id('carry'), bin(id('carry'), '+', id('total'))));
  em.close(); // the tiles

  // The tree over the m tiles of [start, end), padded with the identity: from the lowest level up.
  if (canon.length) {
    em.add(
      letS(
        'mt',
        call('u32', bin(paren(add(bin(o.end, '-', o.start), i32(tile - 1))), '/', i32(tile))),
      ),
    );
    for (const a of canon) {
      em.add(assign(accName(a.out), accIdentity(a)));
      for (let l = 0; l <= levels; l++)
        em.add(
          ifS(
            bin(paren(bin(id('mt'), '&', u32(2 ** l))), '!=', u32(0)),
            [assign(accName(a.out), combine(a.red.op, stack(a, l), accName(a.out)))],
            true,
          ),
        );
    }
  }
  em.close(); // the block
}

/**
 * The fused reductions' results after canonicalScan (`let s_X`): the canonical ones are in every
 * lane; the others are combined by a tree over the T lanes (any order gives their result).
 */
export function scanReduce(
  em: Emitter,
  accs: Acc[],
  T: number,
  wg: number,
  laneVar: string,
  base: Expr,
): void {
  const rest = accs.filter((a) => !canonicalAcc(a));
  if (rest.length) treeReduce(em, rest, T, wg, laneVar, base);
  for (const a of accs) if (canonicalAcc(a)) em.add(letS(sname(a.out), accName(a.out), ty(a)));
}

const ty = (a: Acc) => wty(a.red.t);
