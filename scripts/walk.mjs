// The compile path's walk (issue 35): a dynamic trace of the real compiler through its source
// files, for reading how often one request changes rooms and how often it climbs back up. A
// developer's measurement, not part of the `opt` command (docs/architecture.md, "Walks").
//
//   npm run build && node scripts/walk.mjs [--root DIR] [--algorithm de] [--problem rastrigin]
//     [--dim 10] [--emit wgsl] [--view tree] [--separate] [--stays] [--variants]
//
// `--root` is a checkout with a built dist/ (default: this one), so that an older commit is
// measured by today's script (git worktree add, npm run build there). A module hook
// (module.register) rewrites every function of ROOT/dist/**/*.js as it is loaded, with an enter
// record at the start of its body and an exit record in a `finally` around it. node_modules is not
// instrumented: chevrotain running a parser rule counts as the parser's own time. Generators and
// async functions are left as they are (an enter and an exit around a yield or an await would be
// wrong); the compile path has none. Then one request runs as `opt compile --algorithm A
// --problem P --dim D --emit K` runs it, in three parts traced apart: its sources parsed
// (parseChecked: the stdlib, the request naming no file), compileAlgorithm, and emitAlgorithm of
// its result.
//
// Definitions:
// - a room is a source file (dist/compile/algorithm.js is src/compile/algorithm.ts); its stage is
//   its folder of src/, or its name at the top (src/api.ts), with the levels of
//   test/layering.test.ts LEVELS, read from ROOT;
// - the walk, by default (view 'tree'), follows each function once: under the function that ran it
//   first (whichever run of that function it was), its callees in the order they first ran, depth
//   first. Each part's walk continues the request's: what an earlier part ran is not followed
//   again, so compileAlgorithm's walk starts after the parse (which it repeats, from a cache in
//   part) and emitAlgorithm's after the compile (`--separate`: each part as if alone). View 'all'
//   follows every call; 'first' each function's first run in place (its later runs transparent);
// - the current room is the file of the function the walk is in; a stay is a maximal run of the
//   walk in one room: a call into another file and the return from it each start a stay, a call
//   within the file starts none;
// - a return is a stay in a room the walk had been in before (so returns = stays - rooms);
// - a climb is a call that goes back up: into a higher stage (which only a callback can, the
//   imports going down), or, within a stage, into a room already on the call stack (a callback
//   there). A call down a stage is no climb, whatever room it enters.

import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

// ---- The hook (Node runs it in its loader thread)

let distUrl = '';
let ts;

export async function initialize(data) {
  distUrl = data.distUrl;
  ts = (await import('typescript')).default;
}

export async function load(url, context, nextLoad) {
  const r = await nextLoad(url, context);
  if (!url.startsWith(distUrl) || !url.endsWith('.js') || r.format !== 'module') return r;
  return { ...r, source: instrument(String(r.source), url.slice(distUrl.length)) };
}

/**
 * `text` (the module `rel` of dist/) with every function body wrapped: `__wE(id)` first, `__wX`
 * in a `finally`. The prologue registers the module's functions with the recorder (globalThis.
 * __walk), which numbers them from `__wb`.
 */
export function instrument(text, rel, typescript = ts) {
  const t = typescript;
  const sf = t.createSourceFile(rel, text, t.ScriptTarget.ES2022, true, t.ScriptKind.JS);
  const edits = []; // [position, text], applied from the end
  const table = []; // [name, line] of each function, its id __wb + its index
  const visit = (node) => {
    if (t.isFunctionLike(node) && node.body && !node.asteriskToken && !isAsync(t, node)) {
      const id = `__wb+${table.length}`;
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      table.push([nameOf(t, node), line]);
      const b = node.body;
      const enter = `const __wT=__wE(${id});try{`;
      const exit = `}finally{__wX(__wT,${id})}`;
      if (t.isBlock(b)) {
        edits.push([b.getStart(sf) + 1, enter]);
        edits.push([b.end - 1, exit]);
      } else {
        // An arrow's expression body: parenthesised, as it may be an object literal.
        edits.push([b.getStart(sf), `{${enter}return (`]);
        edits.push([b.end, `)${exit}}`]);
      }
    }
    t.forEachChild(node, visit);
  };
  visit(sf);
  edits.sort((a, b) => b[0] - a[0]);
  let out = text;
  for (const [at, s] of edits) out = out.slice(0, at) + s + out.slice(at);
  const prologue =
    `const __wb=globalThis.__walk.module(${JSON.stringify(rel)},${JSON.stringify(table)}),` +
    `__wE=globalThis.__walk.enter,__wX=globalThis.__walk.exit;`;
  return prologue + out;
}

function isAsync(t, node) {
  return (t.getCombinedModifierFlags(node) & t.ModifierFlags.Async) !== 0;
}

