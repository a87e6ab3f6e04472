// The VS Code tasks of experiments (.vscode/tasks.json): "opt: run experiment (current file)" and
// "opt: open report", their commands run as VS Code runs them (its variables substituted, in a
// shell): the experiment lands in <file>.results, the report is written and its report.html handed
// to the browser ($BROWSER, here a script that records what it was given), and an experiment
// with an error prints a line the tasks' problem matcher reads, at the file, line and column.

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Task {
  label: string;
  command: string;
  problemMatcher: { pattern: Record<string, string | number> & { regexp: string } };
}
const tasks = (JSON.parse(readFileSync('.vscode/tasks.json', 'utf8')) as { tasks: Task[] }).tasks;
const task = (label: string) => tasks.find((t) => t.label === label)!;

/** The task's command with VS Code's variables for `file` (and the backend input) put in. */
function command(t: Task, file: string, backend = 'cpu'): string {
  const vars: Record<string, string> = {
    workspaceFolder: process.cwd(),
    file,
    fileDirname: dirname(file),
    fileBasenameNoExtension: basename(file).replace(/\.[^.]*$/, ''),
    'input:backend': backend,
  };
  return t.command.replace(/\$\{([^}]+)\}/g, (_, v: string) => {
    if (!(v in vars)) throw new Error(`the task uses \${${v}}, which the test does not know`);
    return vars[v]!;
  });
}

const SMALL = `experiment small {
  algorithms = [de(NP: 8)]
  problems = [sphere]
  dims = [3]
  runs = 2
  budget = evals(100 * D)
}
`;

describe('the VS Code tasks of experiments', () => {
  const dir = mkdtempSync(join(tmpdir(), 'opt-tasks-'));

  it("run the current file's experiment into <file>.results and open its report", () => {
    const file = join(dir, 'study.opt');
    writeFileSync(file, SMALL);
    const run = task('opt: run experiment (current file)');
    execFileSync('bash', ['-c', command(run, file)], { stdio: 'pipe' });
    expect(existsSync(join(dir, 'study.results', 'results.sqlite'))).toBe(true);
    // The browser: a script that writes down the file it was asked to open.
    const browser = join(dir, 'browser.sh');
    const opened = join(dir, 'opened.txt');
    writeFileSync(browser, `#!/bin/sh\necho "$1" > ${opened}\n`);
    chmodSync(browser, 0o755);
    execFileSync('bash', ['-c', command(task('opt: open report'), file)], {
      stdio: 'pipe',
      env: { ...process.env, BROWSER: browser },
    });
    expect(existsSync(join(dir, 'study.results', 'report.html'))).toBe(true);
    // (The opener is started, not waited for: give it a moment to write.)
    for (let k = 0; k < 50 && !existsSync(opened); k++) spawnSync('sleep', ['0.1']);
    expect(readFileSync(opened, 'utf8').trim()).toBe(join(dir, 'study.results', 'report.html'));
  });

  it('report an error in the experiment where the problem matcher finds it', () => {
    const file = join(dir, 'broken.opt');
    writeFileSync(file, SMALL.replace('runs = 2', 'runs = 0'));
    const run = task('opt: run experiment (current file)');
    const r = spawnSync('bash', ['-c', command(run, file)], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    const p = run.problemMatcher.pattern;
    const m = new RegExp(p.regexp, 'm').exec(r.stderr + r.stdout);
    expect(m, r.stderr).not.toBeNull();
    expect(m![p.file as number]).toBe(file);
    expect(Number(m![p.line as number])).toBe(5);
    expect(m![p.code as number]).toMatch(/^OPT7\d{3}$/);
  });
});
