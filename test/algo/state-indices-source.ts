// An algorithm whose state initialisers name their indices (`state C[i < D][j < D] = ...`,
// issue 37 item 1), for test/algo/state-indices.test.ts (CPU) and its GPU twin.
export const STATE_INDICES_SRC = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm idx(N = 5) {
  population X[N]
  state C[i < D][j < D] = if i == j then 1 else 0
  state S[k < N] = k / N + 0.25
  state W[X][j < 3] = 10 * j + 1
  state R[i < N][j < 2] = rand() + 2 * i + j
  generation {
    each k in X {
      let x[j] = X[k][j]
      X[k] = x
    }
  }
}
`;
