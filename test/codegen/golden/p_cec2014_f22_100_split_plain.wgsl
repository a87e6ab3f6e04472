// ---- evaluate uses P,SCR,DATA,X,F
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> X: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> F: array<f32>;
@group(0) @binding(3) var<storage, read> DATA: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
override WG: u32 = 64u;
var<workgroup> shf: array<f32, 384>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let team = lid / 64u;
  let lane = lid % 64u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  for (var iv: i32 = i32(lane); iv < 100i; iv += 64i) {
    let i_i1 = iv;
    var t0: f32 = 0.0f;
    for (var q: i32 = 0i; q < 25i; q++) {
      let xv = X[(xo >> 2u) + u32(q)];
      let dv10000 = DATA[2500u + u32(q)];
      let dv20200 = DATA[5050u + u32(q)];
      {
        let i_j2 = q * 4i + 0i;
        t0 = fma(DATA[0u + u32(i_j2) * 25u + (u32(i_i1) >> 2u)][u32(i_i1) & 3u], ((xv[0] - dv10000[0]) - dv20200[0]), t0);
      }
      {
        let i_j2 = q * 4i + 1i;
        t0 = fma(DATA[0u + u32(i_j2) * 25u + (u32(i_i1) >> 2u)][u32(i_i1) & 3u], ((xv[1] - dv10000[1]) - dv20200[1]), t0);
      }
      {
        let i_j2 = q * 4i + 2i;
        t0 = fma(DATA[0u + u32(i_j2) * 25u + (u32(i_i1) >> 2u)][u32(i_i1) & 3u], ((xv[2] - dv10000[2]) - dv20200[2]), t0);
      }
      {
        let i_j2 = q * 4i + 3i;
        t0 = fma(DATA[0u + u32(i_j2) * 25u + (u32(i_i1) >> 2u)][u32(i_i1) & 3u], ((xv[3] - dv10000[3]) - dv20200[3]), t0);
      }
    }
    if (valid) { SCR[n * 210u + 0u + u32(iv)] = t0; }
  }
  storageBarrier();
  for (var iv: i32 = i32(lane); iv < 40i; iv += 64i) {
    let i_i1p = iv;
    var t1: vec2<f32> = vec2<f32>(0.0f, 0.0f);
    for (var i_j2: i32 = (25i * opt_imod(i_i1p, 4i)); i_j2 < ((25i * opt_imod(i_i1p, 4i)) + 25i); i_j2++) {
      let t2 = ff_add(X[(xo + u32(i_j2)) >> 2u][(xo + u32(i_j2)) & 3u], 0.0f, (-DATA[(10000u + u32(i_j2)) >> 2u][(10000u + u32(i_j2)) & 3u]), (-DATA[(20200u + u32(i_j2)) >> 2u][(20200u + u32(i_j2)) & 3u]));
      let t3 = ff_mul2(DATA[0u + u32(i_j2) * 25u + (u32((i32(DATA[(10100u + u32(opt_idiv(i_i1p, 4i))) >> 2u][(10100u + u32(opt_idiv(i_i1p, 4i))) & 3u]) - 1i)) >> 2u)][u32((i32(DATA[(10100u + u32(opt_idiv(i_i1p, 4i))) >> 2u][(10100u + u32(opt_idiv(i_i1p, 4i))) & 3u]) - 1i)) & 3u], DATA[2550u + u32(i_j2) * 25u + (u32((i32(DATA[(10100u + u32(opt_idiv(i_i1p, 4i))) >> 2u][(10100u + u32(opt_idiv(i_i1p, 4i))) & 3u]) - 1i)) >> 2u)][u32((i32(DATA[(10100u + u32(opt_idiv(i_i1p, 4i))) >> 2u][(10100u + u32(opt_idiv(i_i1p, 4i))) & 3u]) - 1i)) & 3u], t2.x, t2.y);
      t1 = ff_add(t1.x, t1.y, t3.x, t3.y);
    }
    if (valid) { SCR[n * 210u + 100u + u32(iv)] = t1.x; }
    if (valid) { SCR[n * 210u + 140u + u32(iv)] = t1.y; }
  }
  storageBarrier();
  for (var iv: i32 = i32(lane); iv < 10i; iv += 64i) {
    let i_i4 = iv;
    let t5 = ff_add(SCR[n * 210u + 100u + u32((i_i4 * 4i))], SCR[n * 210u + 140u + u32((i_i4 * 4i))], SCR[n * 210u + 100u + u32(((i_i4 * 4i) + 1i))], SCR[n * 210u + 140u + u32(((i_i4 * 4i) + 1i))]);
    let t6 = ff_add(SCR[n * 210u + 100u + u32(((i_i4 * 4i) + 2i))], SCR[n * 210u + 140u + u32(((i_i4 * 4i) + 2i))], SCR[n * 210u + 100u + u32(((i_i4 * 4i) + 3i))], SCR[n * 210u + 140u + u32(((i_i4 * 4i) + 3i))]);
    let t7 = ff_add(t5.x, t5.y, t6.x, t6.y);
    let t8 = ff_mul2(t7.x, t7.y, 0.05000000074505806f, -7.450580707946131e-10f);
    if (valid) { SCR[n * 210u + 180u + u32(iv)] = t8.x; }
  }
  storageBarrier();
  for (var iv: i32 = i32(lane); iv < 10i; iv += 64i) {
    let i_i4 = iv;
    let t9 = ff_add(SCR[n * 210u + 100u + u32((i_i4 * 4i))], SCR[n * 210u + 140u + u32((i_i4 * 4i))], SCR[n * 210u + 100u + u32(((i_i4 * 4i) + 1i))], SCR[n * 210u + 140u + u32(((i_i4 * 4i) + 1i))]);
    let t10 = ff_add(SCR[n * 210u + 100u + u32(((i_i4 * 4i) + 2i))], SCR[n * 210u + 140u + u32(((i_i4 * 4i) + 2i))], SCR[n * 210u + 100u + u32(((i_i4 * 4i) + 3i))], SCR[n * 210u + 140u + u32(((i_i4 * 4i) + 3i))]);
    let t11 = ff_add(t9.x, t9.y, t10.x, t10.y);
    let t12 = ff_mul2(t11.x, t11.y, 0.05000000074505806f, -7.450580707946131e-10f);
    if (valid) { SCR[n * 210u + 190u + u32(iv)] = t12.y; }
  }
  storageBarrier();
  var acc_cec14_hf6_cec17_happycat_r2_c: f32 = 0.0f;
  var acc_r0: f32 = 0.0f;
  var acc_r1: f32 = 0.0f;
  var acc_r2: f32 = 0.0f;
  var acc_r3: f32 = 0.0f;
  var acc_r4: f32 = 0.0f;
  {
    let vl = i32(lane);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 8i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 20i) {
          let i_i9 = e0;
          acc_cec14_hf6_cec17_happycat_r2_c = fma((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i9 + 10i))) >> 2u][(10100u + u32((i_i9 + 10i))) & 3u]) - 1i))]), (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i9 + 10i))) >> 2u][(10100u + u32((i_i9 + 10i))) & 3u]) - 1i))], (-2.0f))), acc_cec14_hf6_cec17_happycat_r2_c);
        }
        if (e0 >= 0i && e0 < 20i) {
          let i_i10 = e0;
          acc_r0 = fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i10 + 10i))) >> 2u][(10100u + u32((i_i10 + 10i))) & 3u]) - 1i))], acc_r0);
        }
        if (e0 >= 0i && e0 < 20i) {
          let i_i14 = e0;
          let t13 = (fma((-0.05f), SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) >> 2u][(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) & 3u]) - 1i))], ((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]) * (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))], 2.0f)))));
          let t14 = (0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]);
          let t15 = (fma(t14, t14, (100.0f * (t13 * t13))));
          let t16 = (fma((-0.05f), SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) >> 2u][(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) & 3u]) - 1i))], ((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]) * (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))], 2.0f)))));
          let t17 = (0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]);
          let t18 = sin((0.5f * (fma(t17, t17, (100.0f * (t16 * t16))))));
          acc_r1 = acc_r1 + (fma(2.0f, (t18 * t18), ((t15 * t15) / 4000.0f)));
        }
        if (e0 >= 0i && e0 < 20i) {
          let i_i18 = e0;
          acc_r2 = acc_r2 + select(select((-select((fma((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), sin(sqrt(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))))), (-418.9828872724338f))), ((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) * (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), -2.0956472705273607e-21f, -3.2109383164598228e-18f)), 1.0671306680282953e-15f)), 1.9584001034243888e-13f)), -1.2410554683071417e-10f)), -3.184960792866908e-9f)), 0.000006346454337050152f)), -0.000048553540565170216f)), -0.12618353106702496f)), 3.3433214752243146e-8f))), (abs((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))])) < 4.0f))), ((fma((-(-500.0f + opt_fmod(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))), 500.0f))), sin(sqrt((500.0f - opt_fmod(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))), 500.0f)))), ((((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f) * (opt_keep(((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f)) + 18.41937492455007f)) / 20.0f))) + 423.2238044300731f), ((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)) < f32(-500i))), ((fma((-(500.0f - opt_fmod((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), 500.0f))), sin(sqrt((500.0f - opt_fmod((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), 500.0f)))), ((((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f) * (opt_keep(((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f)) - 1.5806250754499285f)) / 20.0f))) + 419.0141169677981f), ((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)) > f32(500i)));
        }
        if (e0 >= 0i && e0 < 30i) {
          let i_i20 = e0;
          let t19 = SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i20 + 70i))) >> 2u][(10100u + u32((i_i20 + 70i))) & 3u]) - 1i))];
          acc_r3 = acc_r3 + opt_keep(((t19 * t19) / 30.0f));
        }
        if (e0 >= 0i && e0 < 30i) {
          let i_i21 = e0;
          acc_r4 = acc_r4 + opt_keep((cos((6.283185307179586f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i21 + 70i))) >> 2u][(10100u + u32((i_i21 + 70i))) & 3u]) - 1i))])) / 30.0f));
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 20i) {
          let i_i9 = e1;
          acc_cec14_hf6_cec17_happycat_r2_c = fma((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i9 + 10i))) >> 2u][(10100u + u32((i_i9 + 10i))) & 3u]) - 1i))]), (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i9 + 10i))) >> 2u][(10100u + u32((i_i9 + 10i))) & 3u]) - 1i))], (-2.0f))), acc_cec14_hf6_cec17_happycat_r2_c);
        }
        if (e1 >= 0i && e1 < 20i) {
          let i_i10 = e1;
          acc_r0 = fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i10 + 10i))) >> 2u][(10100u + u32((i_i10 + 10i))) & 3u]) - 1i))], acc_r0);
        }
        if (e1 >= 0i && e1 < 20i) {
          let i_i14 = e1;
          let t20 = (fma((-0.05f), SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) >> 2u][(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) & 3u]) - 1i))], ((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]) * (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))], 2.0f)))));
          let t21 = (0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]);
          let t22 = (fma(t21, t21, (100.0f * (t20 * t20))));
          let t23 = (fma((-0.05f), SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) >> 2u][(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) & 3u]) - 1i))], ((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]) * (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))], 2.0f)))));
          let t24 = (0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]);
          let t25 = sin((0.5f * (fma(t24, t24, (100.0f * (t23 * t23))))));
          acc_r1 = acc_r1 + (fma(2.0f, (t25 * t25), ((t22 * t22) / 4000.0f)));
        }
        if (e1 >= 0i && e1 < 20i) {
          let i_i18 = e1;
          acc_r2 = acc_r2 + select(select((-select((fma((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), sin(sqrt(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))))), (-418.9828872724338f))), ((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) * (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), -2.0956472705273607e-21f, -3.2109383164598228e-18f)), 1.0671306680282953e-15f)), 1.9584001034243888e-13f)), -1.2410554683071417e-10f)), -3.184960792866908e-9f)), 0.000006346454337050152f)), -0.000048553540565170216f)), -0.12618353106702496f)), 3.3433214752243146e-8f))), (abs((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))])) < 4.0f))), ((fma((-(-500.0f + opt_fmod(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))), 500.0f))), sin(sqrt((500.0f - opt_fmod(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))), 500.0f)))), ((((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f) * (opt_keep(((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f)) + 18.41937492455007f)) / 20.0f))) + 423.2238044300731f), ((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)) < f32(-500i))), ((fma((-(500.0f - opt_fmod((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), 500.0f))), sin(sqrt((500.0f - opt_fmod((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), 500.0f)))), ((((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f) * (opt_keep(((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f)) - 1.5806250754499285f)) / 20.0f))) + 419.0141169677981f), ((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)) > f32(500i)));
        }
        if (e1 >= 0i && e1 < 30i) {
          let i_i20 = e1;
          let t26 = SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i20 + 70i))) >> 2u][(10100u + u32((i_i20 + 70i))) & 3u]) - 1i))];
          acc_r3 = acc_r3 + opt_keep(((t26 * t26) / 30.0f));
        }
        if (e1 >= 0i && e1 < 30i) {
          let i_i21 = e1;
          acc_r4 = acc_r4 + opt_keep((cos((6.283185307179586f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i21 + 70i))) >> 2u][(10100u + u32((i_i21 + 70i))) & 3u]) - 1i))])) / 30.0f));
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 20i) {
          let i_i9 = e2;
          acc_cec14_hf6_cec17_happycat_r2_c = fma((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i9 + 10i))) >> 2u][(10100u + u32((i_i9 + 10i))) & 3u]) - 1i))]), (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i9 + 10i))) >> 2u][(10100u + u32((i_i9 + 10i))) & 3u]) - 1i))], (-2.0f))), acc_cec14_hf6_cec17_happycat_r2_c);
        }
        if (e2 >= 0i && e2 < 20i) {
          let i_i10 = e2;
          acc_r0 = fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i10 + 10i))) >> 2u][(10100u + u32((i_i10 + 10i))) & 3u]) - 1i))], acc_r0);
        }
        if (e2 >= 0i && e2 < 20i) {
          let i_i14 = e2;
          let t27 = (fma((-0.05f), SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) >> 2u][(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) & 3u]) - 1i))], ((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]) * (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))], 2.0f)))));
          let t28 = (0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]);
          let t29 = (fma(t28, t28, (100.0f * (t27 * t27))));
          let t30 = (fma((-0.05f), SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) >> 2u][(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) & 3u]) - 1i))], ((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]) * (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))], 2.0f)))));
          let t31 = (0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]);
          let t32 = sin((0.5f * (fma(t31, t31, (100.0f * (t30 * t30))))));
          acc_r1 = acc_r1 + (fma(2.0f, (t32 * t32), ((t29 * t29) / 4000.0f)));
        }
        if (e2 >= 0i && e2 < 20i) {
          let i_i18 = e2;
          acc_r2 = acc_r2 + select(select((-select((fma((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), sin(sqrt(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))))), (-418.9828872724338f))), ((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) * (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), -2.0956472705273607e-21f, -3.2109383164598228e-18f)), 1.0671306680282953e-15f)), 1.9584001034243888e-13f)), -1.2410554683071417e-10f)), -3.184960792866908e-9f)), 0.000006346454337050152f)), -0.000048553540565170216f)), -0.12618353106702496f)), 3.3433214752243146e-8f))), (abs((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))])) < 4.0f))), ((fma((-(-500.0f + opt_fmod(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))), 500.0f))), sin(sqrt((500.0f - opt_fmod(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))), 500.0f)))), ((((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f) * (opt_keep(((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f)) + 18.41937492455007f)) / 20.0f))) + 423.2238044300731f), ((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)) < f32(-500i))), ((fma((-(500.0f - opt_fmod((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), 500.0f))), sin(sqrt((500.0f - opt_fmod((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), 500.0f)))), ((((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f) * (opt_keep(((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f)) - 1.5806250754499285f)) / 20.0f))) + 419.0141169677981f), ((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)) > f32(500i)));
        }
        if (e2 >= 0i && e2 < 30i) {
          let i_i20 = e2;
          let t33 = SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i20 + 70i))) >> 2u][(10100u + u32((i_i20 + 70i))) & 3u]) - 1i))];
          acc_r3 = acc_r3 + opt_keep(((t33 * t33) / 30.0f));
        }
        if (e2 >= 0i && e2 < 30i) {
          let i_i21 = e2;
          acc_r4 = acc_r4 + opt_keep((cos((6.283185307179586f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i21 + 70i))) >> 2u][(10100u + u32((i_i21 + 70i))) & 3u]) - 1i))])) / 30.0f));
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 20i) {
          let i_i9 = e3;
          acc_cec14_hf6_cec17_happycat_r2_c = fma((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i9 + 10i))) >> 2u][(10100u + u32((i_i9 + 10i))) & 3u]) - 1i))]), (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i9 + 10i))) >> 2u][(10100u + u32((i_i9 + 10i))) & 3u]) - 1i))], (-2.0f))), acc_cec14_hf6_cec17_happycat_r2_c);
        }
        if (e3 >= 0i && e3 < 20i) {
          let i_i10 = e3;
          acc_r0 = fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i10 + 10i))) >> 2u][(10100u + u32((i_i10 + 10i))) & 3u]) - 1i))], acc_r0);
        }
        if (e3 >= 0i && e3 < 20i) {
          let i_i14 = e3;
          let t34 = (fma((-0.05f), SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) >> 2u][(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) & 3u]) - 1i))], ((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]) * (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))], 2.0f)))));
          let t35 = (0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]);
          let t36 = (fma(t35, t35, (100.0f * (t34 * t34))));
          let t37 = (fma((-0.05f), SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) >> 2u][(10100u + u32((opt_imod((i_i14 + 1i), 20i) + 30i))) & 3u]) - 1i))], ((0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]) * (fma(0.05f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))], 2.0f)))));
          let t38 = (0.05f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i14 + 30i))) >> 2u][(10100u + u32((i_i14 + 30i))) & 3u]) - 1i))]);
          let t39 = sin((0.5f * (fma(t38, t38, (100.0f * (t37 * t37))))));
          acc_r1 = acc_r1 + (fma(2.0f, (t39 * t39), ((t36 * t36) / 4000.0f)));
        }
        if (e3 >= 0i && e3 < 20i) {
          let i_i18 = e3;
          acc_r2 = acc_r2 + select(select((-select((fma((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), sin(sqrt(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))))), (-418.9828872724338f))), ((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) * (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), (fma((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]), -2.0956472705273607e-21f, -3.2109383164598228e-18f)), 1.0671306680282953e-15f)), 1.9584001034243888e-13f)), -1.2410554683071417e-10f)), -3.184960792866908e-9f)), 0.000006346454337050152f)), -0.000048553540565170216f)), -0.12618353106702496f)), 3.3433214752243146e-8f))), (abs((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))])) < 4.0f))), ((fma((-(-500.0f + opt_fmod(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))), 500.0f))), sin(sqrt((500.0f - opt_fmod(abs((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f))), 500.0f)))), ((((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f) * (opt_keep(((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f)) + 18.41937492455007f)) / 20.0f))) + 423.2238044300731f), ((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)) < f32(-500i))), ((fma((-(500.0f - opt_fmod((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), 500.0f))), sin(sqrt((500.0f - opt_fmod((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)), 500.0f)))), ((((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f) * (opt_keep(((10.0f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))]) / 100.0f)) - 1.5806250754499285f)) / 20.0f))) + 419.0141169677981f), ((fma(10.0f, SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i18 + 50i))) >> 2u][(10100u + u32((i_i18 + 50i))) & 3u]) - 1i))], 420.9687462275036f)) > f32(500i)));
        }
        if (e3 >= 0i && e3 < 30i) {
          let i_i20 = e3;
          let t40 = SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i20 + 70i))) >> 2u][(10100u + u32((i_i20 + 70i))) & 3u]) - 1i))];
          acc_r3 = acc_r3 + opt_keep(((t40 * t40) / 30.0f));
        }
        if (e3 >= 0i && e3 < 30i) {
          let i_i21 = e3;
          acc_r4 = acc_r4 + opt_keep((cos((6.283185307179586f * SCR[n * 210u + 0u + u32((i32(DATA[(10100u + u32((i_i21 + 70i))) >> 2u][(10100u + u32((i_i21 + 70i))) & 3u]) - 1i))])) / 30.0f));
        }
      }
    }
  }
  shf[0u + lid] = acc_cec14_hf6_cec17_happycat_r2_c;
  shf[64u + lid] = acc_r0;
  shf[128u + lid] = acc_r1;
  shf[192u + lid] = acc_r2;
  shf[256u + lid] = acc_r3;
  shf[320u + lid] = acc_r4;
  workgroupBarrier();
  if (lane < 16u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 16u];
    shf[128u + lid] = shf[128u + lid] + shf[128u + lid + 16u];
    shf[192u + lid] = shf[192u + lid] + shf[192u + lid + 16u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 16u];
    shf[320u + lid] = shf[320u + lid] + shf[320u + lid + 16u];
  }
  workgroupBarrier();
  if (lane < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 8u];
    shf[128u + lid] = shf[128u + lid] + shf[128u + lid + 8u];
    shf[192u + lid] = shf[192u + lid] + shf[192u + lid + 8u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 8u];
    shf[320u + lid] = shf[320u + lid] + shf[320u + lid + 8u];
  }
  workgroupBarrier();
  if (lane < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 4u];
    shf[128u + lid] = shf[128u + lid] + shf[128u + lid + 4u];
    shf[192u + lid] = shf[192u + lid] + shf[192u + lid + 4u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 4u];
    shf[320u + lid] = shf[320u + lid] + shf[320u + lid + 4u];
  }
  workgroupBarrier();
  if (lane < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 2u];
    shf[128u + lid] = shf[128u + lid] + shf[128u + lid + 2u];
    shf[192u + lid] = shf[192u + lid] + shf[192u + lid + 2u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 2u];
    shf[320u + lid] = shf[320u + lid] + shf[320u + lid + 2u];
  }
  workgroupBarrier();
  if (lane < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 1u];
    shf[128u + lid] = shf[128u + lid] + shf[128u + lid + 1u];
    shf[192u + lid] = shf[192u + lid] + shf[192u + lid + 1u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 1u];
    shf[320u + lid] = shf[320u + lid] + shf[320u + lid + 1u];
  }
  workgroupBarrier();
  let s_cec14_hf6_cec17_happycat_r2_c: f32 = shf[0u + team * 64u];
  let s_r0: f32 = shf[64u + team * 64u];
  let s_r1: f32 = shf[128u + team * 64u];
  let s_r2: f32 = shf[192u + team * 64u];
  let s_r3: f32 = shf[256u + team * 64u];
  let s_r4: f32 = shf[320u + team * 64u];
  workgroupBarrier();
  let s_range_r: f32 = ((fma((-20.0f), opt_expm1((-0.2f * sqrt(s_r3))), (((opt_pow(abs(s_cec14_hf6_cec17_happycat_r2_c), 0.25f) + opt_keep(((fma(0.5f, s_cec14_hf6_cec17_happycat_r2_c, s_r0)) / 20.0f))) + s_r1) + s_r2))) - opt_expm1(s_r4));
  for (var iv: i32 = i32(lane); iv < 10i; iv += 64i) {
    let i_i5 = iv;
    if (valid) { SCR[n * 210u + 200u + u32(iv)] = select(log(opt_pow((fma(f32((i_i5 + 1i)), (((((((((((((((((((((((((((((((opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 2.0f, 0.0f, 0.0f) / 2.0f)) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 4.0f, 0.0f, 0.0f) / 4.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 8.0f, 0.0f, 0.0f) / 8.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 16.0f, 0.0f, 0.0f) / 16.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 32.0f, 0.0f, 0.0f) / 32.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 64.0f, 0.0f, 0.0f) / 64.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 128.0f, 0.0f, 0.0f) / 128.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 256.0f, 0.0f, 0.0f) / 256.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 512.0f, 0.0f, 0.0f) / 512.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 1024.0f, 0.0f, 0.0f) / 1024.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 2048.0f, 0.0f, 0.0f) / 2048.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 4096.0f, 0.0f, 0.0f) / 4096.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 8192.0f, 0.0f, 0.0f) / 8192.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 16384.0f, 0.0f, 0.0f) / 16384.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 32768.0f, 0.0f, 0.0f) / 32768.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 65536.0f, 0.0f, 0.0f) / 65536.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 131072.0f, 0.0f, 0.0f) / 131072.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 262144.0f, 0.0f, 0.0f) / 262144.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 524288.0f, 0.0f, 0.0f) / 524288.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 1048576.0f, 0.0f, 0.0f) / 1048576.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 2097152.0f, 0.0f, 0.0f) / 2097152.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 4194304.0f, 0.0f, 0.0f) / 4194304.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 8388608.0f, 0.0f, 0.0f) / 8388608.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 16777216.0f, 0.0f, 0.0f) / 16777216.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 33554432.0f, 0.0f, 0.0f) / 33554432.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 67108864.0f, 0.0f, 0.0f) / 67108864.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 134217728.0f, 0.0f, 0.0f) / 134217728.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 268435456.0f, 0.0f, 0.0f) / 268435456.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 536870912.0f, 0.0f, 0.0f) / 536870912.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 1073741824.0f, 0.0f, 0.0f) / 1073741824.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 2147483648.0f, 0.0f, 0.0f) / 2147483648.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 4294967296.0f, 0.0f, 0.0f) / 4294967296.0f))), 1.0f)), 0.6309573444801934f)), -1e+30f, (opt_pow((fma(f32((i_i5 + 1i)), (((((((((((((((((((((((((((((((opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 2.0f, 0.0f, 0.0f) / 2.0f)) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 4.0f, 0.0f, 0.0f) / 4.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 8.0f, 0.0f, 0.0f) / 8.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 16.0f, 0.0f, 0.0f) / 16.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 32.0f, 0.0f, 0.0f) / 32.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 64.0f, 0.0f, 0.0f) / 64.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 128.0f, 0.0f, 0.0f) / 128.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 256.0f, 0.0f, 0.0f) / 256.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 512.0f, 0.0f, 0.0f) / 512.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 1024.0f, 0.0f, 0.0f) / 1024.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 2048.0f, 0.0f, 0.0f) / 2048.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 4096.0f, 0.0f, 0.0f) / 4096.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 8192.0f, 0.0f, 0.0f) / 8192.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 16384.0f, 0.0f, 0.0f) / 16384.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 32768.0f, 0.0f, 0.0f) / 32768.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 65536.0f, 0.0f, 0.0f) / 65536.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 131072.0f, 0.0f, 0.0f) / 131072.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 262144.0f, 0.0f, 0.0f) / 262144.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 524288.0f, 0.0f, 0.0f) / 524288.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 1048576.0f, 0.0f, 0.0f) / 1048576.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 2097152.0f, 0.0f, 0.0f) / 2097152.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 4194304.0f, 0.0f, 0.0f) / 4194304.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 8388608.0f, 0.0f, 0.0f) / 8388608.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 16777216.0f, 0.0f, 0.0f) / 16777216.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 33554432.0f, 0.0f, 0.0f) / 33554432.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 67108864.0f, 0.0f, 0.0f) / 67108864.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 134217728.0f, 0.0f, 0.0f) / 134217728.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 268435456.0f, 0.0f, 0.0f) / 268435456.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 536870912.0f, 0.0f, 0.0f) / 536870912.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 1073741824.0f, 0.0f, 0.0f) / 1073741824.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 2147483648.0f, 0.0f, 0.0f) / 2147483648.0f))) + opt_keep((ff_dist(SCR[n * 210u + 180u + u32(i_i5)], SCR[n * 210u + 190u + u32(i_i5)], 4294967296.0f, 0.0f, 0.0f) / 4294967296.0f))), 1.0f)), 0.6309573444801934f) == 0.0f)); }
  }
  storageBarrier();
  var acc_range_ls: f32 = 0.0f;
  {
    let vl = i32(lane);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 3i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 10i) {
          let i_i5 = e0;
          acc_range_ls = acc_range_ls + SCR[n * 210u + 200u + u32(i_i5)];
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 10i) {
          let i_i5 = e1;
          acc_range_ls = acc_range_ls + SCR[n * 210u + 200u + u32(i_i5)];
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 10i) {
          let i_i5 = e2;
          acc_range_ls = acc_range_ls + SCR[n * 210u + 200u + u32(i_i5)];
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 10i) {
          let i_i5 = e3;
          acc_range_ls = acc_range_ls + SCR[n * 210u + 200u + u32(i_i5)];
        }
      }
    }
  }
  shf[0u + lid] = acc_range_ls;
  workgroupBarrier();
  if (lane < 16u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
  }
  workgroupBarrier();
  if (lane < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
  }
  workgroupBarrier();
  if (lane < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
  }
  workgroupBarrier();
  if (lane < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
  }
  workgroupBarrier();
  if (lane < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
  }
  workgroupBarrier();
  let s_range_ls: f32 = shf[0u + team * 64u];
  workgroupBarrier();
  let s_range_lp: f32 = (-2.3025850929940455f + s_range_ls);
  let s_range_v: f32 = (s_range_r + exp(s_range_lp));
  let s_range_w: f32 = (fma(s_range_r, exp((-s_range_lp)), 1.0f));
  let s_range_l: f32 = (s_range_lp + log(abs(s_range_w)));
  if (valid && lane == 0u) { F[P.f_offset + n] = select(select((sign(s_range_w) * (1.2676506002282294e+30f * ((1.0f + s_range_l) - 69.31471805599453f))), (sign(s_range_w) * exp(s_range_l)), (s_range_l <= 69.31471805599453f)), select((sign(s_range_v) * (1.2676506002282294e+30f * ((1.0f + log(abs(s_range_v))) - 69.31471805599453f))), s_range_v, (abs(s_range_v) <= 1.2676506002282294e+30f)), (s_range_lp < 69.31471805599453f)); }
}

