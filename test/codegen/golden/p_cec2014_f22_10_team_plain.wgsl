// ---- evaluate uses P,SCR,DATA,X,F
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> X: array<f32>;
@group(0) @binding(2) var<storage, read_write> F: array<f32>;
@group(0) @binding(3) var<storage, read> DATA: array<f32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 1536>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let team = lid / 8u;
  let lane = lid % 8u;
  let n_raw = group * 32u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 10u;
  for (var iv: i32 = i32(lane); iv < 10i; iv += 8i) {
    let i_i1 = iv;
    var t0: f32 = 0.0f;
    for (var i_j2: i32 = 0i; i_j2 < 10i; i_j2++) {
      t0 = fma(DATA[0u + u32(i_j2) * 10u + u32(i_i1)], ((X[xo + u32(i_j2)] - DATA[100u + u32(i_j2)]) - DATA[224u + u32(i_j2)]), t0);
    }
    if (valid) { SCR[n * 14u + 0u + u32(iv)] = t0; }
  }
  storageBarrier();
  for (var iv: i32 = i32(lane); iv < 1i; iv += 8i) {
    let i_i1 = iv;
    var t1: vec2<f32> = vec2<f32>(0.0f, 0.0f);
    for (var i_j2: i32 = 0i; i_j2 < 10i; i_j2++) {
      let t2 = ff_add(X[xo + u32(i_j2)], 0.0f, (-DATA[100u + u32(i_j2)]), (-DATA[224u + u32(i_j2)]));
      let t3 = ff_mul2(DATA[0u + u32(i_j2) * 10u + u32((i32(DATA[112u + u32(i_i1)]) - 1i))], DATA[124u + u32(i_j2) * 10u + u32((i32(DATA[112u + u32(i_i1)]) - 1i))], t2.x, t2.y);
      t1 = ff_add(t1.x, t1.y, t3.x, t3.y);
    }
    if (valid) { SCR[n * 14u + 10u + u32(iv)] = t1.x; }
    if (valid) { SCR[n * 14u + 11u + u32(iv)] = t1.y; }
  }
  storageBarrier();
  for (var iv: i32 = i32(lane); iv < 1i; iv += 8i) {
    let i_i4 = iv;
    let t5 = ff_mul2(SCR[n * 14u + 10u + u32(i_i4)], SCR[n * 14u + 11u + u32(i_i4)], 0.05000000074505806f, -7.450580707946131e-10f);
    if (valid) { SCR[n * 14u + 12u + u32(iv)] = t5.x; }
  }
  storageBarrier();
  for (var iv: i32 = i32(lane); iv < 1i; iv += 8i) {
    let i_i4 = iv;
    let t6 = ff_mul2(SCR[n * 14u + 10u + u32(i_i4)], SCR[n * 14u + 11u + u32(i_i4)], 0.05000000074505806f, -7.450580707946131e-10f);
    if (valid) { SCR[n * 14u + 13u + u32(iv)] = t6.y; }
  }
  storageBarrier();
  var acc_cec14_hf6_cec17_happycat_r2_c: f32 = 0.0f;
  var acc_r0: f32 = 0.0f;
  var acc_r1: f32 = 0.0f;
  var acc_r2: f32 = 0.0f;
  var acc_r3: f32 = 0.0f;
  var acc_r4: f32 = 0.0f;
  {
    var cv_cec14_hf6_cec17_happycat_r2_c: array<f32, 2>;
    var cv_r0: array<f32, 2>;
    var cv_r1: array<f32, 2>;
    var cv_r2: array<f32, 2>;
    var cv_r3: array<f32, 2>;
    var cv_r4: array<f32, 2>;
    for (var vi: u32 = 0u; vi < 2u; vi++) {
      let vl = i32(lane + vi * 8u);
      acc_cec14_hf6_cec17_happycat_r2_c = 0.0f;
      acc_r0 = 0.0f;
      acc_r1 = 0.0f;
      acc_r2 = 0.0f;
      acc_r3 = 0.0f;
      acc_r4 = 0.0f;
      for (var q: i32 = vl; q < 3i; q += 16i) {
        let e0 = q;
        if (e0 >= 0i && e0 < 2i) {
          let i_i9 = e0;
          acc_cec14_hf6_cec17_happycat_r2_c = fma((0.05f * SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i9 + 1i))]) - 1i))]), (fma(0.05f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i9 + 1i))]) - 1i))], (-2.0f))), acc_cec14_hf6_cec17_happycat_r2_c);
        }
        if (e0 >= 0i && e0 < 2i) {
          let i_i10 = e0;
          acc_r0 = fma(0.05f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i10 + 1i))]) - 1i))], acc_r0);
        }
        if (e0 >= 0i && e0 < 2i) {
          let i_i14 = e0;
          let t7 = (fma((-0.05f), SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((opt_imod((i_i14 + 1i), 2i) + 3i))]) - 1i))], ((0.05f * SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i14 + 3i))]) - 1i))]) * (fma(0.05f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i14 + 3i))]) - 1i))], 2.0f)))));
          let t8 = (0.05f * SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i14 + 3i))]) - 1i))]);
          let t9 = (fma(t8, t8, (100.0f * (t7 * t7))));
          let t10 = (fma((-0.05f), SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((opt_imod((i_i14 + 1i), 2i) + 3i))]) - 1i))], ((0.05f * SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i14 + 3i))]) - 1i))]) * (fma(0.05f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i14 + 3i))]) - 1i))], 2.0f)))));
          let t11 = (0.05f * SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i14 + 3i))]) - 1i))]);
          let t12 = sin((0.5f * (fma(t11, t11, (100.0f * (t10 * t10))))));
          acc_r1 = acc_r1 + (fma(2.0f, (t12 * t12), ((t9 * t9) / 4000.0f)));
        }
        if (e0 >= 0i && e0 < 2i) {
          let i_i18 = e0;
          var t16: f32;
          if (((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f)) > f32(500i))) {
            let t13 = ((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], (-79.03125377249643f))) / 100.0f);
            t16 = (fma((-(500.0f - opt_fmod((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f)), 500.0f))), sin(sqrt((500.0f - opt_fmod((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f)), 500.0f)))), ((t13 * t13) / 2.0f)));
          } else {
            var t15: f32;
            if (((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f)) < f32(-500i))) {
              let t14 = (((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f)) + 500.0f) / 100.0f);
              t15 = (fma((-(-500.0f + opt_fmod(abs((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f))), 500.0f))), sin(sqrt((500.0f - opt_fmod(abs((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f))), 500.0f)))), ((t14 * t14) / 2.0f)));
            } else {
              t15 = ((-(fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f))) * sin(sqrt(abs((fma(10.0f, SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i18 + 5i))]) - 1i))], 420.9687462275036f))))));
            }
            t16 = t15;
          }
          acc_r2 = acc_r2 + t16;
        }
        if (e0 >= 0i && e0 < 3i) {
          let i_i20 = e0;
          let t17 = SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i20 + 7i))]) - 1i))];
          acc_r3 = acc_r3 + opt_keep(((t17 * t17) / 3.0f));
        }
        if (e0 >= 0i && e0 < 3i) {
          let i_i21 = e0;
          acc_r4 = acc_r4 + opt_keep((cos((6.283185307179586f * SCR[n * 14u + 0u + u32((i32(DATA[112u + u32((i_i21 + 7i))]) - 1i))])) / 3.0f));
        }
      }
      cv_cec14_hf6_cec17_happycat_r2_c[vi] = acc_cec14_hf6_cec17_happycat_r2_c;
      cv_r0[vi] = acc_r0;
      cv_r1[vi] = acc_r1;
      cv_r2[vi] = acc_r2;
      cv_r3[vi] = acc_r3;
      cv_r4[vi] = acc_r4;
    }
    cv_cec14_hf6_cec17_happycat_r2_c[0u] = cv_cec14_hf6_cec17_happycat_r2_c[0u] + cv_cec14_hf6_cec17_happycat_r2_c[1u];
    cv_r0[0u] = cv_r0[0u] + cv_r0[1u];
    cv_r1[0u] = cv_r1[0u] + cv_r1[1u];
    cv_r2[0u] = cv_r2[0u] + cv_r2[1u];
    cv_r3[0u] = cv_r3[0u] + cv_r3[1u];
    cv_r4[0u] = cv_r4[0u] + cv_r4[1u];
    acc_cec14_hf6_cec17_happycat_r2_c = cv_cec14_hf6_cec17_happycat_r2_c[0u];
    acc_r0 = cv_r0[0u];
    acc_r1 = cv_r1[0u];
    acc_r2 = cv_r2[0u];
    acc_r3 = cv_r3[0u];
    acc_r4 = cv_r4[0u];
  }
  shf[0u + lid] = acc_cec14_hf6_cec17_happycat_r2_c;
  shf[256u + lid] = acc_r0;
  shf[512u + lid] = acc_r1;
  shf[768u + lid] = acc_r2;
  shf[1024u + lid] = acc_r3;
  shf[1280u + lid] = acc_r4;
  workgroupBarrier();
  if (lane < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 4u];
    shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 4u];
    shf[768u + lid] = shf[768u + lid] + shf[768u + lid + 4u];
    shf[1024u + lid] = shf[1024u + lid] + shf[1024u + lid + 4u];
    shf[1280u + lid] = shf[1280u + lid] + shf[1280u + lid + 4u];
  }
  workgroupBarrier();
  if (lane < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 2u];
    shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 2u];
    shf[768u + lid] = shf[768u + lid] + shf[768u + lid + 2u];
    shf[1024u + lid] = shf[1024u + lid] + shf[1024u + lid + 2u];
    shf[1280u + lid] = shf[1280u + lid] + shf[1280u + lid + 2u];
  }
  workgroupBarrier();
  if (lane < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 1u];
    shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 1u];
    shf[768u + lid] = shf[768u + lid] + shf[768u + lid + 1u];
    shf[1024u + lid] = shf[1024u + lid] + shf[1024u + lid + 1u];
    shf[1280u + lid] = shf[1280u + lid] + shf[1280u + lid + 1u];
  }
  workgroupBarrier();
  let s_cec14_hf6_cec17_happycat_r2_c: f32 = shf[0u + team * 8u];
  let s_r0: f32 = shf[256u + team * 8u];
  let s_r1: f32 = shf[512u + team * 8u];
  let s_r2: f32 = shf[768u + team * 8u];
  let s_r3: f32 = shf[1024u + team * 8u];
  let s_r4: f32 = shf[1280u + team * 8u];
  workgroupBarrier();
  let s_range_r: f32 = ((fma((-20.0f), opt_expm1((-0.2f * sqrt(s_r3))), (((opt_pow(abs(s_cec14_hf6_cec17_happycat_r2_c), 0.25f) + opt_keep((((fma(0.5f, s_cec14_hf6_cec17_happycat_r2_c, s_r0)) - 1.0f) / 2.0f))) + s_r1) + s_r2))) - opt_expm1(s_r4));
  var acc_range_ls: f32 = 0.0f;
  {
    var cv_range_ls: array<f32, 2>;
    for (var vi: u32 = 0u; vi < 2u; vi++) {
      let vl = i32(lane + vi * 8u);
      acc_range_ls = 0.0f;
      for (var q: i32 = vl; q < 1i; q += 16i) {
        let e0 = q;
        if (e0 >= 0i && e0 < 1i) {
          let i_i5 = e0;
          acc_range_ls = acc_range_ls + select(log(opt_pow((fma(f32((i_i5 + 1i)), (((((((((((((((((((((((((((((((opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 2.0f, 0.0f, 0.0f) / 2.0f)) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 4.0f, 0.0f, 0.0f) / 4.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 8.0f, 0.0f, 0.0f) / 8.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 16.0f, 0.0f, 0.0f) / 16.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 32.0f, 0.0f, 0.0f) / 32.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 64.0f, 0.0f, 0.0f) / 64.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 128.0f, 0.0f, 0.0f) / 128.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 256.0f, 0.0f, 0.0f) / 256.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 512.0f, 0.0f, 0.0f) / 512.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 1024.0f, 0.0f, 0.0f) / 1024.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 2048.0f, 0.0f, 0.0f) / 2048.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 4096.0f, 0.0f, 0.0f) / 4096.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 8192.0f, 0.0f, 0.0f) / 8192.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 16384.0f, 0.0f, 0.0f) / 16384.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 32768.0f, 0.0f, 0.0f) / 32768.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 65536.0f, 0.0f, 0.0f) / 65536.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 131072.0f, 0.0f, 0.0f) / 131072.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 262144.0f, 0.0f, 0.0f) / 262144.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 524288.0f, 0.0f, 0.0f) / 524288.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 1048576.0f, 0.0f, 0.0f) / 1048576.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 2097152.0f, 0.0f, 0.0f) / 2097152.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 4194304.0f, 0.0f, 0.0f) / 4194304.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 8388608.0f, 0.0f, 0.0f) / 8388608.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 16777216.0f, 0.0f, 0.0f) / 16777216.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 33554432.0f, 0.0f, 0.0f) / 33554432.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 67108864.0f, 0.0f, 0.0f) / 67108864.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 134217728.0f, 0.0f, 0.0f) / 134217728.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 268435456.0f, 0.0f, 0.0f) / 268435456.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 536870912.0f, 0.0f, 0.0f) / 536870912.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 1073741824.0f, 0.0f, 0.0f) / 1073741824.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 2147483648.0f, 0.0f, 0.0f) / 2147483648.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 4294967296.0f, 0.0f, 0.0f) / 4294967296.0f))), 1.0f)), 10.0f)), -1e+30f, (opt_pow((fma(f32((i_i5 + 1i)), (((((((((((((((((((((((((((((((opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 2.0f, 0.0f, 0.0f) / 2.0f)) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 4.0f, 0.0f, 0.0f) / 4.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 8.0f, 0.0f, 0.0f) / 8.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 16.0f, 0.0f, 0.0f) / 16.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 32.0f, 0.0f, 0.0f) / 32.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 64.0f, 0.0f, 0.0f) / 64.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 128.0f, 0.0f, 0.0f) / 128.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 256.0f, 0.0f, 0.0f) / 256.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 512.0f, 0.0f, 0.0f) / 512.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 1024.0f, 0.0f, 0.0f) / 1024.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 2048.0f, 0.0f, 0.0f) / 2048.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 4096.0f, 0.0f, 0.0f) / 4096.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 8192.0f, 0.0f, 0.0f) / 8192.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 16384.0f, 0.0f, 0.0f) / 16384.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 32768.0f, 0.0f, 0.0f) / 32768.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 65536.0f, 0.0f, 0.0f) / 65536.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 131072.0f, 0.0f, 0.0f) / 131072.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 262144.0f, 0.0f, 0.0f) / 262144.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 524288.0f, 0.0f, 0.0f) / 524288.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 1048576.0f, 0.0f, 0.0f) / 1048576.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 2097152.0f, 0.0f, 0.0f) / 2097152.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 4194304.0f, 0.0f, 0.0f) / 4194304.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 8388608.0f, 0.0f, 0.0f) / 8388608.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 16777216.0f, 0.0f, 0.0f) / 16777216.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 33554432.0f, 0.0f, 0.0f) / 33554432.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 67108864.0f, 0.0f, 0.0f) / 67108864.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 134217728.0f, 0.0f, 0.0f) / 134217728.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 268435456.0f, 0.0f, 0.0f) / 268435456.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 536870912.0f, 0.0f, 0.0f) / 536870912.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 1073741824.0f, 0.0f, 0.0f) / 1073741824.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 2147483648.0f, 0.0f, 0.0f) / 2147483648.0f))) + opt_keep((ff_dist(SCR[n * 14u + 12u + u32(i_i5)], SCR[n * 14u + 13u + u32(i_i5)], 4294967296.0f, 0.0f, 0.0f) / 4294967296.0f))), 1.0f)), 10.0f) == 0.0f));
        }
      }
      cv_range_ls[vi] = acc_range_ls;
    }
    cv_range_ls[0u] = cv_range_ls[0u] + cv_range_ls[1u];
    acc_range_ls = cv_range_ls[0u];
  }
  shf[0u + lid] = acc_range_ls;
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
  let s_range_ls: f32 = shf[0u + team * 8u];
  workgroupBarrier();
  let s_range_lp: f32 = (2.302585092994046f + s_range_ls);
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
