// Whether two experiments' results databases hold the same results, bit for bit (issue 36: a
// batch on its own schedule against the runs on a run alone's): every run's evaluations,
// generations, stop, fitnesses, errors and best point, and every record row. Times differ and are
// left out. Prints the rows that differ (the first ten) and a summary line; exits 1 if any do.
// Usage: node scripts/compare-results.mjs A/results.sqlite B/results.sqlite
import Database from 'better-sqlite3';

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node scripts/compare-results.mjs A/results.sqlite B/results.sqlite');
  process.exit(2);
}
const open = (f) => new Database(f, { readonly: true, fileMustExist: true });
const A = open(a);
const B = open(b);
const queries = {
  run: `SELECT c.problem || ' D' || c.dim || ' run ' || r.run AS k, r.evals, r.generations, r.stopped,
        r.best_fitness, r.best_error, r.device_fitness, r.device_error, hex(r.best_point) AS point, r.in_box
        FROM run r JOIN cell c ON c.id = r.cell ORDER BY c.problem, c.dim, r.run`,
  record: `SELECT c.problem || ' D' || c.dim || ' run ' || r.run || ' at ' || r.fraction AS k, r.evals, r.best, r.error
        FROM record r JOIN cell c ON c.id = r.cell ORDER BY c.problem, c.dim, r.run, r.fraction`,
};
let differ = 0;
let rows = 0;
for (const [table, q] of Object.entries(queries)) {
  const ra = new Map(A.prepare(q).all().map((r) => [r.k, r]));
  const rb = new Map(B.prepare(q).all().map((r) => [r.k, r]));
  for (const k of new Set([...ra.keys(), ...rb.keys()])) {
    rows++;
    const x = ra.get(k);
    const y = rb.get(k);
    const fields = x && y ? Object.keys(x).filter((f) => x[f] !== y[f]) : ['(missing)'];
    if (fields.length === 0) continue;
    if (differ++ < 10)
      console.log(`${table} ${k}: ${fields.map((f) => `${f} ${x?.[f]} / ${y?.[f]}`).join('; ')}`.slice(0, 400));
  }
}
console.log(`${rows} rows compared, ${differ} differ`);
process.exit(differ ? 1 : 0);
