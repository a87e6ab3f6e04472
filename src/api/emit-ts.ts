// `opt compile --emit ts`: a typed TypeScript module for a problem or an algorithm, built with
// ts-morph (the module as a syntax tree, printed once). Its parameters become a typed options
// object (a choice is a union of string literals, a range is documented and checked at run
// time); a problem's module has `evaluate` (the float64 CPU backend) and `evaluateGpu`, an
// algorithm's `run`; both embed the code the compiler generated for them (the WGSL kernels and
// the float64 JavaScript; the kernels are the compiled artefact's, compile/kernels.ts) and
// evaluate through the package ('opt-compiler'), which compiles the embedded source again. A user
// file's program is embedded as text, so that the module stands alone beside the package.
//
// An algorithm's module generated for a problem runs the kernels it embeds: its run hands them
// (every step's, with their digest: compile/kernels.ts, EmbeddedKernels) to compileAlgorithm,
// which compiles the program for the run's parameters and takes them in place of generating
// where the digest is its own (parameters that leave every step's IR and plan as at the defaults,
// and the package version that generated them); otherwise its kernels are generated, and the run
// says which (`embeddedKernels`). A problem's module does not: its evaluateGpu takes the kernels
// the GPU evaluator generates for the adapter (subgroups), which are not the embedded ones.

import { readFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';
import type { SourceFile as TsFile } from 'ts-morph';
import type { Decl, Expr, ParamDecl } from '../parser/ast.js';
import { parseAll } from '../parser/sources.js';
import { compileProblem } from '../compile/problem.js';
import { boxAt } from '../ir/data.js';
import { compileAlgorithm } from '../compile/algorithm.js';
import { embedKernels, type EmbeddedKernels } from '../compile/kernels.js';
import { emitJs } from '../codegen/js.js';

let tsMorph: typeof TsMorph | undefined;

/**
 * ts-morph, loaded when a module is emitted rather than with the API: it brings the TypeScript
 * compiler, 0.7 s to load, which every other command would pay at start (src/api.ts re-exports
 * this module).
 */
function morph(): typeof TsMorph {
  return (tsMorph ??= createRequire(import.meta.url)('ts-morph') as typeof TsMorph);
}

export interface EmitTsRequest {
  /** A problem or an algorithm: a stdlib name or one of `file`'s declarations. */
  name: string;
  /** A user .opt file (its program is embedded in the module). */
  file?: string;
  /** The dimension the embedded code is generated for (a problem; an algorithm with `problem`). */
  dim: number;
  /**
   * With an algorithm: the problem it is generated for. The module then runs the algorithm on that
   * problem at `dim` (its `problem` and `dim`), which its run options do not repeat; without it,
   * each run names its problem and dimension.
   */
  problem?: string;
}

/** A constant number of the source (a literal, possibly negated), else undefined. */
function constant(e: Expr | undefined): number | undefined {
  if (!e) return undefined;
  if (e.kind === 'num') return e.value;
  if (e.kind === 'unary' && e.op === '-') {
    const v = constant(e.arg);
    return v === undefined ? undefined : -v;
  }
  return undefined;
}

/** A parameter's TypeScript type: a union of its choices, else number. */
const paramType = (p: ParamDecl) =>
  p.choices ? p.choices.map((c) => JSON.stringify(c.name)).join(' | ') : 'number';

/** A parameter's default as a value (a choice's name, or a number). */
function paramDefault(p: ParamDecl): string | number | undefined {
  if (p.value.kind === 'name') return p.value.name;
  return constant(p.value);
}

/** The options interface and the check of its values, for the declaration's parameters. */
function addParams(f: TsFile, params: ParamDecl[], what: string): void {
  f.addInterface({
    name: 'Params',
    isExported: true,
    docs: [`The parameters of ${what}; a parameter left out keeps its default.`],
    properties: params.map((p) => {
      const dflt = paramDefault(p);
      const lo = constant(p.range?.[0]);
      const hi = constant(p.range?.[1]);
      const doc = [
        dflt === undefined ? '' : `Default ${JSON.stringify(dflt)}.`,
        p.range ? `In [${lo ?? '?'}, ${hi ?? '?'}].` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return { name: p.name, type: paramType(p), hasQuestionToken: true, docs: doc ? [doc] : [] };
    }),
  });
  const checks = params.flatMap((p) => {
    const lo = constant(p.range?.[0]);
    const hi = constant(p.range?.[1]);
    if (p.choices) {
      const names = p.choices.map((c) => c.name);
      return [
        `if (params.${p.name} !== undefined && !${JSON.stringify(names)}.includes(params.${p.name})) throw new RangeError(\`${p.name} must be one of ${names.join(', ')}, not \${String(params.${p.name})}\`);`,
      ];
    }
    if (lo === undefined || hi === undefined)
      return [
        `if (params.${p.name} !== undefined && !Number.isFinite(params.${p.name})) throw new RangeError(\`${p.name} must be a finite number, not \${params.${p.name}}\`);`,
      ];
    return [
      `if (params.${p.name} !== undefined && !(params.${p.name} >= ${lo} && params.${p.name} <= ${hi})) throw new RangeError(\`${p.name} must be in [${lo}, ${hi}], not \${params.${p.name}}\`);`,
    ];
  });
  f.addFunction({
    name: 'settings',
    docs: ['The parameters as the compiler takes them (`--set name=value`), after checking them.'],
    parameters: [{ name: 'params', type: 'Params' }],
    returnType: 'Record<string, string>',
    statements: [
      ...checks,
      'return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));',
    ],
  });
}

/** The module's header, imports and the embedded program. */
function prelude(
  f: TsFile,
  req: EmitTsRequest,
  decl: Decl,
  source: string | undefined,
  imported: Record<string, string>,
): void {
  if (Object.keys(imported).length)
    f.addVariableStatement({
      isExported: true,
      declarationKind: morph().VariableDeclarationKind.Const,
      docs: ["The files SOURCE imports, by their paths relative to SOURCE's folder."],
      declarations: [
        {
          name: 'IMPORTED',
          type: 'Record<string, string>',
          initializer: JSON.stringify(imported, null, 2),
        },
      ],
    });
  f.addVariableStatement({
    isExported: true,
    declarationKind: morph().VariableDeclarationKind.Const,
    docs: [
      source === undefined
        ? `The program: the package's standard library ${decl.kind} \`${decl.name}\`${req.problem ? ` and problem \`${req.problem}\`` : ''}.`
        : `The program: the .opt file the module was generated from (it or a file it imports declares its ${decl.kind}${req.problem ? ` or its problem \`${req.problem}\`` : ''}).`,
    ],
    declarations: [
      {
        name: 'SOURCE',
        type: source === undefined ? 'undefined' : 'string',
        initializer: source === undefined ? 'undefined' : JSON.stringify(source),
      },
    ],
  });
}

/** A problem's embedded kernel: its name and its WGSL. */
interface Embedded {
  name: string;
  code: string;
}

/** A problem's kernels and its float64 JavaScript (for reading: evaluateGpu does not run them). */
function embedProblemKernels(f: TsFile, kernels: Embedded[], o: { js?: string } = {}): void {
  f.addVariableStatement({
    isExported: true,
    declarationKind: morph().VariableDeclarationKind.Const,
    docs: [
      [
        'The WGSL kernels the compiler generated (at the dimension named above), for reading: `evaluateGpu`',
        'compiles the problem for its parameters and runs the kernels the package generates for the adapter',
        '(with subgroup operations where it has them).',
      ].join('\n'),
    ],
    declarations: [
      {
        name: 'wgsl',
        type: 'readonly { name: string; code: string }[]',
        initializer: JSON.stringify(kernels, null, 2),
      },
    ],
  });
  const js = o.js;
  if (js !== undefined)
    f.addVariableStatement({
      isExported: true,
      declarationKind: morph().VariableDeclarationKind.Const,
      docs: [
        "The float64 JavaScript of the CPU backend (the reference the GPU's results are checked against).",
      ],
      declarations: [{ name: 'cpuSource', type: 'string', initializer: JSON.stringify(js) }],
    });
}

/**
 * An algorithm's kernels (compile/kernels.ts, EmbeddedKernels): every step's, which `run` hands to
 * the package, and `wgsl`, the list `--emit wgsl` prints, read from them.
 */
function embedAlgorithmKernels(f: TsFile, kernels: EmbeddedKernels): void {
  f.addVariableStatement({
    isExported: true,
    declarationKind: morph().VariableDeclarationKind.Const,
    docs: [
      [
        "The compiled artefact's kernels (for the problem and dimension named below, at the parameters' defaults):",
        "every step's WGSL kernels with their bindings and buffer layout, a chainable step's chain kernel, and the",
        "digest of what they were generated from (the package version, each step's IR and plan). `run` hands them to",
        "the package, which compiles the program for the run's parameters and runs these kernels where its digest is",
        "theirs (the defaults, and parameters that change no step's IR or plan), else kernels it generates again.",
      ].join('\n'),
    ],
    declarations: [
      { name: 'kernels', type: 'EmbeddedKernels', initializer: JSON.stringify(kernels, null, 2) },
    ],
  });
  f.addVariableStatement({
    isExported: true,
    declarationKind: morph().VariableDeclarationKind.Const,
    docs: [
      [
        "The WGSL kernels as `opt compile --emit wgsl` lists them (read from `kernels`): each step's kernels in their",
        "order, `<step>.<kernel>` (a step with the track fused in stands for both), then a chainable step's chain",
        'kernel (`chain: true`), which the runtime dispatches between two consecutive runs of the step in place of',
        "the earlier run's last kernels and the later run's first.",
      ].join('\n'),
    ],
    declarations: [
      {
        name: 'wgsl',
        type: 'readonly { name: string; code: string; chain?: true }[]',
        initializer: [
          'kernels.steps',
          '  .filter((s) => s.fusedInto === undefined)',
          '  .flatMap((s) => [',
          '    ...s.kernels.map((k) => ({ name: `${s.step}.${k.name}`, code: k.code })),',
          '    ...(s.chain',
          '      ? [{ name: `${s.step}.${s.chain.kernel.name}`, code: s.chain.kernel.code, chain: true as const }]',
          '      : []),',
          '  ])',
        ].join('\n'),
      },
    ],
  });
}

/** The TypeScript module for a problem or an algorithm (its text). */
export function emitTypeScript(req: EmitTsRequest): string {
  const file = req.file ? resolve(req.file) : undefined;
  const parsed = parseAll({ files: file ? [file] : [] });
  const decl = parsed.sources
    .flatMap((s) => s.decls)
    .find((d) => d.name === req.name && (d.kind === 'problem' || d.kind === 'algorithm'));
  if (!decl || (decl.kind !== 'problem' && decl.kind !== 'algorithm'))
    throw new RangeError(
      `no problem or algorithm named '${req.name}'${file ? ` in ${file}` : ' in the standard library'}`,
    );
  // The user's files are embedded where the module's program is in them: the problem or the
  // algorithm (in the named file or one it imports), or the problem an algorithm's module is
  // generated for.
  const mine =
    file !== undefined &&
    (parsed.userFiles.some((u) => u.file === decl.loc.file) ||
      (decl.kind === 'algorithm' &&
        parsed.userFiles.some((u) =>
          u.decls.some((d) => d.kind === 'problem' && d.name === req.problem),
        )));
  const source = mine ? readFileSync(file, 'utf8') : undefined;
  // The files the named one imports, by their paths relative to its folder: embedded beside it
  // under those names, they are what its imports find when the module compiles it again (an
  // absolute import is read from where it names).
  const imported = mine
    ? Object.fromEntries(
        parsed.userFiles
          .filter((u) => u.file !== file)
          .map((u) => [relative(dirname(file), u.file), u.text]),
      )
    : {};
  const project = new (morph().Project)({ useInMemoryFileSystem: true });
  const f = project.createSourceFile(`${req.name}.ts`, '');
  prelude(f, req, decl, source, imported);
  const sources =
    source === undefined
      ? '{}'
      : Object.keys(imported).length
        ? `{ ${JSON.stringify(basename(file!))}: SOURCE, ...IMPORTED }`
        : `{ '${basename(file!)}': SOURCE }`;
  if (decl.kind === 'problem') {
    const p = compileProblem({ problem: req.name, dim: req.dim, files: file ? [file] : [] });
    f.addImportDeclaration({
      moduleSpecifier: 'opt-compiler',
      namedImports: [
        'compileProblem',
        'evaluateOnGpu',
        'openGpu',
        { name: 'CompiledProblem', isTypeOnly: true },
      ],
    });
    f.getImportDeclarations()[0]!.setOrder(0);
    const info = p.info;
    // A box per coordinate: lo and hi are its envelope, lower and upper each coordinate's bounds.
    const box = p.box();
    const perCoordinate = p.lowered.coords
      ? {
          lower: Array.from({ length: info.dim }, (_, j) => boxAt(box, j)[0]),
          upper: Array.from({ length: info.dim }, (_, j) => boxAt(box, j)[1]),
        }
      : {};
    f.addVariableStatement({
      isExported: true,
      declarationKind: morph().VariableDeclarationKind.Const,
      docs: ['The problem at the dimension the module was generated for.'],
      declarations: [
        {
          name: 'info',
          initializer: `${JSON.stringify({ name: info.name, dim: info.dim, lo: info.lo, hi: info.hi, ...perCoordinate, optimum: info.optimum, direction: info.direction }, null, 2)} as const`,
        },
      ],
    });
    addParams(f, decl.params, `problem ${decl.name}`);
    p.gpuCheck(); // the embedded kernels are the GPU backend's (compile/gpu-limits.ts)
    embedProblemKernels(
      f,
      p.kernels().kernels.map((k) => ({ name: k.name, code: k.code })),
      { js: emitJs(p.ir) },
    );
    f.addVariableStatement({
      declarationKind: morph().VariableDeclarationKind.Const,
      declarations: [{ name: 'compiled', initializer: 'new Map<string, CompiledProblem>()' }],
    });
    f.addFunction({
      name: 'problem',
      docs: ['The problem compiled for these parameters (once for each set of values).'],
      parameters: [{ name: 'params', type: 'Params' }],
      returnType: 'CompiledProblem',
      statements: [
        'const set = settings(params);',
        'const key = JSON.stringify(set);',
        'let p = compiled.get(key);',
        `if (!p) compiled.set(key, (p = compileProblem({ problem: info.name, dim: info.dim, set, sources: ${sources} })));`,
        'return p;',
      ],
    });
    f.addFunction({
      name: 'evaluate',
      isExported: true,
      docs: [
        'The problem at each point, on the CPU backend (float64): f(x), the optimum included.',
        '@param points Points of `info.dim` coordinates.',
      ],
      parameters: [
        { name: 'points', type: 'readonly ArrayLike<number>[]' },
        { name: 'params', type: 'Params', initializer: '{}' },
      ],
      returnType: 'number[]',
      statements: ['return problem(params).evaluateCpu(points.map((x) => Float64Array.from(x)));'],
    });
    f.addFunction({
      name: 'evaluateGpu',
      isExported: true,
      isAsync: true,
      docs: [
        'The problem at each point on the GPU (the WGSL kernels, float32; the bias added in float64). Throws where there is no WebGPU adapter.',
      ],
      parameters: [
        { name: 'points', type: 'readonly ArrayLike<number>[]' },
        { name: 'params', type: 'Params', initializer: '{}' },
      ],
      returnType: 'Promise<Float64Array>',
      statements: [
        'const gpu = await openGpu();',
        "if (!gpu) throw new Error('no WebGPU adapter');",
        'return evaluateOnGpu(gpu, problem(params), points.map((x) => Float64Array.from(x)));',
      ],
    });
  } else {
    f.addImportDeclaration({
      moduleSpecifier: 'opt-compiler',
      namedImports: [
        'compileAlgorithm',
        'createEngine',
        'openGpu',
        'readState',
        'runAlgorithm',
        ...(req.problem ? [{ name: 'EmbeddedKernels', isTypeOnly: true }] : []),
        { name: 'RunResult', isTypeOnly: true },
        { name: 'StateArrayValues', isTypeOnly: true },
      ],
    });
    addParams(f, decl.params, `algorithm ${decl.name}`);
    if (req.problem) {
      const c = compileAlgorithm({
        algorithm: req.name,
        problem: req.problem,
        dim: req.dim,
        files: file ? [file] : [],
      });
      // The kernels as compiled (compile/kernels.ts): every step's, those the engines run; the
      // GPU backend's limits first (compile/gpu-limits.ts).
      c.gpuCheck();
      embedAlgorithmKernels(f, embedKernels(c));
    }
    // Generated for a problem at D: the module's run is that run (its kernels are embedded above),
    // and the options do not name them again; otherwise each run names its problem and D.
    const fixed = req.problem;
    if (fixed !== undefined)
      for (const [name, value, doc] of [
        ['problem', JSON.stringify(fixed), 'The problem the module runs the algorithm on.'],
        ['dim', String(req.dim), 'The dimension the module runs the algorithm at.'],
      ] as const)
        f.addVariableStatement({
          isExported: true,
          declarationKind: morph().VariableDeclarationKind.Const,
          docs: [doc],
          declarations: [{ name, initializer: `${value} as const` }],
        });
    f.addInterface({
      name: 'RunOptions',
      isExported: true,
      docs: [
        fixed !== undefined
          ? `A run on ${fixed} at D = ${req.dim}: the budget, the seed, the backend and the parameters.`
          : 'A run: the problem and its dimension, the budget, the seed, the backend and the parameters.',
      ],
      properties: [
        ...(fixed !== undefined
          ? []
          : [
              {
                name: 'problem',
                type: 'string',
                docs: ['A problem of the standard library (or of `sources`).'],
              },
              { name: 'dim', type: 'number' },
            ]),
        { name: 'seed', type: 'number', hasQuestionToken: true, docs: ['Default 1.'] },
        {
          name: 'evals',
          type: 'number',
          hasQuestionToken: true,
          docs: ['The evaluations budget.'],
        },
        { name: 'seconds', type: 'number', hasQuestionToken: true, docs: ['A wall-clock budget.'] },
        {
          name: 'target',
          type: 'number',
          hasQuestionToken: true,
          docs: ['Stop at this error or below.'],
        },
        {
          name: 'backend',
          type: "'cpu' | 'gpu'",
          hasQuestionToken: true,
          docs: ["Default 'cpu' (float64)."],
        },
        { name: 'params', type: 'Params', hasQuestionToken: true },
        {
          name: 'state',
          type: 'boolean',
          hasQuestionToken: true,
          docs: [
            "Also read the algorithm's state after its last generation into the result's `state` (readState: each declared population and state array, float64).",
          ],
        },
        ...(fixed !== undefined
          ? []
          : [
              {
                name: 'sources',
                type: 'Record<string, string>',
                hasQuestionToken: true,
                docs: ['Further .opt programs by file name (the problem may be one of theirs).'],
              },
            ]),
      ],
    });
    f.addFunction({
      name: 'run',
      isExported: true,
      isAsync: true,
      docs: [
        fixed !== undefined
          ? [
              `A run of ${decl.name} on ${fixed} at D = ${req.dim}: its best point, its float64 error, its trace.`,
              "On the GPU it runs the kernels above (`kernels`) where the run's parameters compile to the program they",
              "were generated for (the defaults, or values that change no step's IR or plan) with the package version",
              'that generated them; otherwise the package generates them again. `embeddedKernels` says which.',
            ].join('\n')
          : `A run of ${decl.name}: its best point, its float64 error, its trace.`,
      ],
      parameters: [
        fixed !== undefined
          ? { name: 'o', type: 'RunOptions', initializer: '{}' }
          : { name: 'o', type: 'RunOptions' },
      ],
      returnType:
        fixed !== undefined
          ? 'Promise<RunResult & { embeddedKernels: boolean; state?: Record<string, StateArrayValues> }>'
          : 'Promise<RunResult & { state?: Record<string, StateArrayValues> }>',
      statements: [
        fixed !== undefined
          ? // The package takes the embedded kernels where their digest is its compilation's.
            `const c = compileAlgorithm({ algorithm: ${JSON.stringify(decl.name)}, problem, dim, set: settings(o.params ?? {}), sources: ${sources}, embedded: kernels });`
          : `const c = compileAlgorithm({ algorithm: ${JSON.stringify(decl.name)}, problem: o.problem, dim: o.dim, set: settings(o.params ?? {}), sources: { ...o.sources, ...${sources} } });`,
        "const gpu = o.backend === 'gpu' ? await openGpu() : null;",
        "if (o.backend === 'gpu' && !gpu) throw new Error('no WebGPU adapter');",
        'const seed = o.seed ?? 1;',
        'const engine = await createEngine(c, seed, gpu);',
        'try {',
        fixed !== undefined
          ? '  const r = { ...(await runAlgorithm(c, engine, { seed, maxEvals: o.evals, seconds: o.seconds, target: o.target })), embeddedKernels: c.embeddedKernels };'
          : '  const r = await runAlgorithm(c, engine, { seed, maxEvals: o.evals, seconds: o.seconds, target: o.target });',
        '  return o.state ? { ...r, state: await readState(c, engine) } : r;',
        '} finally {',
        '  engine.destroy();',
        '}',
      ],
    });
  }
  const file0 = req.file ? `${basename(req.file)} ` : '';
  const command =
    decl.kind === 'algorithm'
      ? `opt compile ${file0}--algorithm ${req.name} --problem ${req.problem ?? '?'} --dim ${req.dim} --emit ts`
      : `opt compile ${file0}${req.file ? '--problem ' : ''}${req.name} --dim ${req.dim} --emit ts`;
  f.insertStatements(0, `// Generated by \`${command}\`: do not edit; generate it again.\n`);
  f.formatText({ indentSize: 2 });
  return f.getFullText();
}