/** A function's name for reading: its own, or that of the variable or property it is bound to. */
function nameOf(t, node) {
  const cls =
    node.parent && t.isClassLike(node.parent) ? `${node.parent.name?.text ?? 'class'}.` : '';
  if (t.isConstructorDeclaration(node)) return `${cls}constructor`;
  if (node.name && t.isIdentifier(node.name)) return cls + node.name.text;
  const p = node.parent;
  if (p && (t.isVariableDeclaration(p) || t.isPropertyAssignment(p) || t.isPropertyDeclaration(p)))
    if (t.isIdentifier(p.name)) return p.name.text;
  return '(anonymous)';
}

// ---- The recorder (main thread)

/** While on, the trace of the instrumented functions: an id on entry, ~id on exit. */
function recorder() {
  const files = []; // file id -> path under dist/
  const fns = []; // function id -> { file, name, line }
  let trace = [];
  let on = false;
  let depth = 0;
  return {
    files,
    fns,
    /** A module's functions, numbered from the id returned. */
    module(rel, table) {
      files.push(rel);
      const base = fns.length;
      for (const [name, line] of table) fns.push({ file: files.length - 1, name, line });
      return base;
    },
    enter(f) {
      if (on) trace.push(f);
      return ++depth;
    },
    exit(d, f) {
      depth = d - 1;
      if (on) trace.push(~f);
    },
    measure(fn) {
      trace = [];
      on = true;
      try {
        return { value: fn(), trace };
      } finally {
        on = false;
      }
    },
  };
}

// ---- The walk of a trace

/**
 * The walk of `trace` under `view` (see the top of the file), as a trace of enters and exits;
 * functions in `before` (the trace of what the request ran before) are not followed again, their
 * frames transparent: what they call is nested in the frame around them.
 */
export function walkTrace(trace, view = 'tree', before = []) {
  const old = new Set(before.filter((e) => e >= 0));
  if (view === 'tree') {
    const children = new Map([[-1, []]]);
    const stack = [-1];
    for (const e of trace) {
      if (e < 0) stack.pop();
      else if (old.has(e)) stack.push(stack[stack.length - 1]);
      else {
        if (!children.has(e)) {
          children.get(stack[stack.length - 1]).push(e);
          children.set(e, []);
        }
        stack.push(e);
      }
    }
    const out = [];
    const todo = [...children.get(-1)].reverse();
    while (todo.length) {
      const e = todo.pop();
      out.push(e);
      if (e >= 0) todo.push(~e, ...[...children.get(e)].reverse());
    }
    return out;
  }
  if (view !== 'all' && view !== 'first') throw new Error(`walk: no view ${view}`);
  const out = [];
  const seen = new Set(old);
  const kept = [];
  for (const e of trace) {
    if (e >= 0) {
      const k = view === 'all' ? !old.has(e) : !seen.has(e);
      seen.add(e);
      kept.push(k);
      if (k) out.push(e);
    } else if (kept.pop()) out.push(e);
  }
  return out;
}

/** A file's stage (`compile/algorithm.js`: compile; `api.js`: api). */
const stageOf = (rel) =>
  rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : rel.replace(/\.js$/, '');

/**
 * The figures of a walk (`events`, from walkTrace): stays, rooms, returns and climbs, with the
 * climbs' two kinds, the returns that go up a stage, and the rooms and stays in order.
 */
export function walkFigures(events, fns, files, level) {
  const levelOf = (file) => {
    const l = level.get(stageOf(files[file]));
    if (l === undefined) throw new Error(`walk: stage of ${files[file]} has no level`);
    return l;
  };
  const room = (file) => `src/${files[file].replace(/\.js$/, '.ts')}`;
  const stack = []; // the rooms of the frames
  const onStack = new Map();
  const stays = [];
  const climbs = new Map(); // 'from -> to' -> count
  const n = { calls: 0, climbs: 0, upStage: 0, reentries: 0, returnsUp: 0 };
  for (const e of events) {
    if (e >= 0) {
      const f = fns[e].file;
      const prev = stack.length ? stack[stack.length - 1] : -1;
      n.calls++;
      if (f !== prev) {
        stays.push(f);
        // Up a stage (a callback from below), or back into a room of the stack within a stage
        // (a callback there); a call down a stage is none, into whatever room.
        const up = prev >= 0 && levelOf(f) > levelOf(prev);
        const again = prev >= 0 && levelOf(f) === levelOf(prev) && (onStack.get(f) ?? 0) > 0;
        if (up) n.upStage++;
        if (again) n.reentries++;
        if (up || again) {
          n.climbs++;
          const k = `${room(prev)} -> ${room(f)}`;
          climbs.set(k, (climbs.get(k) ?? 0) + 1);
        }
      }
      stack.push(f);
      onStack.set(f, (onStack.get(f) ?? 0) + 1);
    } else {
      const f = stack.pop();
      onStack.set(f, onStack.get(f) - 1);
      const next = stack.length ? stack[stack.length - 1] : -1;
      if (next >= 0 && next !== f) {
        stays.push(next);
        if (levelOf(next) > levelOf(f)) n.returnsUp++;
      }
    }
  }
  const seen = new Set();
  let returns = 0;
  for (const r of stays) seen.has(r) ? returns++ : seen.add(r);
  const count = new Map();
  for (const r of stays) count.set(r, (count.get(r) ?? 0) + 1);
  return {
    stays: stays.length,
    rooms: seen.size,
    returns,
    ...n,
    roomsInOrder: [...seen].map((r) => [room(r), count.get(r)]),
    staysInOrder: stays.map(room),
    climbsByPair: [...climbs].sort((a, b) => b[1] - a[1]),
  };
}

