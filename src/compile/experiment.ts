// An experiment's design from the sources (`opt experiment FILE [NAME]`, `opt check`): the
// elaboration of src/elaborate/experiment.ts over the standard library and the user's files.

import { Diag, diag, OptError, type Diagnostic } from '../parser/diagnostics.js';
import type { ExperimentDecl, Loc, SourceFile } from '../parser/ast.js';
import { ProblemElaborator } from '../elaborate/problem.js';
import { AlgoElaborator } from '../elaborate/algorithm.js';
import { didYouMean } from '../elaborate/scope.js';
import { elaborateExperiment, type ExperimentDesign } from '../elaborate/experiment.js';
import { parseChecked, type SourceRequest } from '../parser/sources.js';

export type {
  ExperimentDesign,
  ExperimentCell,
  ExperimentAlgorithm,
} from '../elaborate/experiment.js';

/** The design of `decl` with the elaborator `elab`, its errors reported there. */
export function designOf(
  elab: ProblemElaborator,
  decl: ExperimentDecl,
): ExperimentDesign | undefined {
  const suite = (name: string, loc: Loc) => {
    if (!elab.core.suites.has(name)) {
      const names = elab.suiteNames();
      elab.core.report(
        'UnknownSuite',
        loc,
        name,
        didYouMean(name, names) || ` (there are: ${names.join(', ')})`,
      );
      return undefined;
    }
    return elab.suite(name);
  };
  return elaborateExperiment(elab.core, decl, suite, (p) => elab.fixedDimension(p));
}

/**
 * The errors a run of `design` would meet before its first generation: every cell (algorithm x
 * problem x dimension, with the algorithm's parameter values) elaborated, the problem at the
 * cell's D and the algorithm for it (lowered to IR, not compiled for the GPU). Each error keeps
 * its code and message and is placed at the experiment's entry that makes the cell: an error of
 * the problem at that D (a dimension it does not allow, BadDimension; a data file missing at that
 * D) at that dimension in `dims` (at the problem in `problems` without dims), an error of the
 * algorithm for it at the algorithm in `algorithms`. Other than BadDimension (whose message names
 * the problem and D), the message then names the cell and where in the sources the error arose.
 * An algorithm's error once for all the dimensions of a problem it arose at.
 */
export function cellDiagnostics(
  sources: SourceFile[],
  decl: ExperimentDecl,
  design: ExperimentDesign,
): Diagnostic[] {
  const value = (key: string) => decl.entries.find((e) => e.key === key)?.value;
  const item = (key: string, k: number): Loc | undefined => {
    const v = value(key);
    return v?.kind === 'list' ? (v.items[k]?.loc ?? v.loc) : v?.loc;
  };
  const problemLoc = (p: string) => item('problems', design.problems.indexOf(p));
  // Errors by where they go and what they say (a cell's own code, message and place), each with
  // the dimensions it arose at: one diagnostic for an algorithm's error at every D of a problem.
  const found = new Map<string, { d: Diagnostic; loc?: Loc; cell: string; dims: number[] }>();
  const add = (d: Diagnostic, loc: Loc | undefined, cell: string, dim: number) => {
    const key = [d.code, d.message, d.loc?.file, d.loc?.offset, loc?.offset, cell].join('\0');
    const f = found.get(key);
    if (f) f.dims.push(dim);
    else found.set(key, { d, loc, cell, dims: [dim] });
  };
  // Each cell's algorithm lowered for its problem at its D (which lowers the problem too); where
  // that fails, the problem alone at that D says whose error it is (once a problem and D).
  const problemFails = new Map<string, boolean>();
  const problemFailed = (problem: string, dim: number): boolean => {
    const key = `${problem}\0${dim}`;
    let failed = problemFails.get(key);
    if (failed === undefined) {
      const e = new ProblemElaborator(sources);
      const before = e.diagnostics.length;
      e.lower(problem, dim);
      const ds = e.diagnostics.slice(before);
      // The problem's errors at a D (the problems are checked on their own elsewhere): at that
      // dimension in dims, or at the problem where each is at its own size. A dimension it does
      // not allow (BadDimension) names the problem and D itself.
      const loc = (value('dims') && item('dims', design.dims.indexOf(dim))) ?? problemLoc(problem);
      for (const d of ds) add(d, loc, d.code === Diag.BadDimension.code ? '' : problem, dim);
      problemFails.set(key, (failed = ds.length > 0));
    }
    return failed;
  };
  for (const c of design.cells) {
    if (problemFails.get(`${c.problem}\0${c.dim}`)) continue;
    const a = new AlgoElaborator(sources);
    const before = a.diagnostics.length;
    a.lowerAlgorithm({
      algorithm: c.algorithm.name,
      problem: c.problem,
      dim: c.dim,
      set: c.algorithm.set,
    });
    const ds = a.diagnostics.slice(before);
    if (!ds.length || problemFailed(c.problem, c.dim)) continue;
    const loc = item('algorithms', design.algorithms.indexOf(c.algorithm));
    for (const d of ds) add(d, loc, `${c.algorithm.label} on ${c.problem}`, c.dim);
  }
  const out: Diagnostic[] = [];
  for (const { d, loc, cell, dims } of found.values())
    out.push({
      ...d,
      loc,
      message: cell
        ? `${d.message} (${cell} at D = ${dims.join(', ')}${d.loc ? `; it arose at ${d.loc.file}:${d.loc.line}:${d.loc.col}` : ''})`
        : d.message,
    });
  return out;
}

/**
 * The design of experiment `name`, or of the one experiment the user's files declare when `name` is
 * undefined. Throws OptError with the experiment's errors, or naming the experiments there are.
 */
export function experimentDesign(
  name: string | undefined,
  req: SourceRequest = {},
): ExperimentDesign & { source: string; sources: Map<string, string> } {
  const parsed = parseChecked(req);
  const elab = new ProblemElaborator(parsed.sources);
  // The experiments of the named files; where they declare none, of the files they import.
  const experimentsOf = (files: typeof parsed.userFiles) =>
    files.flatMap((f) => f.decls.filter((d) => d.kind === 'experiment'));
  const named = experimentsOf(parsed.rootFiles);
  const mine = named.length ? named : experimentsOf(parsed.userFiles);
  const all = [...elab.core.experiments.keys()];
  const pick = name ?? (mine.length === 1 ? mine[0]!.name : undefined);
  const decl = pick === undefined ? undefined : elab.core.experiments.get(pick);
  if (!decl) {
    const d =
      pick !== undefined
        ? diag(
            'UnknownExperiment',
            undefined,
            pick,
            didYouMean(pick, all) || (all.length ? ` (there are: ${all.join(', ')})` : ''),
          )
        : mine.length
          ? diag('ExperimentNotNamed', undefined, mine.length, mine.map((m) => m.name).join(', '))
          : diag('NoExperiment', undefined);
    throw new OptError([...elab.diagnostics, d], parsed.texts);
  }
  const design = designOf(elab, decl);
  if (!design || elab.diagnostics.length) throw new OptError(elab.diagnostics, parsed.texts);
  const cells = cellDiagnostics(parsed.sources, decl, design);
  if (cells.length) throw new OptError(cells, parsed.texts);
  const text = parsed.texts.get(decl.file) ?? '';
  return {
    ...design,
    source: text.slice(decl.loc.offset, decl.end),
    sources: parsed.texts,
  };
}
