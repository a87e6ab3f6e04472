// The explicit fused multiply-adds (src/codegen/wgsl-fma.ts), statements in, text out: which adds
// become fmas, how subtraction and negation map onto fma's operands, which lets are seen through,
// and which quotients are kept opaque.

import { describe, expect, it } from 'vitest';
import {
  assign,
  bin,
  call,
  f32,
  fdiv,
  fmul,
  i32,
  id,
  ifS,
  index,
  letS,
  member,
  paren,
  printStmts,
  u32,
  varS,
  type Expr,
  type Stmt,
} from '../../src/codegen/wgsl-ast.js';
import { fuseMulAdds } from '../../src/codegen/wgsl-fma.js';

const fuse = (...body: Stmt[]) => printStmts(fuseMulAdds(body), 0);
const neg = (a: Expr): Expr => paren({ k: 'un', op: '-', a });
const out = (e: Expr) => assign(id('y'), e);

describe('fuseMulAdds', () => {
  it('fuses a product with the add it feeds, the right operand first (a running sum)', () => {
    expect(fuse(out(bin(id('acc'), '+', paren(fmul(id('a'), id('b'))))))).toEqual([
      'y = fma(a, b, acc);',
    ]);
    expect(fuse(out(bin(paren(fmul(id('a'), id('b'))), '+', id('c'))))).toEqual([
      'y = fma(a, b, c);',
    ]);
    // Both operands products: the right one is fused, the left stays a product in the addend.
    expect(fuse(out(bin(fmul(id('a'), id('b')), '+', fmul(id('c'), id('d')))))).toEqual([
      'y = fma(c, d, a * b);',
    ]);
  });

  it('maps subtraction and negation onto the operands: one rounding, the same value', () => {
    expect(fuse(out(bin(id('c'), '-', fmul(id('a'), id('b')))))).toEqual(['y = fma((-a), b, c);']);
    expect(fuse(out(bin(fmul(id('a'), id('b')), '-', id('c'))))).toEqual(['y = fma(a, b, (-c));']);
    expect(fuse(out(bin(id('c'), '-', neg(fmul(id('a'), id('b'))))))).toEqual([
      'y = fma(a, b, c);',
    ]);
    expect(fuse(out(bin(id('c'), '+', neg(fmul(id('a'), id('b'))))))).toEqual([
      'y = fma((-a), b, c);',
    ]);
  });

  it('leaves unmarked products (integer addresses, vectors) and other operators alone', () => {
    const addr = bin(bin(id('n'), '*', u32(100)), '+', id('j'));
    expect(fuse(out(addr))).toEqual(['y = n * 100u + j;']);
    expect(fuse(out(bin(fmul(id('a'), id('b')), '*', id('c'))))).toEqual(['y = a * b * c;']);
    expect(fuse(out(call('sqrt', fmul(id('a'), id('b')))))).toEqual(['y = sqrt(a * b);']);
  });

  it('sees through a let bound once to a product of stable factors, fused inside as well', () => {
    const body = [
      letS('s', index(id('shf'), u32(0))),
      letS('t', fmul(id('s'), paren(bin(f32(2), '+', fmul(id('s'), member(id('P'), 'k')))))),
      out(bin(id('c'), '+', id('t'))),
    ];
    expect(fuse(...body)).toEqual([
      'let s = shf[0u];',
      'let t = s * (fma(s, P.k, 2.0f));',
      'y = fma(s, (fma(s, P.k, 2.0f)), c);',
    ]);
  });

  it('does not see through a let whose factors could change (a read, a variable, a draw)', () => {
    for (const factor of [
      index(id('X'), i32(3)),
      id('v'),
      call('opt_draw_u', u32(1), u32(0), u32(0)),
    ]) {
      const body = [
        varS('v', 'f32', f32(1)),
        letS('t', fmul(factor, id('a'))),
        assign(id('v'), f32(2)),
        out(bin(id('c'), '+', id('t'))),
      ];
      expect(fuse(...body).at(-1)).toBe('y = c + t;');
    }
  });

  it('does not see through a name declared twice (two scopes)', () => {
    const body = [
      letS('s', f32(1)),
      ifS(id('q'), [letS('t', fmul(id('s'), id('s')))]),
      ifS(id('r'), [letS('t', f32(3)), out(bin(id('c'), '+', id('t')))]),
    ];
    expect(fuse(...body).at(-2)).toBe('  y = c + t;');
  });

  it('keeps a quotient an add reads opaque, directly or through its let', () => {
    expect(fuse(out(bin(fdiv(id('a'), f32(100)), '+', f32(100))))).toEqual([
      'y = opt_keep(a / 100.0f) + 100.0f;',
    ]);
    const body = [letS('h', fdiv(id('a'), f32(10))), out(bin(id('g'), '+', id('h')))];
    expect(fuse(...body).at(-1)).toBe('y = g + opt_keep(h);');
    // A quotient as a product's factor or an fma's addend cannot be contracted: left as it is.
    expect(fuse(out(bin(id('c'), '+', fmul(fdiv(id('a'), f32(4)), id('b')))))).toEqual([
      'y = fma(a / 4.0f, b, c);',
    ]);
  });
});
