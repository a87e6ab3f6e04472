// Summarises a V8 CPU profile (node --cpu-prof): self time per function, the largest first.
// Usage: node scripts/cpuprof-summary.mjs FILE.cpuprofile [N]
import { readFileSync } from 'node:fs';

const [file, n = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpuprof-summary.mjs FILE.cpuprofile [N]');
  process.exit(2);
}
const p = JSON.parse(readFileSync(file, 'utf8'));
const sampled = new Map();
p.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
const self = new Map();
for (const node of p.nodes) {
  const f = node.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (sampled.get(node.id) ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(n)))
  console.log(
    `${(us / 1000).toFixed(0).padStart(8)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`,
  );
