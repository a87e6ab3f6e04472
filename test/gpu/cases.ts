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

/**
 * The CEC functions the test command checks at D = 10 (test/stage.ts): every basic function, one
 * hybrid and one composition of each suite (the cheapest to compile: lavapipe takes 4 to 23 s for
 * each composition's kernel from an empty shader cache, issue 36, item 5). The long stage checks
 * the others at D = 10. The float-float arguments of Weierstrass and Katsuura (passes/turns.ts)
 * stay in the test command through CEC 2014 F6 and F12 and the classic `katsuura`.
 */
export const CEC2017_QUICK = [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 21];
export const CEC2014_QUICK = [...Array.from({ length: 16 }, (_, k) => k + 1), 17, 24];

/** Whether the test command checks the standard problem `name` at D = 10 (CEC2017_QUICK). */
export function quickAtD10(name: string): boolean {
  const m = /^cec(2017|2014)_f(\d+)$/.exec(name);
  if (!m) return true;
  return (m[1] === '2017' ? CEC2017_QUICK : CEC2014_QUICK).includes(Number(m[2]));
}
