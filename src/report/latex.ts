// DIR/tables.tex of `opt report DIR`: the per-cell statistics of report.md (cellStats) as LaTeX
// tables for a paper, one a dimension: a row a problem, a column an algorithm, each cell its mean
// final error +- the sample standard deviation over the runs, the lowest mean of each problem in
// bold. booktabs rules (\toprule, \midrule, \bottomrule); the file is \input into a document
// that loads booktabs, and needs nothing else.

/**
 * What the tables need of a cell: the first fields of report.ts's CellStats, which extends this
 * (declared here: report.ts imports this file, and the import graph has no circles).
 */
export interface TableCell {
  algorithm: string;
  problem: string;
  dim: number;
  runs: number;
  /** What the statistics are of: the final error, or the best f without an optimum. */
  of: 'error' | 'f';
  mean: number;
  std: number;
}

/** Text with LaTeX's special characters written so that they print as themselves. */
export function latexEscape(s: string): string {
  const map: Record<string, string> = {
    '\\': '\\textbackslash{}',
    '{': '\\{',
    '}': '\\}',
    $: '\\$',
    '&': '\\&',
    '#': '\\#',
    '%': '\\%',
    _: '\\_',
    '~': '\\textasciitilde{}',
    '^': '\\textasciicircum{}',
  };
  return s.replace(/[\\{}$&#%_~^]/g, (c) => map[c]!);
}

/**
 * A statistic in a table: three significant digits in scientific notation, the exponent in math
 * mode (1.23\cdot10^{-4}, 0 as 0), so that columns of very different errors stay readable.
 */
export function latexNumber(v: number): string {
  if (v === 0) return '0';
  if (!Number.isFinite(v)) return v > 0 ? '$\\infty$' : v < 0 ? '$-\\infty$' : 'NaN';
  const [m, e] = v.toExponential(2).split('e');
  const exp = Number(e);
  return exp === 0 ? `$${m}$` : `$${m}\\cdot 10^{${exp}}$`;
}

/** A name usable in \label: letters, digits and hyphens. */
const labelPart = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * tables.tex. A cell without finished runs is "--". A problem without a declared optimum has its
 * best f summarised instead of an error (marked "(f)") and no bold: whether it is minimised or
 * maximised is not in the statistics, so "best" is undecided there.
 */
export function tablesTex(r: { name: string; cells: TableCell[] }): string {
  const out = [
    `% opt report: the per-cell statistics of experiment ${r.name.replace(/\n/g, ' ')}, one table a dimension.`,
    '% Needs \\usepackage{booktabs}.',
  ];
  for (const D of [...new Set(r.cells.map((c) => c.dim))]) {
    const atD = r.cells.filter((c) => c.dim === D);
    const algorithms = [...new Set(atD.map((c) => c.algorithm))];
    const problems = [...new Set(atD.map((c) => c.problem))];
    const runs = [...new Set(atD.map((c) => c.runs))].sort((a, b) => a - b);
    const runsText =
      runs.length === 1 ? `${runs[0]} runs` : `${runs[0]} to ${runs[runs.length - 1]} runs`;
    out.push(
      '',
      '\\begin{table}[htbp]',
      '\\centering',
      `\\caption{Experiment ${latexEscape(r.name)}, $D = ${D}$: mean final error $\\pm$ standard deviation over ${runsText} a cell; the lowest mean of each problem in bold${atD.some((c) => c.of === 'f') ? '; (f): no optimum declared, the best $f$ instead of the error, and no bold' : ''}.}`,
      `\\label{tab:${labelPart(r.name)}-D${D}}`,
      `\\begin{tabular}{l${'r'.repeat(algorithms.length)}}`,
      '\\toprule',
      `Problem & ${algorithms.map(latexEscape).join(' & ')} \\\\`,
      '\\midrule',
    );
    for (const p of problems) {
      const row = algorithms.map((a) => atD.find((c) => c.problem === p && c.algorithm === a));
      const hasF = row.some((c) => c?.of === 'f');
      const means = row.filter((c): c is TableCell => c !== undefined).map((c) => c.mean);
      const best = hasF ? null : Math.min(...means);
      const cells = row.map((c) => {
        if (!c) return '--';
        const text = `${latexNumber(c.mean)} $\\pm$ ${latexNumber(c.std)}`;
        // \boldmath: \textbf does not reach into math mode, where the numbers are.
        return c.mean === best ? `\\textbf{\\boldmath ${text}}` : text;
      });
      out.push(`${latexEscape(p)}${hasF ? ' (f)' : ''} & ${cells.join(' & ')} \\\\`);
    }
    out.push('\\bottomrule', '\\end{tabular}', '\\end{table}');
  }
  return out.join('\n') + '\n';
}
