// The windows pass (src/codegen/wgsl-window.ts), text in and text out: S's declaration becomes
// one a window, its vec4 loads and stores go through opt_s4 / opt_s4_set, the single-value
// library functions are replaced by the windowed ones, and the windows cut whole vec4s.

import { describe, expect, it } from 'vitest';
import {
  assign,
  call,
  id,
  index,
  letS,
  printModule,
  u32,
  type Module,
} from '../../src/codegen/wgsl-ast.js';
import { kernelBinding } from '../../src/codegen/wgsl-bindings.js';
import { STATE_ACCESS } from '../../src/codegen/wgsl-library.js';
import { stateWindows, windowModule } from '../../src/codegen/wgsl-window.js';

const module: Module = {
  decls: [{ k: 'binding', b: kernelBinding('S') }],
  entry: {
    workgroupSize: u32(64),
    builtins: [],
    body: [
      letS('a', index(id('S'), u32(5))),
      assign(index(id('S'), u32(6)), id('a')),
      letS('b', call('opt_s', u32(27))),
    ],
  },
  library: [`\n// draws\n${STATE_ACCESS}// after\n`],
};

describe('S bound as windows', () => {
  it('windows of whole vec4s on 256-byte offsets, none for a state that fits one binding', () => {
    expect(stateWindows(1000, 4000)).toBeUndefined();
    // 2 GiB - 4 bytes (an H200's binding) holds 2 GiB - 256 a window.
    const w = stateWindows(4_260_001_856, 2 ** 31 - 4);
    expect(w).toEqual({ count: 8, vec4s: (2 ** 31 - 256) / 16 });
    expect(() => stateWindows(1000, 100)).toThrow(/holds no vec4/);
  });

  it('rewrites declarations, loads, stores and the library (text in, text out)', () => {
    const out = printModule(windowModule(module, { S: { count: 3, vec4s: 16 } }));
    expect(out).toBe(
      [
        '@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;',
        '@group(0) @binding(11) var<storage, read_write> S1: array<vec4<f32>>;',
        '@group(0) @binding(12) var<storage, read_write> S2: array<vec4<f32>>;',
        '',
        '@compute @workgroup_size(64u)',
        'fn main() {',
        '  let a = opt_s4(5u);',
        '  opt_s4_set(6u, a);',
        '  let b = opt_s(27u);',
        '}',
        '',
        '// draws',
        'fn opt_s4(q: u32) -> vec4<f32> {',
        '  let w = q / 16u;',
        '  let r = q - w * 16u;',
        '  switch w {',
        '    case 0u: { return S[r]; }',
        '    case 1u: { return S1[r]; }',
        '    default: { return S2[r]; }',
        '  }',
        '}',
        'fn opt_s4_set(q: u32, v: vec4<f32>) {',
        '  let w = q / 16u;',
        '  let r = q - w * 16u;',
        '  switch w {',
        '    case 0u: { S[r] = v; }',
        '    case 1u: { S1[r] = v; }',
        '    default: { S2[r] = v; }',
        '  }',
        '}',
        'fn opt_s(i: u32) -> f32 {',
        '  let w = (i >> 2u) / 16u;',
        '  let r = (i >> 2u) - w * 16u;',
        '  switch w {',
        '    case 0u: { return S[r][i & 3u]; }',
        '    case 1u: { return S1[r][i & 3u]; }',
        '    default: { return S2[r][i & 3u]; }',
        '  }',
        '}',
        'fn opt_s_set(i: u32, v: f32) {',
        '  let w = (i >> 2u) / 16u;',
        '  let r = (i >> 2u) - w * 16u;',
        '  switch w {',
        '    case 0u: { S[r][i & 3u] = v; }',
        '    case 1u: { S1[r][i & 3u] = v; }',
        '    default: { S2[r][i & 3u] = v; }',
        '  }',
        '}',
        '// after',
        '',
      ].join('\n'),
    );
  });

  it('refuses a kernel that names S other than as S[q]', () => {
    const bad: Module = {
      ...module,
      entry: { ...module.entry, body: [letS('n', call('arrayLength', id('S')))] },
    };
    expect(() => windowModule(bad, { S: { count: 2, vec4s: 16 } })).toThrow(/names S outside/);
  });

  it('windows SCR, an array of f32: its loads and stores through opt_scr / opt_scr_set', () => {
    const m: Module = {
      decls: [{ k: 'binding', b: kernelBinding('SCR') }],
      entry: {
        workgroupSize: u32(64),
        builtins: [],
        body: [letS('a', index(id('SCR'), u32(70))), assign(index(id('SCR'), u32(3)), id('a'))],
      },
      library: [],
    };
    const out = printModule(windowModule(m, { SCR: { count: 2, vec4s: 16 } }));
    expect(out).toContain('@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;');
    expect(out).toContain('@group(0) @binding(40) var<storage, read_write> SCR1: array<f32>;');
    expect(out).toContain('  let a = opt_scr(70u);\n  opt_scr_set(3u, a);');
    expect(out).toContain('fn opt_scr(i: u32) -> f32 {\n  let w = i / 64u;');
    expect(out).toContain('    default: { SCR1[r] = v; }');
  });
});
