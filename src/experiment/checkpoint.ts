// A run's checkpoint in its --out folder (opt run --checkpoint-every S, opt run --resume DIR):
//
//   checkpoint.json        the command (its arguments), a digest of the program's source texts,
//                          the run loop's state (RunCheckpoint less the engine's words), the
//                          engine's word type and count, which copy of each array is current,
//                          the name and digest of the state file, and whether the run finished;
//   checkpoint-GEN.bin     the engine's state buffer, its words' bytes as they are (float64 on
//                          the CPU backend, float32 on the GPU).
//
// Each file is written whole or not at all (write-file-atomic: a temporary file, fsync, rename),
// the state file first under a new name, then the JSON that names it, then the older state file
// is removed: a kill at any instant leaves the previous checkpoint or the new one, never a torn
// or mismatched pair.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { RunCheckpoint } from '../runtime/run.js';
import { ExperimentError } from './errors.js';

export const CHECKPOINT = 'checkpoint.json';
const VERSION = 1;

interface CheckpointFile {
  version: number;
  /** The run's command, without --resume (its --out is the folder). */
  argv: string[];
  /** sha256 of the program's source texts (the stdlib's and the user's files), by name. */
  program: string;
  /** The user's source files as the run read them (the stdlib's are the installed version's). */
  files?: Record<string, string>;
  /** The run finished: result.json is written, and there is nothing to resume. */
  done: boolean;
  /** A suite's folder: each problem's run has a folder (and a checkpoint) of its own. */
  suite?: boolean;
  state?: {
    file: string;
    sha256: string;
    words: 'f64' | 'f32';
    count: number;
    currents: number[];
    arrays: { name: string; offset: number; length: number }[];
  };
  /** The run loop's part of RunCheckpoint; numbers that JSON cannot hold as strings. */
  loop?: Omit<RunCheckpoint, 'engine'>;
}

/** A digest of the source texts a compiled program came from. */
export function programDigest(sources: Map<string, string>): string {
  const h = createHash('sha256');
  for (const [name, text] of [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    h.update(`${name}\0${text}\0`);
  return h.digest('hex');
}

// JSON holds no NaN or infinity (an error without an optimum is NaN): they travel as strings.
const SPECIAL = new Set(['NaN', 'Infinity', '-Infinity']);
const replacer = (_k: string, v: unknown) =>
  typeof v === 'number' && !Number.isFinite(v) ? String(v) : v;
const reviveLoop = (loop: Record<string, unknown>): Omit<RunCheckpoint, 'engine'> =>
  JSON.parse(JSON.stringify(loop), (_k, v: unknown) =>
    typeof v === 'string' && SPECIAL.has(v) ? Number(v) : v,
  ) as Omit<RunCheckpoint, 'engine'>;

const bytesOf = (w: Float64Array | Float32Array) =>
  Buffer.from(w.buffer, w.byteOffset, w.byteLength);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Writes `cp` as the folder's checkpoint (state file, then the JSON, then the old state's removal). */
export function writeCheckpoint(
  dir: string,
  argv: string[],
  program: string,
  cp: RunCheckpoint,
  files: Record<string, string> = {},
): void {
  const { engine, ...loop } = cp;
  const bytes = bytesOf(engine.words);
  const file = `checkpoint-${cp.gen}.bin`;
  writeFileAtomic.sync(join(dir, file), bytes);
  const meta: CheckpointFile = {
    version: VERSION,
    argv,
    program,
    files,
    done: false,
    state: {
      file,
      sha256: sha256(bytes),
      words: engine.words instanceof Float64Array ? 'f64' : 'f32',
      count: engine.words.length,
      currents: engine.currents,
      arrays: engine.arrays,
    },
    loop,
  };
  writeFileAtomic.sync(join(dir, CHECKPOINT), JSON.stringify(meta, replacer, 1) + '\n');
  for (const f of readdirSync(dir))
    if ((/^checkpoint-\d+\.bin$/.test(f) && f !== file) || LEFT_BY_A_KILL.test(f))
      rmSync(join(dir, f), { force: true });
}

/**
 * The temporary files write-file-atomic leaves when the process is killed while writing (the
 * file's name, a dot and a number): removed at the next checkpoint.
 */
const LEFT_BY_A_KILL =
  /^(checkpoint\.json|checkpoint-\d+\.bin|result\.json|trace\.csv|best\.txt)\.\d+$/;

/** A suite's folder: its command, and whether every problem's run has finished. */
export function writeSuiteCheckpoint(dir: string, argv: string[], done: boolean): void {
  const meta: CheckpointFile = { version: VERSION, argv, program: '', done, suite: true };
  writeFileAtomic.sync(join(dir, CHECKPOINT), JSON.stringify(meta, null, 1) + '\n');
}

/** Whether a folder holds no checkpoint, a finished run's, or a run's to resume. */
export function checkpointIn(dir: string): 'none' | 'done' | 'resumable' {
  const path = join(dir, CHECKPOINT);
  if (!existsSync(path)) return 'none';
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as CheckpointFile).done ? 'done' : 'resumable';
  } catch {
    return 'resumable'; // readCheckpoint says what is wrong with it
  }
}