fn opt_pow(a: f32, b: f32) -> f32 {
  // C pow: a negative base with an integral exponent is defined.
  let r = pow(abs(a), b);
  if (a < 0.0 && fract(b) == 0.0) {
    return select(r, -r, fract(b * 0.5) != 0.0);
  }
  return select(r, opt_nan(), a < 0.0);
}
// WGSL rejects NaN and infinity in constant expressions, and lets implementations assume they do
// not occur; a NaN made at run time from the uniform (P.pad is 0) survives constant folding.
fn opt_nan() -> f32 { return bitcast<f32>(0x7fc00000u | P.pad); }
fn opt_inf() -> f32 { return bitcast<f32>(0x7f800000u | P.pad); }
// The same float, through an integer OR with P.pad (0) that no float algebra sees through: a
// quotient that an add reads (wgsl-fma.ts), which a device may compute as a product by the
// reciprocal and contract with the add in one kernel and not in another.
fn opt_keep(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) | P.pad); }
fn opt_round(x: f32) -> f32 { return sign(x) * floor(abs(x) + 0.5); }
fn opt_expm1(x: f32) -> f32 {
  if (abs(x) >= 0.5) { return exp(x) - 1.0; }
  // Horner's rule, each step an explicit fma (wgsl-fma.ts: no add a product feeds is left to the
  // device to contract or not).
  var p = fma(x, 1.0 / 40320.0, 1.0 / 5040.0);
  p = fma(x, p, 1.0 / 720.0);
  p = fma(x, p, 1.0 / 120.0);
  p = fma(x, p, 1.0 / 24.0);
  p = fma(x, p, 1.0 / 6.0);
  p = fma(x, p, 0.5);
  p = fma(x, p, 1.0);
  return x * p;
}
fn opt_idiv(a: i32, b: i32) -> i32 {
  let q = a / b;
  return select(q, q - 1, (a % b != 0) && ((a < 0) != (b < 0)));
}
fn opt_imod(a: i32, b: i32) -> i32 { return ((a % b) + b) % b; }
// a - b floor(a / b) as one fma (wgsl-fma.ts: the device may not contract it in one kernel and
// not in another).
fn opt_fmod(a: f32, b: f32) -> f32 { return fma(-b, floor(a / b), a); }

