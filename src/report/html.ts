// The figures of `opt report DIR` rendered and written: each Vega-Lite specification of
// src/report/figures.ts compiled (vega-lite) and rendered to SVG by vega in Node, without a
// browser or a canvas (a View with renderer 'none'; text widths are vega's estimates), into
// DIR/figures/*.svg; report.md's section "Figures" (the SVGs linked, with their captions); and
// DIR/report.html, report.md turned into HTML by marked with each figure's SVG inline: one file
// with no scripts, style sheets or images of its own to fetch, which opens anywhere.
//
// vega and vega-lite are loaded when a report is drawn, not when the CLI starts: they are the
// largest modules the CLI has, and no other command needs them.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';
import type { TopLevelSpec } from 'vega-lite';
import type { Figure, ReportFigures } from './figures.js';

/** The folder of the SVGs, under DIR. */
export const FIGURES_DIR = 'figures';

/**
 * The logger vega and vega-lite take (vega-util's LoggerInterface): they report a problem with a
 * figure through it (an empty extent, a 0 on a log scale...) and draw on, rather than throw.
 */
interface Collected {
  level(_?: number): number | Collected;
  error(...args: unknown[]): Collected;
  warn(...args: unknown[]): Collected;
  info(...args: unknown[]): Collected;
  debug(...args: unknown[]): Collected;
}

function collectingLogger(warnings: string[]): Collected {
  // The level is kept only to answer level(): errors and warnings are collected whatever it is
  // set to, info and debug never.
  let level = 2;
  const keep =
    (what: string) =>
    (...args: unknown[]) => {
      warnings.push(`${what}: ${args.map(String).join(' ')}`);
      return logger;
    };
  const logger: Collected = {
    level(l?: number) {
      if (l === undefined) return level;
      level = l;
      return logger;
    },
    error: keep('error'),
    warn: keep('warning'),
    info: () => logger,
    debug: () => logger,
  };
  return logger;
}

/**
 * One specification as an SVG document, and the warnings vega-lite and vega gave (an empty
 * extent, a value a log scale cannot take...): the caller prints them rather than let them pass.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<{ svg: string; warnings: string[] }> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  const warnings: string[] = [];
  const logger = collectingLogger(warnings);
  const compiled = vl.compile(spec, { logger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger });
  try {
    return { svg: await view.toSVG(), warnings };
  } finally {
    view.finalize();
  }
}

/**
 * The SVG's ids (clip paths, gradients) made unique to it: report.html holds every figure in one
 * document, where two figures' "clip1" would be one id and the second would clip by the first's.
 */
export function scopeIds(svg: string, prefix: string): string {
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`);
}

export interface RenderedFigure extends Figure {
  svg: string;
}

/** Every figure rendered; the warnings with the figure each came from. */
export async function renderFigures(
  figures: readonly Figure[],
): Promise<{ rendered: RenderedFigure[]; warnings: string[] }> {
  const rendered: RenderedFigure[] = [];
  const warnings: string[] = [];
  for (const f of figures) {
    const r = await renderSvg(f.spec);
    rendered.push({ ...f, svg: r.svg });
    warnings.push(...r.warnings.map((w) => `${FIGURES_DIR}/${f.file}: ${w}`));
  }
  return { rendered, warnings };
}

/** The names figures.ts gives its files: the ones an earlier report may have left. */
const OURS = /^(convergence|final-errors|ecdf|critical-difference)-D\d+\.svg$/;

/**
 * DIR/figures/*.svg. A figure an earlier report drew and this one does not (a critical-difference
 * diagram once more runs changed the blocks...) is removed, so that the folder matches report.md;
 * other files there are left alone.
 */
export function writeFigures(dir: string, figures: readonly RenderedFigure[]): void {
  const out = join(dir, FIGURES_DIR);
  mkdirSync(out, { recursive: true });
  const now = new Set(figures.map((f) => f.file));
  for (const name of readdirSync(out))
    if (OURS.test(name) && !now.has(name)) rmSync(join(out, name));
  for (const f of figures) writeFileSync(join(out, f.file), f.svg);
}

/** report.md's section "Figures": each figure linked (figures/NAME.svg) with its caption. */
export function figuresMarkdown(r: ReportFigures): string {
  const lines = [
    '',
    '## Figures',
    '',
    r.figures.length
      ? `SVG files in ${FIGURES_DIR}/ (report.html shows them inline). Errors are plotted on logarithmic axes; the captions say where an error of 0 is drawn.`
      : 'None: no finished runs with errors to draw.',
  ];
  r.figures.forEach((f, i) => {
    lines.push(
      '',
      `### ${f.title}`,
      '',
      `![${f.title}](${FIGURES_DIR}/${f.file})`,
      '',
      `Figure ${i + 1}. ${f.caption}`,
    );
  });
  if (r.notes.length) lines.push('', ...r.notes.map((n) => `- ${n}`));
  return lines.join('\n') + '\n';
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:80rem;margin:2rem auto;padding:0 1rem;color:#222;line-height:1.45}
table{border-collapse:collapse;margin:1rem 0;font-size:.9rem;display:block;width:max-content;max-width:100%;overflow-x:auto}
th,td{border:1px solid #ccc;padding:.2rem .5rem}
th{background:#f3f3f3}
tbody tr:nth-child(even){background:#fafafa}
h2{border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2.5rem}
.figure{display:block;margin:1rem 0}
.figure svg{display:block;width:100%;height:auto}`;

/**
 * report.html: report.md as HTML (marked: GitHub's tables) with each figure's link replaced by its
 * SVG, inline. Raw HTML in the markdown is escaped: report.md holds none, and a name from the
 * user's experiment file must not become markup.
 */
export function reportHtml(
  title: string,
  markdown: string,
  figures: readonly RenderedFigure[],
): string {
  const byHref = new Map<string, { f: RenderedFigure; i: number }>(
    figures.map((f, i) => [`${FIGURES_DIR}/${f.file}`, { f, i }]),
  );
  const marked = new Marked({
    gfm: true,
    renderer: {
      image({ href, text }: Tokens.Image) {
        const hit = byHref.get(href);
        if (!hit) return `<span>${escapeHtml(text)}</span>`;
        return `<span class="figure" role="img" aria-label="${escapeHtml(text)}" data-figure="${escapeHtml(hit.f.file)}">${scopeIds(hit.f.svg, `fig${hit.i + 1}`)}</span>`;
      },
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
    },
  });
  const body = marked.parse(markdown, { async: false });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${STYLE}
</style>
</head>
<body>
${body}</body>
</html>
`;
}
