// Seed 004's combinatorial problems through random keys (stdlib/problems/lolib.opt, etc.opt) on the
// CPU backend, against independent implementations written here from the paper's definitions: the
// LOP value of the permutation that sorts the keys (an explicit sort), and the makespan and
// flowtime of the truncated assignment (explicit per-machine loads and shortest-first finishing
// times). The problems sum integers or float32-exact ETC entries in float64, so the values agree
// to the last bits (relative 1e-12 covers the summation order).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileProblem, OptError } from '../src/api.js';
import { dataRoot } from '../src/ir/datafiles.js';

const numbers = (path: string) => readFileSync(path, 'utf8').trim().split(/\s+/).map(Number);

/** Keys from a fixed LCG, in [0, scale). */
function keys(n: number, seed: number, scale = 1): number[] {
  let s = seed >>> 0;
  return Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s / 4294967296) * scale;
  });
}

const LOLIB = readdirSync(join(dataRoot(), 'lolib')).sort();

function lopValue(C: number[], n: number, x: number[]): number {
  const order = [...x.keys()].sort((a, b) => x[a]! - x[b]! || a - b);
  let f = 0;
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) f += C[order[a]! * n + order[b]!]!;
  return f;
}

// rank, argsort and sort (the language's order functions, lowered to counting reductions) against
// JavaScript's sort, ties included; and the LOP written literally as seed 004's eq. (10) over the
// permutation argsort(x) against the stdlib's pairwise form.
const ORDER = `
problem ranks(x[D]) in [0, 1] { let r = rank(x)
  sum(i) r[i] * D^i }
problem order(x[D]) in [0, 1] { let p = argsort(x)
  sum(a) p[a] * D^a }
problem sorted(x[D]) in [0, 1] { let s = sort(x)
  sum(a) s[a] * 3^a }
data C[D][D] = file("${join(dataRoot(), 'lolib', 'be75eec').replace(/\\/g, '/')}", offset: 1)
problem lop_eq10(x[D]) where D == 50 maximize in [0, 1] { let p = argsort(x)
  sum(a) sum(b in a + 1..D) C[p[a]][p[b]] }
`;

describe('rank, argsort, sort', () => {
  it.each([5, 9])('agree with a stable sort of the keys at D = %i, ties included', (D) => {
    const xs = [keys(D, 3), keys(D, 4).map((v) => Math.round(v * 3) / 3), new Array(D).fill(0.5)];
    const val = (name: string) =>
      compileProblem({ problem: name, dim: D, sources: { 'order.opt': ORDER } }).evaluateCpu(xs);
    const [r, o, s] = [val('ranks'), val('order'), val('sorted')];
    xs.forEach((x, k) => {
      const p = [...x.keys()].sort((a, b) => x[a]! - x[b]! || a - b);
      const rank = new Array<number>(D);
      p.forEach((i, a) => (rank[i] = a));
      expect(r[k]).toBe(rank.reduce((t, v, i) => t + v * D ** i, 0));
      expect(o[k]).toBe(p.reduce((t, v, a) => t + v * D ** a, 0));
      expect(s[k]).toBeCloseTo(
        p.reduce((t, i, a) => t + x[i]! * 3 ** a, 0),
        9,
      );
    });
  });

  it("seed 004's eq. (10) over argsort(x) is the stdlib's pairwise LOP", () => {
    const eq10 = compileProblem({ problem: 'lop_eq10', dim: 50, sources: { 'order.opt': ORDER } });
    const lop = compileProblem({ problem: 'lolib_be75eec', dim: 50 });
    const xs = [keys(50, 11), keys(50, 12), Array.from({ length: 50 }, (_, i) => (i % 5) / 5)];
    expect(eq10.evaluateCpu(xs)).toEqual(lop.evaluateCpu(xs));
  });
});

describe('LOLIB through random keys', () => {
  it('has the 50 instances', () => expect(LOLIB).toHaveLength(50));

  it.each(LOLIB)('%s: the sorted-keys LOP value, maximised; N-LOLIB normalised', (name) => {
    const v = numbers(join(dataRoot(), 'lolib', name));
    const n = v[0]!;
    const C = v.slice(1);
    expect(C).toHaveLength(n * n);
    const p = compileProblem({ problem: `lolib_${name}`, dim: n });
    const q = compileProblem({ problem: `nlolib_${name}`, dim: n });
    expect(p.info.direction).toBe('maximize');
    expect(p.info.optimum).toBeNaN(); // no best-known values ship with the data
    const xs = [keys(n, 1), keys(n, 2), Array.from({ length: n }, (_, i) => i / n)];
    // Ties: equal keys order by index, as a stable sort does.
    xs.push(Array.from({ length: n }, (_, i) => (i % 3) / 3));
    const pv = p.evaluateCpu(xs);
    const qv = q.evaluateCpu(xs);
    // Normalising subtracts sum_{i<j} min(c_ij, c_ji) from every order's value (the diagonal is
    // never counted).
    let shift = 0;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) shift += Math.min(C[i * n + j]!, C[j * n + i]!);
    xs.forEach((x, k) => {
      expect(pv[k]).toBe(lopValue(C, n, x));
      expect(qv[k]).toBe(pv[k]! - shift);
    });
    // The N-LOLIB matrix satisfies section 5.2.1's three conditions.
    const N = q.data(`nlolib_${name}_C`);
    for (let i = 0; i < n; i++) {
      expect(N[i * n + i]).toBe(0);
      for (let j = 0; j < n; j++) {
        expect(Number.isInteger(N[i * n + j])).toBe(true);
        if (i < j) expect(Math.min(N[i * n + j]!, N[j * n + i]!)).toBe(0);
      }
    }
  });

  it('exists only at its n: another D is an error at the where clause', () => {
    try {
      compileProblem({ problem: 'lolib_usa79', dim: 50 });
      throw new Error('expected an error');
    } catch (e) {
      expect(e).toBeInstanceOf(OptError);
      const d = (e as OptError).diagnostics[0]!;
      expect(d.code).toBe(4011);
      expect(d.message).toBe("problem 'lolib_usa79' exists only where D == 79, and D = 50");
      expect(d.loc?.file).toMatch(/lolib\.opt$/);
    }
  });
});

