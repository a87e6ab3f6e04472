// opt report's figures and report.html on a small real experiment (CPU backend, tiny budget, two
// algorithms x two problems x three runs), opened in headless Chromium: every figure is there,
// has a size and draws marks, the page logs no error and fetches nothing but itself. And
// tables.tex against cells.csv.
//
// The browser is Debian's /usr/bin/chromium (scripts/ensure-chromium.sh installs it; OPT_CHROMIUM
// names another), driven by playwright-core, which downloads no browser of its own. Chromium's
// own --dump-dom would need no library, but it gives neither layout (bounding boxes) nor the
// console; playwright-core speaks the DevTools protocol for both, with no install step.

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { RESULTS_FILE } from '../src/experiment/database.js';
import { main } from '../src/cli/main.js';
import { reportFigures } from '../src/report/figures.js';
import { fixedTargetView } from '../src/report/fixed-target.js';
import { renderFigures, reportHtml } from '../src/report/html.js';
import { readExperimentRuns } from '../src/report/runs.js';
import { rankTests } from '../src/report/stats.js';
import { captureStdio, clearErr, clearOut, err, out } from './stdio.js';

const STUDY = `experiment duo {
  algorithms = [de, jde(NP: 20)]
  problems = [sphere, rastrigin]
  dims = [4]
  runs = 3
  budget = evals(300 * D)
  seed = 5
}
`;

/** Convergence, final errors, runtime ECDF, critical-difference diagram: one each at D = 4. */
const EXPECTED = [
  'convergence-D4.svg',
  'final-errors-D4.svg',
  'ecdf-D4.svg',
  'critical-difference-D4.svg',
];

const CHROMIUM = process.env.OPT_CHROMIUM ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
// Without the browser the test fails and says how to get it, unless its installation was skipped
// on purpose (OPT_SKIP_BROWSER_SETUP=1, scripts/setup.sh): then it is skipped, which shows.
const browserIt = !haveChromium && process.env.OPT_SKIP_BROWSER_SETUP === '1' ? it.skip : it;

interface FigureCheck {
  figure: string;
  width: number;
  height: number;
  /** Data marks (paths, rects, lines of vega's role-mark groups) with a non-empty box. */
  marks: number;
}

interface PageCheck {
  figures: FigureCheck[];
  /** <svg> elements in the page: every one should be a figure. */
  svgs: number;
  scripts: number;
  console: string[];
  requests: string[];
}

/** Opens `file` and measures what the browser laid out. */
async function checkPage(browser: Browser, file: string): Promise<PageCheck> {
  const page = await browser.newPage();
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      consoleErrors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  try {
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    const measured = await page.evaluate(() => {
      const figures = [...document.querySelectorAll<HTMLElement>('[data-figure]')].map((el) => {
        const svg = el.querySelector('svg');
        const box = svg?.getBoundingClientRect();
        // vega's data marks: the children of its role-mark groups (axes, legends and titles have
        // roles of their own); text marks are not counted, a figure must draw something else.
        const marks = svg
          ? [...svg.querySelectorAll('g.role-mark > path, g.role-mark > rect, g.role-mark > line')]
              .map((m) => (m as SVGGraphicsElement).getBoundingClientRect())
              .filter((b) => b.width > 0 || b.height > 0).length
          : 0;
        return {
          figure: el.dataset.figure ?? '',
          width: box?.width ?? 0,
          height: box?.height ?? 0,
          marks,
        };
      });
      return {
        figures,
        svgs: document.querySelectorAll('svg').length,
        scripts: document.querySelectorAll('script').length,
      };
    });
    return { ...measured, console: consoleErrors, requests };
  } finally {
    await page.close();
  }
}