/** The stages' levels from a checkout's test/layering.test.ts (`const LEVELS = [[...], ...]`). */
function levelsOf(root) {
  const text = readFileSync(resolve(root, 'test/layering.test.ts'), 'utf8');
  const at = text.indexOf('const LEVELS');
  const block = text.slice(at, text.indexOf('];', at));
  const level = new Map();
  [...block.matchAll(/\[([^[\]]*)\]/g)].forEach((m, i) => {
    for (const name of m[1].matchAll(/'([^']+)'/g)) level.set(name[1], i);
  });
  if (at < 0 || !level.size) throw new Error(`walk: no LEVELS in ${root}/test/layering.test.ts`);
  return level;
}

function line(what, w) {
  return (
    `${what}: ${w.stays} stays in ${w.rooms} rooms, ${w.returns} returns, ${w.climbs} climbs` +
    ` (${w.upStage} up a stage, ${w.reentries} back into a room on the stack within a stage; ${w.returnsUp} returns` +
    ` up a stage; ${w.calls} calls)`
  );
}

function print(what, w, stays) {
  console.log(line(what, w));
  console.log(
    `  rooms in order (stays): ${w.roomsInOrder.map(([r, k]) => `${r} (${k})`).join(', ')}`,
  );
  console.log(`  climbs: ${w.climbsByPair.map(([k, c]) => `${k} (${c})`).join('; ') || 'none'}`);
  if (stays) console.log(`  stays: ${w.staysInOrder.join(' ')}`);
}

async function main() {
  const { parseArgs } = await import('node:util');
  const { values: o } = parseArgs({
    options: {
      root: { type: 'string', default: '.' },
      algorithm: { type: 'string', default: 'de' },
      problem: { type: 'string', default: 'rastrigin' },
      dim: { type: 'string', default: '10' },
      emit: { type: 'string', default: 'wgsl' },
      view: { type: 'string', default: 'tree' },
      separate: { type: 'boolean', default: false },
      stays: { type: 'boolean', default: false },
      variants: { type: 'boolean', default: false },
    },
  });
  const root = resolve(o.root);
  const url = pathToFileURL(resolve(root, 'dist')).href + '/';
  const level = levelsOf(root);
  const rec = recorder();
  globalThis.__walk = rec;
  register(import.meta.url, { data: { distUrl: url } });
  // The request finds its files as the command would, from ROOT (its stdlib).
  process.chdir(root);
  const api = await import(url + 'api.js');
  const req = {
    algorithm: o.algorithm,
    problem: o.problem,
    dim: Number(o.dim),
    set: {},
    files: [],
  };
  const parsed = rec.measure(() => api.parseChecked({ files: req.files }));
  const compiled = rec.measure(() => api.compileAlgorithm(req));
  const emitted = rec.measure(() => api.emitAlgorithm(compiled.value, o.emit));
  console.log(`walk of ${o.algorithm} on ${o.problem}, D = ${o.dim}, --emit ${o.emit} (${root})`);
  const parts = [
    ['parse', parsed],
    ['compileAlgorithm', compiled],
    ['emitAlgorithm', emitted],
  ];
  const figures = (view, separate) =>
    parts.map(([what, r], i) => {
      const before = separate ? [] : parts.slice(0, i).flatMap(([, p]) => p.trace);
      return [what, walkFigures(walkTrace(r.trace, view, before), rec.fns, rec.files, level)];
    });
  if (o.variants) {
    for (const view of ['tree', 'first', 'all'])
      for (const separate of [false, true]) {
        console.log(`-- view ${view}${separate ? ', --separate' : ''}`);
        for (const [what, w] of figures(view, separate)) console.log(line(what, w));
      }
    return;
  }
  for (const [what, w] of figures(o.view, o.separate)) print(what, w, o.stays);
}

if (isMainThread && process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]))
  await main();
