// An algorithm whose `repeat` names its iteration (`repeat r < K { ... }`, issue 37 item 1): the
// index in steps' values, in a counted step's count (a host expression) and in a column's choice,
// for test/algo/repeat-index.test.ts (CPU), its GPU twin and the algorithm IR's round trip.
export const REPEAT_INDEX_SRC = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm rep(N = 4, K = 3) {
  population X[N]
  state acc[N] = 0
  state sq[N] = 0
  state pre[N] = 0
  state last[N][3] = -1
  generation {
    repeat r < K {
      each i in X {
        acc[i] = acc[i] + r
        sq[i] = sq[i] + r * r
      }
      each i in X[:r + 1] {
        pre[i] = pre[i] + 1
      }
      each i in X {
        last[i][j] = if j == r then gen else last[i][j]
      }
    }
  }
}
`;

/** The state after `g` generations, as the program says (N = 4, K = 3). */
export function repeatIndexState(g: number): Record<string, number[]> {
  return {
    acc: Array(4).fill((0 + 1 + 2) * g),
    sq: Array(4).fill((0 + 1 + 4) * g),
    // Iteration r runs rows 0..r: row i runs K - i times a generation.
    pre: [3, 2, 1, 0].map((n) => n * g),
    last: Array(4)
      .fill([g - 1, g - 1, g - 1])
      .flat(),
  };
}
