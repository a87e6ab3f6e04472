// The WGSL syntax tree's printer: every statement and expression kind, and a module.

import { describe, expect, it } from 'vitest';
import {
  assign,
  barrier,
  bin,
  block,
  call,
  callS,
  f32,
  forS,
  i32,
  id,
  ifS,
  incr,
  index,
  letS,
  paren,
  printExpr,
  printModule,
  printStmts,
  seq,
  u32,
  varS,
  type Stmt,
} from '../../src/codegen/wgsl-ast.js';
import { kernelBinding } from '../../src/codegen/wgsl-bindings.js';

describe('WGSL printer', () => {
  it('prints literals from their typed values', () => {
    expect(printExpr(i32(-3))).toBe('-3i');
    expect(printExpr(u32(7))).toBe('7u');
    expect(printExpr(f32(2))).toBe('2.0f');
    expect(printExpr(f32(Infinity))).toBe('opt_inf()');
    expect(printExpr({ k: 'lit', ty: 'bool', v: true })).toBe('true');
  });

  it('prints expressions with only the parentheses they hold', () => {
    const e = bin(paren(bin(id('a'), '+', i32(1))), '*', index(id('X'), call('u32', id('i'))));
    expect(printExpr(e)).toBe('(a + 1i) * X[u32(i)]');
    expect(printExpr({ k: 'member', a: id('P'), name: 'n' })).toBe('P.n');
    expect(printExpr({ k: 'un', op: '-', a: id('x') })).toBe('-x');
  });

  it('prints statements, nested and on one line', () => {
    const body: Stmt[] = [
      varS('s', 'f32', f32(0)),
      forS(varS('k', 'u32', u32(0)), bin(id('k'), '<', u32(4)), incr(id('k')), [
        ifS(bin(id('k'), '==', u32(1)), [assign(id('s'), bin(id('s'), '+', f32(1)))], true),
        {
          ...ifS(bin(id('k'), '==', u32(2)), [{ k: 'break' }]),
          orElse: [assign(id('s'), f32(2), '+=')],
        },
      ]),
      { k: 'loop', body: [{ k: 'break' }] },
      block([letS('t', id('s'), 'f32', 'why')]),
      seq(letS('a', i32(1)), letS('b', i32(2))),
      barrier('storage'),
      callS('f', id('s')),
      { k: 'comment', text: 'done' },
      { k: 'return' },
    ];
    expect(printStmts(body, 1).join('\n')).toBe(
      [
        '  var s: f32 = 0.0f;',
        '  for (var k: u32 = 0u; k < 4u; k++) {',
        '    if (k == 1u) { s = s + 1.0f; }',
        '    if (k == 2u) {',
        '      break;',
        '    } else {',
        '      s += 2.0f;',
        '    }',
        '  }',
        '  loop {',
        '    break;',
        '  }',
        '  {',
        '    let t: f32 = s; // why',
        '  }',
        '  let a = 1i; let b = 2i;',
        '  storageBarrier();',
        '  f(s);',
        '  // done',
        '  return;',
      ].join('\n'),
    );
  });

  it('prints a module: declarations from the binding table, the entry point, the library', () => {
    const code = printModule({
      decls: [
        { k: 'enable', name: 'subgroups' },
        { k: 'struct', name: 'Params', fields: [['n', 'u32']] },
        { k: 'binding', b: kernelBinding('P') },
        { k: 'binding', b: kernelBinding('X', { vec4: true }) },
        { k: 'override', name: 'WG', ty: 'u32', init: u32(64) },
        { k: 'var', space: 'workgroup', name: 'shf', ty: 'array<f32, 64>' },
      ],
      entry: {
        workgroupSize: id('WG'),
        builtins: [{ name: 'lid', builtin: 'local_invocation_index', ty: 'u32' }],
        body: [barrier()],
      },
      library: ['fn f() {}\n'],
    });
    expect(code).toBe(
      [
        'enable subgroups;',
        'struct Params { n: u32 }',
        '@group(0) @binding(0) var<uniform> P: Params;',
        '@group(0) @binding(1) var<storage, read> X: array<vec4<f32>>;',
        'override WG: u32 = 64u;',
        'var<workgroup> shf: array<f32, 64>;',
        '',
        '@compute @workgroup_size(WG)',
        'fn main(@builtin(local_invocation_index) lid: u32) {',
        '  workgroupBarrier();',
        '}',
        'fn f() {}',
        '',
      ].join('\n'),
    );
  });

  it('the binding table gives the runtime its layout types', () => {
    expect(kernelBinding('DATA').layout).toBe('read-only-storage');
    expect(kernelBinding('SCR').layout).toBe('storage');
    expect(kernelBinding('P').layout).toBe('uniform');
    expect(kernelBinding('P', { step: { paramBytes: 256 } }).dynamicOffset).toEqual({
      minBindingSize: 256,
    });
    expect(kernelBinding('S').binding).toBe(7);
  });
});