describe('opt report: figures and report.html', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-report-html-'));
  const file = join(dir, 'duo.opt');
  writeFileSync(file, STUDY);
  const res = join(dir, 'duo');
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it('writes the SVGs, links them from report.md, and report.html holds them inline', async () => {
    expect(await main(['experiment', file, '--out', res, '--backend', 'cpu'])).toBe(0);
    clearOut();
    clearErr();
    expect(await main(['report', res])).toBe(0);
    // No warning of vega's (printed as notes).
    expect(err).toBe('');
    const md = readFileSync(join(res, 'report.md'), 'utf8');
    expect(out).toBe(md);
    expect(readdirSync(join(res, 'figures')).sort()).toEqual([...EXPECTED].sort());
    for (const f of EXPECTED) {
      expect(md).toContain(`](figures/${f})`);
      const svg = readFileSync(join(res, 'figures', f), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    const html = readFileSync(join(res, 'report.html'), 'utf8');
    expect(html.match(/<svg /g)).toHaveLength(EXPECTED.length);
    expect(html).not.toMatch(/<(script|img|link|iframe)\b/);
    // Every table of report.md is a table of report.html.
    expect(html.match(/<table>/g)!.length).toBe(md.match(/^\| --- /gm)!.length);
  });

  browserIt(
    'renders every figure in headless Chromium: a size, marks, no console error',
    async () => {
      expect(haveChromium, `${CHROMIUM} is missing: run scripts/ensure-chromium.sh`).toBe(true);
      browser = await chromium.launch({ executablePath: CHROMIUM });
      const report = join(res, 'report.html');
      const page = await checkPage(browser, report);
      expect(page.console).toEqual([]);
      // The page fetches nothing but itself: the figures are inline, no style sheet or font.
      expect(page.requests).toEqual([pathToFileURL(report).href]);
      expect(page.scripts).toBe(0);
      expect(page.svgs).toBe(EXPECTED.length);
      expect(page.figures.map((f) => f.figure)).toEqual(EXPECTED);
      for (const f of page.figures) {
        expect(f.width, f.figure).toBeGreaterThan(100);
        expect(f.height, f.figure).toBeGreaterThan(50);
        expect(f.marks, f.figure).toBeGreaterThan(0);
      }
      // What each must at least draw: a median line per algorithm and problem (4) and their bands;
      // a box, a whisker and a median per cell (4 x 3) and a point per run (12); a line per
      // algorithm; the CD diagram's axis, ticks, CD bar and a leader per algorithm.
      const marks = Object.fromEntries(page.figures.map((f) => [f.figure, f.marks]));
      expect(marks['convergence-D4.svg']).toBeGreaterThanOrEqual(8);
      expect(marks['final-errors-D4.svg']).toBeGreaterThanOrEqual(24);
      expect(marks['ecdf-D4.svg']).toBeGreaterThanOrEqual(2);
      expect(marks['critical-difference-D4.svg']).toBeGreaterThanOrEqual(6);
    },
  );

  browserIt(
    'the figures fill the page width, their legends show the line colours, log axes label 1e-8 style',
    async () => {
      expect(haveChromium, `${CHROMIUM} is missing: run scripts/ensure-chromium.sh`).toBe(true);
      browser ??= await chromium.launch({ executablePath: CHROMIUM });
      const report = join(res, 'report.html');
      const shots = join(dir, 'screenshots');
      mkdirSync(shots, { recursive: true });
      // A wide window (the text column at its 80rem) and a narrow one: the figures are as wide as
      // the text either way, their aspect kept, and nothing scrolls sideways.
      for (const width of [1400, 700]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        try {
          await page.goto(pathToFileURL(report).href, { waitUntil: 'load' });
          const layout = await page.evaluate(() => {
            const body = document.body;
            const cs = getComputedStyle(body);
            const text =
              body.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
            const figures = [...document.querySelectorAll<HTMLElement>('[data-figure]')].map(
              (el) => {
                const svg = el.querySelector('svg')!;
                const box = svg.getBoundingClientRect();
                const vb = svg.viewBox.baseVal;
                return {
                  figure: el.dataset.figure!,
                  width: box.width,
                  height: box.height,
                  vb: [vb.width, vb.height],
                };
              },
            );
            return {
              text,
              scroll: document.documentElement.scrollWidth,
              client: document.documentElement.clientWidth,
              figures,
            };
          });
          expect(layout.scroll, `page at ${width} px scrolls sideways`).toBeLessThanOrEqual(
            layout.client,
          );
          expect(layout.figures).toHaveLength(EXPECTED.length);
          for (const f of layout.figures) {
            const what = `${f.figure} at a ${width} px window`;
            expect(f.width / layout.text, what).toBeGreaterThan(0.99);
            expect(f.width / layout.text, what).toBeLessThan(1.01);
            expect(f.height / f.width, what).toBeCloseTo(f.vb[1]! / f.vb[0]!, 2);
          }
          // At the wide window, drawn near the size they were made for: the text of a figure
          // neither shrunk nor blown up (FIGURE_WIDTH, 1000 px, against the 80rem column).
          if (width === 1400)
            for (const f of layout.figures) {
              expect(f.width / f.vb[0]!, f.figure).toBeGreaterThan(0.9);
              expect(f.width / f.vb[0]!, f.figure).toBeLessThan(1.5);
            }
          let k = 0;
          for (const el of await page.$$('[data-figure]'))
            await el.screenshot({ path: join(shots, `w${width}-${k++}.png`) });
        } finally {
          await page.close();
        }
      }

      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      try {
        await page.goto(pathToFileURL(report).href, { waitUntil: 'load' });
        // Legends: each swatch drawn opaque in the colour of its algorithm's lines (the lines'
        // aria-label is their algorithm); the colours read from the rendered SVG.
        const legends = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[data-figure]')].map((el) => {
            const svg = el.querySelector('svg')!;
            const entries = [...svg.querySelectorAll('g.role-legend-symbol')].map((g) => {
              const sym = g.querySelector('path')!;
              const cs = getComputedStyle(sym);
              const label = g.parentElement!.querySelector(
                'g.role-legend-label text',
              )!.textContent!;
              const b = sym.getBoundingClientRect();
              return {
                label,
                stroke: cs.stroke,
                fill: cs.fill,
                opacity: Number(cs.opacity) * Number(cs.strokeOpacity),
                box: { x: b.x, y: b.y + window.scrollY, width: b.width, height: b.height },
              };
            });
            const lines: Record<string, string[]> = {};
            for (const p of svg.querySelectorAll<SVGPathElement>(
              'g.mark-line.role-mark path[aria-label]',
            )) {
              const a = p.getAttribute('aria-label')!;
              (lines[a] ??= []).push(getComputedStyle(p).stroke);
            }
            return { figure: el.dataset.figure!, entries, lines };
          }),
        );
        const withLegend = legends.filter((l) => l.entries.length);
        expect(withLegend.map((l) => l.figure)).toEqual(['convergence-D4.svg', 'ecdf-D4.svg']);
        for (const l of withLegend) {
          expect(
            l.entries.map((e) => e.label),
            l.figure,
          ).toEqual(['de', 'jde(NP: 20)']);
          expect(new Set(l.entries.map((e) => e.stroke)).size, l.figure).toBe(2);
          for (const e of l.entries) {
            const lineColours = new Set(l.lines[e.label]);
            expect(lineColours.size, `${l.figure}: the lines of ${e.label}`).toBe(1);
            expect(e.stroke, `${l.figure}: ${e.label}'s swatch`).toBe([...lineColours][0]);
            expect(e.opacity, `${l.figure}: ${e.label}'s swatch`).toBe(1);
          }
          // And as painted: the swatch's pixels in a screenshot hold the line colour itself (a
          // pale swatch, a colour at 20% opacity over white, has none within a few units of it).
          for (const e of l.entries) {
            const png = await page.screenshot({
              clip: {
                x: e.box.x - 2,
                y: e.box.y - 2,
                width: e.box.width + 4,
                height: e.box.height + 4,
              },
              fullPage: true,
            });
            const near = await page.evaluate(
              async ({ b64, colour }) => {
                const img = new Image();
                img.src = `data:image/png;base64,${b64}`;
                await img.decode();
                const c = document.createElement('canvas');
                c.width = img.width;
                c.height = img.height;
                const g = c.getContext('2d')!;
                g.drawImage(img, 0, 0);
                const d = g.getImageData(0, 0, c.width, c.height).data;
                const [r, gg, b] = colour.match(/\d+/g)!.map(Number);
                let n = 0;
                for (let i = 0; i < d.length; i += 4)
                  if (
                    Math.abs(d[i]! - r!) + Math.abs(d[i + 1]! - gg!) + Math.abs(d[i + 2]! - b!) <=
                    12
                  )
                    n++;
                return n;
              },
              { b64: png.toString('base64'), colour: e.stroke },
            );
            expect(
              near,
              `${l.figure}: pixels of ${e.label}'s swatch in its line colour`,
            ).toBeGreaterThan(3);
          }
        }

        // Tick labels: every label of a log axis a power of ten, or a digit times one, written
        // 1e-8 style (never 0.000001 or 1,000); the ECDF's linear axis plain decimals.
        const axes = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[data-figure]')].flatMap((el) =>
            [...el.querySelectorAll('g.role-axis')].map((a) => ({
              figure: el.dataset.figure!,
              title: a.querySelector('g.role-axis-title text')?.textContent ?? '',
              labels: [...a.querySelectorAll('g.role-axis-label text')]
                .map((t) => t.textContent ?? '')
                .filter((t) => t !== ''),
            })),
          ),
        );
        const LOG = ['evaluations', 'best-so-far error', 'final error', 'evaluations / D'];
        const logAxes = axes.filter((a) => LOG.includes(a.title));
        // Convergence: 2 panels x 2 axes; final errors: 2 panels; the ECDF's x axis.
        expect(logAxes.length).toBe(7);
        for (const a of logAxes) {
          expect(a.labels.length, `${a.figure}: ${a.title}`).toBeGreaterThanOrEqual(2);
          for (const t of a.labels) expect(t, `${a.figure}: ${a.title}`).toMatch(/^[1-9]e-?\d+$/);
          expect(
            a.labels.some((t) => t.startsWith('1e')),
            `${a.figure}: ${a.title}`,
          ).toBe(true);
        }
        const fraction = axes.find((a) => a.title === 'fraction of (run, target) pairs')!;
        expect(fraction.labels[0]).toBe('0.0');
        expect(fraction.labels.at(-1)).toBe('1.0');
      } finally {
        await page.close();
      }
    },
  );

  browserIt('the same check finds a figure that draws nothing', async () => {
    // report.html rebuilt with the convergence figure's data emptied: the page still has four
    // SVGs of a size (titles, axes), and the check must single out the empty one.
    expect(haveChromium, `${CHROMIUM} is missing: run scripts/ensure-chromium.sh`).toBe(true);
    browser ??= await chromium.launch({ executablePath: CHROMIUM });
    const path = join(res, RESULTS_FILE);
    const runs = readExperimentRuns(path);
    const ft = fixedTargetView(runs);
    const figs = reportFigures(runs, rankTests(path, runs.target).rows, ft);
    figs.figures[0] = {
      ...figs.figures[0]!,
      spec: { ...figs.figures[0]!.spec, data: { values: [] } },
    };
    const { rendered } = await renderFigures(figs.figures);
    const broken = join(dir, 'broken.html');
    writeFileSync(
      broken,
      reportHtml('broken', readFileSync(join(res, 'report.md'), 'utf8'), rendered),
    );
    const page = await checkPage(browser, broken);
    expect(page.figures.map((f) => [f.figure, f.marks > 0])).toEqual(
      EXPECTED.map((f, i) => [f, i !== 0]),
    );
  });

  it('writes tables.tex: a booktabs tabular with a row a problem, the lowest mean in bold', () => {
    const tex = readFileSync(join(res, 'tables.tex'), 'utf8');
    expect(tex.match(/\\begin\{tabular\}\{lrr\}/g)).toHaveLength(1);
    expect(tex.match(/\\end\{tabular\}/g)).toHaveLength(1);
    const body = tex.slice(tex.indexOf('\\midrule'), tex.indexOf('\\bottomrule')).split('\n');
    const rows = body.filter((l) => l.endsWith('\\\\'));
    expect(rows.map((l) => l.split(' & ')[0])).toEqual(['sphere', 'rastrigin']);
    expect(tex).toContain('Problem & de & jde(NP: 20) \\\\');
    // The bold cell of each row is the lower mean of cells.csv (no field of this study is quoted).
    const cells = readFileSync(join(res, 'cells.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    for (const [k, problem] of ['sphere', 'rastrigin'].entries()) {
      const means = cells.filter((c) => c[1] === problem).map((c) => Number(c[5]));
      const best = means.indexOf(Math.min(...means));
      const parts = rows[k]!.replace(/ \\\\$/, '')
        .split(' & ')
        .slice(1);
      expect(parts.map((p) => p.startsWith('\\textbf{'))).toEqual(means.map((_, j) => j === best));
    }
  });
});
