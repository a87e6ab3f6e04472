// The canonical reduction loop (src/schedule/canonical.ts; docs/architecture.md, "The canonical
// rounding order"): the loop a team or a split workgroup runs over a reduce stage's elements so
// that every order-dependent accumulator (a float sum, product, minimum or maximum) adds its terms
// in the order D fixes, whatever the team size T: lane t computes the lane-partials l = t + i T
// (i < V) itself, each over its k-blocks (their adjacent-pairs tree as they complete), then the
// strided tree's levels inside the lane; the caller's treeReduce over the team does the rest.
// Order-free accumulators (argmin, counts, integer sums) accumulate across all of it.

import { orderFreeReduction } from '../schedule/schedule.js';
import { virtualLanes, type CanonicalOrder } from '../schedule/canonical.js';
import {
  add,
  assign,
  bin,
  block,
  call,
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
  wty,
  type Acc,
  type Emitter,
} from './wgsl-emit.js';

/** The accumulators whose value depends on the order of their terms. */
export const orderDependent = (accs: Acc[]) => accs.filter((a) => !orderFreeReduction(a.red));

export interface CanonicalLoop {
  order: CanonicalOrder;
  /** Lanes computing the reduction for one individual (a team; a split workgroup). */
  team: number;
  /** The lane's index within them (u32). */
  lane: Expr;
  /** The element range (i32): the union of the accumulators' ranges. */
  lo: Expr;
  hi: Expr;
  /**
   * Split regime: the workgroup's blocks, the aligned run [first, first + count) (first a u32
   * expression), and where each lane-partial's values go (`vl`: its index, i32): there is no
   * tree inside the lane, the combine does it.
   */
  split?: { first: Expr; count: number; store: (vl: Expr) => void };
  /** The accumulators (declared by the caller). */
  accs: Acc[];
  /**
   * Emits unit `q`'s elements (i32 expression) inside the statement `loop` (its body: where the
   * unit's vec4 loads go).
   */
  unit: (q: Expr, loop: { body: Stmt[] }) => void;
}

/** i32 units of an element bound: floor(lo / U) and ceil(hi / U) (constant where the bound is). */
function unitBound(e: Expr, U: number, up: boolean): Expr {
  if (U === 1) return e;
  if (e.k === 'lit' && (e.ty === 'i32' || e.ty === 'int'))
    return i32(up ? Math.ceil(e.v / U) : Math.floor(e.v / U));
  return up ? bin(paren(add(e, i32(U - 1))), '/', i32(U)) : bin(paren(e), '/', i32(U));
}

/**
 * The first unit from `ulo` congruent to `p` modulo `mod` (a power of two): ulo + ((p - ulo) &
 * (mod - 1)), the residue taken in two's complement.
 */
function firstUnit(ulo: Expr, p: Expr, mod: number): Expr {
  if (mod === 1) return ulo;
  if (ulo.k === 'lit' && ulo.v === 0) return p;
  return add(ulo, paren(bin(paren(bin(p, '-', ulo)), '&', i32(mod - 1))));
}

const tag = (a: Acc) => a.out.replace(/\W/g, '_');
const ty = (a: Acc) => wty(a.red.t);

/**
 * The adjacent-pairs tree of a run of leaves, computed as they come (codegen's side of
 * schedule/canonical.ts, "k-blocks"): `lv_X[j]` holds a complete subtree of 2^j leaves while bit j
 * of the count done (`kd`) is set. `merge(v)` adds the leaf in `v_X` (a var per accumulator);
 * `result()` leaves in v_X the tree of the `kd` leaves done, the leaves after them the identity:
 * the right fold of the complete subtrees, from the smallest.
 */
export class LeafTree {
  constructor(
    private readonly em: Emitter,
    private readonly accs: Acc[],
    private readonly levels: number,
    private readonly suffix = '',
  ) {}
  lv = (a: Acc) => id(`lv_${tag(a)}${this.suffix}`);
  v = (a: Acc) => id(`v_${tag(a)}${this.suffix}`);
  kd = () => id(`kd${this.suffix}`);
  declare() {
    for (const a of this.accs)
      this.em.add(varS(this.lv(a).name, `array<${ty(a)}, ${this.levels + 1}>`));
    this.em.add(varS(this.kd().name, 'u32', u32(0)));
  }
  /** Adds leaf v_X (set by the caller) to the tree. */
  merge() {
    const { em, accs } = this;
    const [j, t] = [`kj${this.suffix}`, `kt${this.suffix}`];
    em.add(varS(j, 'u32', u32(0)), varS(t, 'u32', this.kd()));
    const body: Stmt[] = [
      ifS(bin(paren(bin(id(t), '&', u32(1))), '==', u32(0)), [{ k: 'break' }], true),
      ...accs.map((a) => assign(this.v(a), combine(a.red.op, index(this.lv(a), id(j)), this.v(a)))),
      assign(id(j), u32(1), '+='),
      assign(id(t), u32(1), '>>='),
    ];
    em.add({ k: 'loop', body });
    for (const a of accs) em.add(assign(index(this.lv(a), id(j)), this.v(a)));
    em.add(assign(this.kd(), u32(1), '+='));
  }
  /** v_X = the tree of the leaves done (the identity where none was). */
  result() {
    const { em, accs } = this;
    for (const a of accs) em.add(assign(this.v(a), accIdentity(a)));
    const first = `kf${this.suffix}`;
    em.add(varS(first, 'bool', { k: 'lit', ty: 'bool', v: true }));
    const j = `kr${this.suffix}`;
    em.open(countedFor(j, 'u32', u32(0), u32(this.levels + 1)));
    em.open(ifS(bin(paren(bin(paren(bin(this.kd(), '>>', id(j))), '&', u32(1))), '==', u32(1))));
    for (const a of accs)
      em.add(
        assign(
          this.v(a),
          call(
            'select',
            combine(a.red.op, index(this.lv(a), id(j)), this.v(a)),
            index(this.lv(a), id(j)),
            id(first),
          ),
        ),
      );
    em.add(assign(id(first), { k: 'lit', ty: 'bool', v: false }));
    em.close();
    em.close();
  }
}