fn ff_keep(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) | P.pad); }
fn ff_two_sum(a: f32, b: f32) -> vec2<f32> {
  let s = ff_keep(a + b);
  let v = ff_keep(s - a);
  return vec2<f32>(s, (a - ff_keep(s - v)) + (b - v));
}
fn ff_split(a: f32) -> vec2<f32> {
  let t = ff_keep(4097.0 * a);
  let h = ff_keep(t - ff_keep(t - a));
  return vec2<f32>(h, a - h);
}
fn ff_two_prod(a: f32, b: f32) -> vec2<f32> {
  let p = ff_keep(a * b);
  let x = ff_split(a);
  let y = ff_split(b);
  return vec2<f32>(p, ((x.x * y.x - p) + x.x * y.y + x.y * y.x) + x.y * y.y);
}
fn ff_add(ah: f32, al: f32, bh: f32, bl: f32) -> vec2<f32> {
  let s = ff_two_sum(ah, bh);
  return ff_two_sum(s.x, s.y + (al + bl));
}
fn ff_mul(ah: f32, al: f32, c: f32) -> vec2<f32> {
  let p = ff_two_prod(ah, c);
  return ff_two_sum(p.x, fma(al, c, p.y));
}
fn ff_div(ah: f32, al: f32, c: f32) -> vec2<f32> {
  let q = ff_keep(ah / c);
  let p = ff_two_prod(q, c);
  return ff_two_sum(q, (((ah - p.x) - p.y) + al) / c);
}
fn ff_mul2(ah: f32, al: f32, bh: f32, bl: f32) -> vec2<f32> {
  let p = ff_two_prod(ah, bh);
  return ff_two_sum(p.x, p.y + fma(ah, bl, al * bh));
}
fn ff_turn(xh: f32, xl: f32, mh: f32, ml: f32, q: f32) -> f32 {
  let t = ff_mul2(xh, xl, mh, ml);
  return ff_keep(ff_keep(t.x - round(t.x)) + t.y) + q;
}
fn ff_dist(xh: f32, xl: f32, mh: f32, ml: f32, q: f32) -> f32 {
  let r = ff_turn(xh, xl, mh, ml, q);
  return abs(r - round(r));
}
fn ff_less(ah: f32, al: f32, bh: f32, bl: f32) -> bool { return ah < bh || (ah == bh && al < bl); }
fn ff_min(ah: f32, al: f32, bh: f32, bl: f32) -> vec2<f32> {
  return select(vec2<f32>(ah, al), vec2<f32>(bh, bl), ff_less(bh, bl, ah, al));
}
fn ff_max(ah: f32, al: f32, bh: f32, bl: f32) -> vec2<f32> {
  return select(vec2<f32>(ah, al), vec2<f32>(bh, bl), ff_less(ah, al, bh, bl));
}
fn ff_add_h(ah: f32, al: f32, bh: f32, bl: f32) -> f32 { return ff_add(ah, al, bh, bl).x; }
fn ff_mul_h(ah: f32, al: f32, c: f32) -> f32 { return ff_mul(ah, al, c).x; }
fn ff_mul2_h(ah: f32, al: f32, bh: f32, bl: f32) -> f32 { return ff_mul2(ah, al, bh, bl).x; }
fn ff_div_h(ah: f32, al: f32, c: f32) -> f32 { return ff_div(ah, al, c).x; }
fn ff_min_h(ah: f32, al: f32, bh: f32, bl: f32) -> f32 { return ff_min(ah, al, bh, bl).x; }
fn ff_max_h(ah: f32, al: f32, bh: f32, bl: f32) -> f32 { return ff_max(ah, al, bh, bl).x; }
fn ff_add_l(ah: f32, al: f32, bh: f32, bl: f32) -> f32 { return ff_add(ah, al, bh, bl).y; }
fn ff_mul_l(ah: f32, al: f32, c: f32) -> f32 { return ff_mul(ah, al, c).y; }
fn ff_mul2_l(ah: f32, al: f32, bh: f32, bl: f32) -> f32 { return ff_mul2(ah, al, bh, bl).y; }
fn ff_div_l(ah: f32, al: f32, c: f32) -> f32 { return ff_div(ah, al, c).y; }
fn ff_min_l(ah: f32, al: f32, bh: f32, bl: f32) -> f32 { return ff_min(ah, al, bh, bl).y; }
fn ff_max_l(ah: f32, al: f32, bh: f32, bl: f32) -> f32 { return ff_max(ah, al, bh, bl).y; }
