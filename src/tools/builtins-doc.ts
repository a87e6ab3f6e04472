// Generates docs/builtins.md, the reference of the language's named functions, from the table in
// src/ir/builtins.ts, so that the documentation is not written twice. `npm run builtins-doc`
// writes it; a test checks that the committed file is current.

import { writeFileSync } from 'node:fs';
import {
  BINARY_BUILTINS,
  BUILTINS,
  NAMED_FUNCTIONS,
  signatureText,
  type NamedFunction,
  type Param,
  type ValueType,
  type WgslBuilder,
} from '../ir/builtins.js';
import { BUILTIN_HELPERS } from '../codegen/wgsl-library.js';

const signature = (name: string, params: readonly Param[], result: ValueType) =>
  `\`${signatureText(name, params, result)}\``;

/** The WGSL a builtin's form makes of arguments named x, lo, hi... */
const wgslText: WgslBuilder<string> = {
  call: (fn, args) => `${fn}(${args.join(', ')})`,
  mul: (a, b) => `${a} * ${b}`,
  f32: (v) => `${v}`,
  cast: (type, a) => `${type}(${a})`,
};

/** The arguments given by name, in the order of the table. */
const named = () => {
  const names = new Set(
    NAMED_FUNCTIONS.flatMap((f) => f.params.filter((p) => p.named).map((p) => `\`${p.name}\``)),
  );
  return [...names].join(', ').replace(/, ([^,]*)$/, ' and $1');
};

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function builtinsMarkdown(): string {
  const out: string[] = [
    '# Built-in functions',
    '',
    '<!-- Generated from src/ir/builtins.ts by `npm run builtins-doc`: do not edit. -->',
    '',
    'The named functions of the language (docs/language.md). Types: `real` (float64 on the CPU',
    'backend, float32 on the GPU), `integer`, `number` (either, kept as given), `vector`, `string`,',
    '`true | false` (a flag: the word true or false). An',
    'integer given where a real is expected is converted; `[...]` marks an optional argument.',
    `The arguments ${named()} are given by name (\`seed: 3\`), the others by position.`,
    '',
    '## Scalar functions',
    '',
    'Applied element by element to vectors (`sin(x - o)`), with scalars broadcast. The float64',
    'implementation serves constant folding and the CPU backend; the WGSL column is what the GPU',
    'backend computes.',
    '',
    '| function | meaning | WGSL |',
    '| --- | --- | --- |',
  ];
  for (const b of Object.values(BUILTINS)) {
    const args = b.params.map((p) => p.name);
    const wgsl = typeof b.wgsl === 'string' ? wgslText.call(b.wgsl, args) : b.wgsl(wgslText, args);
    out.push(`| ${signature(b.name, b.params, b.result)} | ${cell(b.doc)} | \`${cell(wgsl)}\` |`);
  }
  const helpers = Object.values(BUILTINS).flatMap((b) => b.wgslHelpers ?? []);
  if (helpers.length) {
    out.push('', 'WGSL helper functions:', '', '```wgsl');
    for (const h of new Set(helpers)) {
      const text = BUILTIN_HELPERS[h];
      if (text === undefined) throw new Error(`internal: no WGSL helper '${h}'`);
      out.push(text);
    }
    out.push('```');
  }
  out.push(
    '',
    '## Two-argument functions',
    '',
    'Binary operators of the IR (`pow(x, y)` is `x ^ y`), applied element by element like the',
    'scalar functions. A `number` result is an integer when both arguments are integers.',
    '',
    '| function | meaning |',
    '| --- | --- |',
  );
  for (const b of Object.values(BINARY_BUILTINS))
    out.push(`| ${signature(b.name, b.params, b.result)} | ${cell(b.doc)} |`);
  const section = (kind: NamedFunction['kind'], title: string, intro: string[]) => {
    out.push('', `## ${title}`, '', ...intro, '', '| function | meaning |', '| --- | --- |');
    for (const f of NAMED_FUNCTIONS.filter((f) => f.kind === kind))
      out.push(`| ${signature(f.name, f.params, f.result)} | ${cell(f.doc)} |`);
  };
  section('order', 'Order functions', [
    'Of a vector, per individual; they lower to counting reductions (docs/language.md).',
  ]);
  section('generator', 'Data generators', [
    'Only in `data` declarations (docs/language.md, Data); the result has the declared shape.',
  ]);
  section('draw', 'Random draws', ['Only in algorithms (docs/language.md, Algorithms).']);
  return out.join('\n') + '\n';
}

if (process.argv[1]?.endsWith('builtins-doc.js') || process.argv[1]?.endsWith('builtins-doc.ts'))
  writeFileSync(process.argv[2] ?? 'docs/builtins.md', builtinsMarkdown());