/**
 * Emits the loop: afterwards each order-dependent accumulator holds the lane's value at the level
 * of the strided tree where the team's tree (treeReduce over `team` lanes) takes over; in the split
 * regime each lane-partial's value over the workgroup's blocks has gone to `split.store`. Returns
 * the lanes that hold values, min(team, W): the rest hold the identity (treeReduce's `live`).
 */
export function canonicalLoop(em: Emitter, o: CanonicalLoop): number {
  const { order, team } = o;
  const { U, W, K, M } = order;
  const V = virtualLanes(order, team);
  const dep = orderDependent(o.accs);
  const ulo = unitBound(o.lo, U, false);
  const uhi = unitBound(o.hi, U, true);
  const split = o.split;
  // A block: the loop's names are its own (a kernel may run several reduce stages).
  em.open(block());
  // The lane-partials' values, one per virtual lane (V > 1), for the tree inside the lane.
  if (V > 1 && !split) for (const a of dep) em.add(varS(`cv_${tag(a)}`, `array<${ty(a)}, ${V}>`));
  if (V > 1) em.open(countedFor('vi', 'u32', u32(0), u32(V)));
  const vl = V > 1 ? add(o.lane, mul(id('vi'), u32(team))) : o.lane;
  em.add(letS('vl', call('i32', vl)));
  // Lanes past the W lane-partials hold the identity (T > W).
  const idle = team > W;
  if (idle) em.open(ifS(bin(id('vl'), '<', i32(W))));
  // A split lane stores each lane-partial: every accumulator restarts (the order-free ones too,
  // or the combine would count them twice); in a team only the order-dependent ones do.
  if (V > 1) for (const a of split ? o.accs : dep) em.add(assign(accName(a.out), accIdentity(a)));
  if (K === 1) {
    if (split && split.count !== 1)
      throw new Error('internal: wgsl: a canonical order of one block split over workgroups');
    const loop = em.open(countedFor('q', 'i32', firstUnit(ulo, id('vl'), W), uhi, i32(W)));
    o.unit(id('q'), loop);
    em.close();
  } else {
    // Blocks: each one's partial (units kb W M + m W + vl, m < M, in order), then the
    // adjacent-pairs tree of those done.
    const count = split?.count ?? K;
    const tree = new LeafTree(em, dep, Math.log2(count));
    tree.declare();
    const first = split ? call('i32', split.first) : i32(0);
    // Blocks past the last that holds units are the identity: the loop stops there.
    em.open(countedFor('kb', 'i32', first, call('min', add(first, i32(count)), i32(order.blocks))));
    for (const a of dep) em.add(assign(accName(a.out), accIdentity(a)));
    const base = add(mul(id('kb'), i32(W * M)), id('vl'));
    if (M > 1) em.open(countedFor('km', 'i32', i32(0), i32(M)));
    em.add(letS('q', M > 1 ? add(base, mul(id('km'), i32(W))) : base));
    const unit = em.open(ifS(bin(bin(id('q'), '>=', ulo), '&&', bin(id('q'), '<', uhi))));
    o.unit(id('q'), unit);
    em.close();
    if (M > 1) em.close();
    for (const a of dep) em.add(varS(tree.v(a).name, ty(a), accName(a.out)));
    tree.merge();
    em.close();
    for (const a of dep) em.add(varS(tree.v(a).name, ty(a)));
    tree.result();
    for (const a of dep) em.add(assign(accName(a.out), tree.v(a)));
  }
  if (split) split.store(id('vl'));
  if (idle) em.close();
  if (V > 1) {
    if (!split)
      for (const a of dep) em.add(assign(index(id(`cv_${tag(a)}`), id('vi')), accName(a.out)));
    em.close();
  }
  if (V > 1 && !split) inLaneTree(em, dep, V);
  em.close();
  return Math.min(team, W);
}

/**
 * The strided tree's levels inside a lane over its V virtual lanes' values `cv_X` (virtual lanes
 * i and i + off: lane-partials t + i T and t + (i + off) T), left in each accumulator.
 */
export function inLaneTree(em: Emitter, dep: Acc[], V: number): void {
  for (let off = V / 2; off >= 1; off /= 2)
    for (let i = 0; i < off; i++)
      for (const a of dep) {
        const cv = (k: number) => index(id(`cv_${tag(a)}`), u32(k));
        em.add(assign(cv(i), combine(a.red.op, cv(i), cv(i + off))));
      }
  for (const a of dep) em.add(assign(accName(a.out), index(id(`cv_${tag(a)}`), u32(0))));
}

/** Emits unit q's U elements, each through `element` (its i32 index). */
export function unitElements(U: number, q: Expr, element: (e: Expr, c: number) => void): void {
  for (let c = 0; c < U; c++) element(U === 1 ? q : add(mul(q, i32(U)), i32(c)), c);
}
