// Small programs with every kind of stage: every reduction, stored and fused scans (fused: by the
// tiles' totals and a rescan in the split regime), stages, dynamic bounds. The regime tests
// (regimes.gpu.test.ts) run them on the GPU; the WGSL golden test (test/codegen) keeps their code.

export const KINDS = {
  'kinds.opt': `
problem reductions(x[D]) in [-10, 10] optimum 0 {
  let a = sum(i) x[i]^2
  let b = prod(i) (1 + 0.01 * x[i])
  let c = min(i) x[i]
  let d = max(i < D - 1) x[i + 1]
  let e = count(i) (x[i] > 0)
  let f = argmin(i) abs(x[i] - 1)
  let g = argmax(i where i % 3 != 1) x[i]
  let h = mean(i in 0..D) x[i]   // an empty mean is NaN on the CPU, unspecified on the GPU (docs/language.md)
  a + b + c * 3 + d + e + f * 0.5 + g * 0.25 + h
}
problem neighbours(x[D]) in [-10, 10] optimum 0 {
  let z[i] = x[i] * 2 - 1
  sum(i) (z[i] * z[(i + 1) % D] + z[(i + D - 1) % D])
}
problem scans(x[D]) in [-10, 10] optimum 0 {
  let s[i] = sum(j <= i) x[j]
  let t[i] = sum(j < i) x[j] * 0.5
  sum(i) (s[i]^2 + t[i]) + s[D - 1]
}
problem stages(x[D]) in [-10, 10] optimum 0 {
  let m = sum(i) x[i] / D
  let v = sum(i) (x[i] - m)^2
  sqrt(v / D) + max(i) abs(x[i] - m)
}
problem dynamic_bounds(x[D]) in [-10, 10] optimum 0 {
  let k = count(i) (x[i] > 0)
  let m = idiv(D, 3)
  sum(i < k) x[i]^2 + max(i in m..k) x[i]
}
problem scan_sin(x[D]) in [-10, 10] optimum 0 {
  let s[i] = sum(j <= i) x[j] * 0.01
  sum(i) sin(s[i]) + sum(i) (s[i]^3 - 2 * s[i] * x[i])
}
problem matvec(x[D]) in [-10, 10] optimum 0 {
  let y[i] = sum(j) (1 + ((i + j) % 5)) * x[j] / D
  sum(i) y[i]^2
}
`,
};