const ETC = [
  ['u_c_hihi', 7358942.8],
  ['u_c_hilo', 152812.2],
  ['u_c_lohi', 238649.0],
  ['u_c_lolo', 5135.7],
  ['u_i_hihi', 2924720.0],
  ['u_i_hilo', 73202.1],
  ['u_i_lohi', 101527.0],
  ['u_i_lolo', 2533.4],
  ['u_s_hihi', 4080153.5],
  ['u_s_hilo', 95553.3],
  ['u_s_lohi', 121000.9],
  ['u_s_lolo', 3419.4],
] as const;

function schedule(E: number[], x: number[]): { makespan: number; flowtime: number } {
  const M = 16;
  // Truncated and clamped to the machines: a key outside the box still assigns its task.
  const machine = x.map((v) => Math.max(0, Math.min(Math.trunc(v), M - 1)));
  let makespan = 0;
  let flowtime = 0;
  for (let k = 0; k < M; k++) {
    // Shortest first on each machine (equal times by task index): the order that minimises the
    // sum of finishing times for this assignment.
    const times = machine
      .map((m, i) => [m, E[i * M + k]!, i] as const)
      .filter(([m]) => m === k)
      .sort((a, b) => a[1] - b[1] || a[2] - b[2]);
    let t = 0;
    for (const [, e] of times) {
      t += e;
      flowtime += t;
    }
    makespan = Math.max(makespan, t);
  }
  return { makespan, flowtime };
}

describe('Braun ETC task scheduling through truncated keys', () => {
  it.each(ETC)(
    '%s: makespan and shortest-first flowtime (best-known makespan %d)',
    (name, best) => {
      const v = numbers(join(dataRoot(), 'etc-braun', `${name}.0`));
      expect(v.slice(0, 3)).toEqual([512, 16, 0]);
      const E = v.slice(3);
      expect(E).toHaveLength(512 * 16);
      const mk = compileProblem({ problem: `etc_makespan_${name}`, dim: 512 });
      const fl = compileProblem({ problem: `etc_flowtime_${name}`, dim: 512 });
      expect(mk.info.optimum).toBe(best);
      expect([mk.info.lo, mk.info.hi]).toEqual([0, 16]);
      // Random assignments, all on one machine, and keys at the box's ends (16 goes to machine 15).
      const xs = [keys(512, 7, 16), keys(512, 8, 16), new Array(512).fill(3.5)];
      xs.push(Array.from({ length: 512 }, (_, i) => (i % 2 ? 16 : 0)));
      // Keys outside the box (DE's trials can be): below it on machine 0, above it on 15; every
      // task on some machine, so no assignment makes a makespan below the best known.
      xs.push(Array.from({ length: 512 }, (_, i) => (i % 3 ? -7.5 - i : 40 + i)));
      const m = mk.evaluateCpu(xs);
      const f = fl.evaluateCpu(xs);
      xs.forEach((x, k) => {
        const s = schedule(E, x);
        expect(Math.abs(m[k]! - s.makespan) / s.makespan).toBeLessThan(1e-12);
        expect(Math.abs(f[k]! - s.flowtime) / s.flowtime).toBeLessThan(1e-12);
        // No assignment beats the best-known makespan.
        expect(m[k]).toBeGreaterThanOrEqual(best);
      });
      // Seed 004's fitness (eq. (15)): lambda makespan + (1 - lambda) flowtime / m, lambda 0.5
      // by default and a parameter (--set lambda=...).
      const check = (lambda: number, set?: Record<string, string>) => {
        const fit = compileProblem({ problem: `etc_${name}`, dim: 512, set });
        fit.evaluateCpu(xs).forEach((v, k) => {
          const want = lambda * m[k]! + ((1 - lambda) * f[k]!) / 16;
          expect(Math.abs(v - want) / want).toBeLessThan(1e-12);
        });
      };
      check(0.5);
      check(0.8, { lambda: '0.8' });
    },
  );

  it('lambda is a parameter in [0, 1]', () => {
    expect(() =>
      compileProblem({ problem: 'etc_u_c_hihi', dim: 512, set: { lambda: '1.5' } }),
    ).toThrow("parameter 'lambda': 1.5 is outside [0, 1]");
  });
});
