// The algorithms of the `gen` tests (test/algo/gen.test.ts, test/gpu/gen.gpu.test.ts): one that
// writes the generation number into state arrays, directly, through a generation-level let and
// through a host condition, and a PSO with a linearly decreasing inertia weight.

export const GEN_SRC = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm gens(N = 4) {
  population X[N]
  state G[N] = -5        // gen, written by every individual
  state H[N] = -5        // gen through a generation-level let
  state C[N] = 0         // generations in which the host condition on gen held
  generation {
    let h = gen * 2
    each i in X {
      G[i] = gen
      H[i] = h / 2
    }
    if gen % 3 == 1 {
      each i in X {
        C[i] = C[i] + 1
      }
    }
  }
}
// PSO with a linearly decreasing inertia weight (w0 at the first generation, w1 at Gmax).
algorithm ldpso(N = 16, w0 = 0.9, w1 = 0.4, Gmax = 100, c1 = 1.5, c2 = 1.5) {
  population P[N]
  population B[N] = P
  state V[N][D] = 0
  generation {
    let w = w0 - (w0 - w1) * gen / Gmax
    let g = argmin(k < N) f(B[k])
    each i in P {
      let v[j] = w * V[i][j] + c1 * rand() * (B[i][j] - P[i][j]) + c2 * rand() * (B[g][j] - P[i][j])
      V[i] = v
      P[i] = clamp(P[i] + v, lo, hi)
    }
    each i in B {
      B[i] = better(P[i], B[i])
    }
  }
}
`;
