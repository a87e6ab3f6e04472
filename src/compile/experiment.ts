// An experiment's plan from the sources (`opt experiment FILE [NAME]`, `opt check`): the
// elaboration of src/elaborate/experiment.ts over the standard library and the user's files.

import { diag, OptError } from '../parser/diagnostics.js';
import type { ExperimentDecl, Loc } from '../parser/ast.js';
import { Elaborator } from '../elaborate/problem.js';
import { didYouMean } from '../elaborate/scope.js';
import { elaborateExperiment, type ExperimentPlan } from '../elaborate/experiment.js';
import { parseChecked, type SourceRequest } from '../parser/sources.js';

export type {
  ExperimentPlan,
  ExperimentCell,
  ExperimentAlgorithm,
} from '../elaborate/experiment.js';

/** The plan of `decl` with the elaborator `elab`, its errors reported there. */
export function planOf(elab: Elaborator, decl: ExperimentDecl): ExperimentPlan | undefined {
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
 * The plan of experiment `name`, or of the one experiment the user's files declare when `name` is
 * undefined. Throws OptError with the experiment's errors, or naming the experiments there are.
 */
export function experimentPlan(
  name: string | undefined,
  req: SourceRequest = {},
): ExperimentPlan & { source: string; sources: Map<string, string> } {
  const parsed = parseChecked(req);
  const elab = new Elaborator(parsed.sources);
  const mine = parsed.userFiles.flatMap((f) => f.decls.filter((d) => d.kind === 'experiment'));
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
  const plan = planOf(elab, decl);
  if (!plan || elab.diagnostics.length) throw new OptError(elab.diagnostics, parsed.texts);
  const text = parsed.texts.get(decl.file) ?? '';
  return {
    ...plan,
    source: text.slice(decl.loc.offset, decl.end),
    sources: parsed.texts,
  };
}
