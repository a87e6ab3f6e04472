// Seed 004's random-keys problems on the GPU against the CPU backend. The keys are the same float32
// values on both, so every comparison (which key is smaller, which machine a key truncates to)
// agrees exactly; what remains is float32 summation of integers (LOP) and of ETC entries, which
// the running error bound covers (`worst` <= 1, as for every stdlib problem).

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error(
    'no WebGPU adapter: GPU tests need one (lavapipe: scripts/ensure-lavapipe.sh), or set OPT_ALLOW_NO_GPU=1',
  );

describe.skipIf(!ctx)(
  'random-keys problems: GPU against CPU within the float32 error bound',
  () => {
    it.each([
      ['lolib_be75eec', 50],
      ['nlolib_stabu70', 60],
      ['lolib_usa79', 79],
      ['lolib_tiw56r72', 56],
    ] as const)('%s (n = %i)', async (name, n) => {
      const c = await compareOnGpu(ctx!, name, n, 4, 404);
      expect(c.worst).toBeLessThanOrEqual(1);
    });

    it('rank, argsort and sort: exact on the GPU (one kernel, a team per individual)', async () => {
      const src = {
        'order.opt': `problem order(x[D]) in [0, 1] { let p = argsort(x)
  let r = rank(x)
  let s = sort(x)
  sum(a) (p[a] * D^a + r[a] * 7^a + s[a] * 3^a) }`,
      };
      const c = await compareOnGpu(ctx!, 'order', 8, 5, 406, { sources: src });
      expect(c.problem.ir.schedule!.kernels).toBe(1);
      expect(c.worst).toBeLessThanOrEqual(1);
    });

    it.each(['etc_makespan_u_c_hihi', 'etc_flowtime_u_i_lolo', 'etc_makespan_u_s_lohi'])(
      '%s',
      async (name) => {
        const c = await compareOnGpu(ctx!, name, 512, 3, 405);
        expect(c.worst).toBeLessThanOrEqual(1);
      },
    );
  },
);
