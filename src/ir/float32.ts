// Float32 neighbours of a float64 value: the GPU holds its numbers in float32, and a bound it
// clips to must lie inside the box the problem declares in float64.

const f32a = new Float32Array(1);
const i32a = new Int32Array(f32a.buffer);

/** The next float32 above (dir 1) or below (dir -1) x, a float32. */
export function nextFloat32(x: number, dir: 1 | -1): number {
  if (x === 0) return dir * 2 ** -149;
  f32a[0] = x;
  i32a[0] = i32a[0]! + (x > 0 === dir > 0 ? 1 : -1);
  return f32a[0]!;
}

/**
 * The float32 nearest x on the inside of a bound: the smallest float32 >= x (dir 1, a lower
 * bound) or the largest float32 <= x (dir -1, an upper bound). x itself where float32 holds it.
 */
export function inwardFloat32(x: number, dir: 1 | -1): number {
  if (!Number.isFinite(x)) return x;
  const r = Math.fround(x);
  return dir > 0 ? (r < x ? nextFloat32(r, 1) : r) : r > x ? nextFloat32(r, -1) : r;
}