/** Marks the folder's run finished (after its results are written): its state files go. */
export function markDone(dir: string, argv: string[], program: string): void {
  const meta: CheckpointFile = { version: VERSION, argv, program, done: true };
  writeFileAtomic.sync(join(dir, CHECKPOINT), JSON.stringify(meta, null, 1) + '\n');
  for (const f of readdirSync(dir))
    if (/^checkpoint-\d+\.bin$/.test(f)) rmSync(join(dir, f), { force: true });
}

/** The folder's checkpoint, checked: its command, program digest and state. */
export function readCheckpoint(dir: string): {
  argv: string[];
  program: string;
  /** The run's state; a suite's folder has none (its problems' folders have). */
  cp?: RunCheckpoint;
  suite: boolean;
} {
  const path = join(dir, CHECKPOINT);
  if (!existsSync(path))
    throw new ExperimentError(
      `--resume ${dir}: no ${CHECKPOINT} there (a run writes one into its --out folder every --checkpoint-every seconds)`,
    );
  let meta: CheckpointFile;
  try {
    meta = JSON.parse(readFileSync(path, 'utf8')) as CheckpointFile;
  } catch (e) {
    throw new ExperimentError(
      `--resume ${dir}: ${CHECKPOINT} is not JSON (${(e as Error).message})`,
    );
  }
  if (meta.version !== VERSION || !Array.isArray(meta.argv))
    throw new ExperimentError(
      `--resume ${dir}: ${CHECKPOINT} is not a checkpoint of this version of opt`,
    );
  if (meta.done)
    throw new ExperimentError(
      `--resume ${dir}: that run has finished (its results are in ${dir}); there is nothing to resume`,
    );
  if (meta.suite) return { argv: meta.argv, program: meta.program, suite: true };
  const st = meta.state;
  if (!st || !meta.loop) throw new ExperimentError(`--resume ${dir}: ${CHECKPOINT} holds no state`);
  const statePath = join(dir, st.file);
  if (!existsSync(statePath))
    throw new ExperimentError(`--resume ${dir}: its state file ${st.file} is missing`);
  const bytes = readFileSync(statePath);
  if (sha256(bytes) !== st.sha256)
    throw new ExperimentError(
      `--resume ${dir}: its state file ${st.file} does not match ${CHECKPOINT}`,
    );
  const size = st.words === 'f64' ? 8 : 4;
  if (bytes.length !== st.count * size)
    throw new ExperimentError(`--resume ${dir}: its state file ${st.file} has the wrong length`);
  const buf = new ArrayBuffer(bytes.length);
  new Uint8Array(buf).set(bytes);
  const words = st.words === 'f64' ? new Float64Array(buf) : new Float32Array(buf);
  return {
    argv: meta.argv,
    program: meta.program,
    suite: false,
    cp: {
      ...reviveLoop(meta.loop as unknown as Record<string, unknown>),
      engine: {
        backend: st.words === 'f64' ? 'cpu' : 'gpu',
        words,
        currents: st.currents,
        arrays: st.arrays,
      },
    },
  };
}
