// Problem lists that a GPU test and its long-stage part (test/long) share.

/** CEC 2017's functions (F2 was withdrawn by the organisers). */
export const CEC2017 = [
  1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
  28,
];

/**
 * CEC 2014's functions at D = 30 in the long stage: all but the compositions with Katsuura or
 * Weierstrass (F26, F27, F29, F30: ten or so float-float rotations an evaluation), which run at
 * D = 10 only.
 */
export const CEC2014_D30 = Array.from({ length: 30 }, (_, k) => k + 1).filter(
  (f) => ![26, 27, 29, 30].includes(f),
);
