// The problems of the NaN tests (test/algo/nan.test.ts, test/gpu/nan.gpu.test.ts).

/** NaN where x[0] < 0: on about half of its box; its minimum 0 at the origin. */
export const HALFNAN = 'problem halfnan(x[D]) in [-1, 1] { sqrt(x[0]) + sum(i) x[i]^2 }\n';
/** NaN everywhere in its box. */
export const ALLNAN = 'problem allnan(x[D]) in [-1, 1] { sqrt(-1 - x[0]^2) + sum(i) x[i]^2 }\n';
/** The seeds of issue 34: 1, 2, 3, 5, 7 and 8 refused to start, 4 and 6 ran. */
export const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
