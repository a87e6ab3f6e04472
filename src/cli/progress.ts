// The progress of a run on stderr: on a terminal a line redrawn in place (cli-progress: at most
// five times a second) with the evaluations, the best error, the evaluations per second and the
// time left; elsewhere (a log file, a cluster job's output) a plain line every PLAIN_EVERY seconds.
//
// bin/opt.js runs the compiler in a child process whose stderr is a pipe (it filters Dawn's
// start-up noise), so the child cannot ask its own stderr whether it is a terminal: bin/opt.js
// says so in OPT_STDERR_TTY (and the terminal's width in OPT_STDERR_COLUMNS), and the bar writes
// to a stream that says it is one.

import { SingleBar } from 'cli-progress';

/** Seconds between two plain progress lines when stderr is not a terminal. */
export const PLAIN_EVERY = 10;

export interface ProgressState {
  evals: number;
  seconds: number;
  /** The best error, or NaN when the problem declares no optimum (then `best` is shown). */
  error: number;
  best: number;
}

export interface ProgressLine {
  update(p: ProgressState): void;
  /** Removes the line (a terminal) before the run's summary is printed. */
  stop(): void;
}

/** Whether stderr is a terminal: its own, or bin/opt.js's (OPT_STDERR_TTY). */
export function stderrIsTerminal(env: NodeJS.ProcessEnv = process.env): boolean {
  return process.stderr.isTTY === true || env.OPT_STDERR_TTY === '1';
}

const fmtInt = (v: number) => Math.round(v).toLocaleString('en-US');
const fmtErr = (p: ProgressState) =>
  Number.isNaN(p.error)
    ? `best f ${p.best.toPrecision(8)}`
    : `best error ${p.error.toExponential(3)}`;

/** A bar redrawn in place on the terminal (cli-progress), written through `write`. */
function terminalBar(
  format: string,
  etaBuffer: number,
  write: (s: string) => void,
  env: NodeJS.ProcessEnv,
): SingleBar {
  const columns = Number(env.OPT_STDERR_COLUMNS) || process.stderr.columns || 80;
  const stream = { isTTY: true, columns, write: (s: string) => (write(s), true) };
  return new SingleBar({
    stream: stream as unknown as NodeJS.WritableStream,
    format,
    barsize: 20,
    barCompleteChar: '#',
    barIncompleteChar: '.',
    fps: 5,
    hideCursor: false,
    clearOnComplete: true,
    gracefulExit: false,
    etaBuffer,
  });
}

/**
 * A progress line for a run whose budget is `maxEvals` evaluations or `seconds` seconds (the
 * bar and the time left follow whichever is given; evaluations when both are), `label` before it
 * (a suite's F01...).
 */
export function progressLine(o: {
  maxEvals?: number;
  seconds?: number;
  label?: string;
  terminal?: boolean;
  write?: (s: string) => void;
  env?: NodeJS.ProcessEnv;
}): ProgressLine {
  const env = o.env ?? process.env;
  const write = o.write ?? ((s: string) => process.stderr.write(s));
  const byEvals = o.maxEvals !== undefined && Number.isFinite(o.maxEvals);
  const total = byEvals ? o.maxEvals! : (o.seconds ?? 0);
  const valueOf = (p: ProgressState) => (byEvals ? p.evals : p.seconds);
  const label = o.label ? `${o.label} ` : '';
  const rate = (p: ProgressState) => (p.seconds > 0 ? p.evals / p.seconds : 0);
  if (!(o.terminal ?? stderrIsTerminal(env))) {
    let next = PLAIN_EVERY;
    return {
      update(p) {
        if (p.seconds < next) return;
        next = p.seconds + PLAIN_EVERY;
        const left =
          total > 0 ? ` (${((100 * valueOf(p)) / total).toFixed(1)}% of the budget)` : '';
        write(
          `${label}${fmtInt(p.evals)} evals  ${fmtErr(p)}  ${fmtInt(rate(p))} evals/s  ${p.seconds.toFixed(0)} s${left}\n`,
        );
      },
      stop() {},
    };
  }
  const bar = terminalBar(
    `${label}[{bar}] {evals} evals  {best}  {rate} evals/s  ETA {eta_formatted}`,
    50,
    write,
    env,
  );
  let started = false;
  return {
    update(p) {
      const payload = { evals: fmtInt(p.evals), best: fmtErr(p), rate: fmtInt(rate(p)) };
      if (!started) {
        bar.start(total || 1, 0, payload);
        started = true;
      }
      bar.update(Math.min(valueOf(p), total || 1), payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/**
 * The progress of an experiment (`opt experiment --out`): on a terminal a bar of the runs done
 * (those finished before, when it goes on after a kill, included) with the time left; elsewhere
 * a plain line a run, as each is committed.
 */
export function experimentProgress(o: {
  total: number;
  done: number;
  terminal?: boolean;
  write?: (s: string) => void;
  env?: NodeJS.ProcessEnv;
}): { run(done: number, line: string): void; stop(): void } {
  const env = o.env ?? process.env;
  const write = o.write ?? ((s: string) => process.stderr.write(s));
  if (!(o.terminal ?? stderrIsTerminal(env)))
    return { run: (_done, line) => write(line + '\n'), stop() {} };
  const bar = terminalBar(
    '[{bar}] {value}/{total} runs  ETA {eta_formatted}  {last}',
    20,
    write,
    env,
  );
  bar.start(o.total, o.done, { last: '' });
  return {
    run: (done, line) => bar.update(done, { last: line.replace(/^\[\d+\/\d+\] /, '') }),
    stop: () => bar.stop(),
  };
}
