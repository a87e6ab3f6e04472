import { it } from 'vitest';
import { algo, runCpu } from './helpers.js';
it('dbg', async () => {
    const c = algo('sep_cmaes', 'rastrigin', 10, {lambda: '200'});
    for (const g of [1, 5, 20, 50, 100, 300]) {
      const { e } = await runCpu(c, { seed: 1, maxGenerations: g });
      console.log(g, (await e.readArray('sigma'))[0], Array.from(await e.readArray('C')).map(v=>v.toExponential(1)).join(' '), Array.from(await e.readArray('m')).map(v=>v.toFixed(2)).join(' '), Math.min(...Array.from(await e.readArray('X.f'))));
    }
}, 100000);
