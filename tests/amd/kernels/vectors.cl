/* Vector types of 2, 3, 4, 8 and 16 elements: vloadn/vstoren, swizzles
 * (.xyzw, .sN, .lo/.hi/.even/.odd, swizzled stores), element-wise
 * arithmetic, comparisons yielding -1/0, select and ?: on vectors, shuffle
 * and shuffle2, geometric functions on exact data (dot, cross), any/all,
 * vector conversions and as_typen.  Float inputs are multiples of 1/8 in
 * [-16, 16), so every float result here is exact; int inputs are within
 * +-30000, so no product overflows. */

__kernel void vec_float(__global const float *a, __global float *out)
{
  size_t i = get_global_id(0);
  float4 p = vload4(i, a), q = vload4(i + 1, a);
  float3 t = vload3(i, a + 1), u = vload3(i, a + 7);
  float8 e = vload8(i, a);
  float16 s = vload16(0, a + 2 * i);
  float2 w = vload2(i, a + 5);
  __global float *o = out + i * 64;
  vstore4(p + q, 0, o);
  vstore4(p * q - q.wzyx, 1, o);
  vstore4(p.xxyy * q.s3210 + (float4)(w, w.yx), 2, o);
  vstore4(fmax(p, q) - fmin(p, q.yzwx), 3, o);
  vstore4(select(p, q, isless(p, q)), 4, o);
  vstore4(p > q ? p : -q, 5, o);
  vstore3(cross(t, u), 0, o + 24);
  o[27] = dot(p, q);
  o[28] = dot(t, u);
  o[29] = dot(w, w.yx);
  float8 e2 = e * e.s76543210 + e.even.xxyyzzww;
  vstore8(e2, 0, o + 30);
  float16 s2 = s.sfedcba9876543210 - s;
  float4 r = s2.lo.lo + s2.lo.hi + s2.hi.lo + s2.hi.hi;
  vstore4(r, 0, o + 38);
  vstore4(mix(p, q, 0.25f), 0, o + 42);
  vstore4(clamp(p, -2.0f, 2.0f) + step(q, p) + copysign(fabs(q), p), 0, o + 46);
  float4 m = p;
  m.xz = q.yw;
  m.w = t.z;
  vstore4(m, 0, o + 50);
  float8 f8 = (float8)(p.odd, q.even, w, t.s12);
  vstore8(f8, 0, o + 54);
  o[62] = s.s0 + s.s5 + s.sa + s.sf;
  o[63] = floor(p.x + q.y) + ceil(e.s3) + rint(s.s9 * 0.5f);
}

__kernel void vec_int(__global const int *a, __global int *out, __global char *cout, __global long *lout)
{
  size_t i = get_global_id(0);
  int4 p = vload4(i, a), q = vload4(i + 1, a);
  uint4 up = as_uint4(p), uq = as_uint4(q);
  int8 e = vload8(i, a);
  short8 h = convert_short8(e);
  char16 c = as_char16(p ^ q.yzwx);
  uchar16 uc = as_uchar16(q);
  long2 l = vload2(i, (__global const long *)a);
  __global int *o = out + i * 60;
  vstore4(p + q, 0, o);
  vstore4(p * q, 1, o);
  vstore4(p << (q & 31), 2, o);
  vstore4(as_int4(up >> (uq & 31u)), 3, o);
  vstore4(p >> q, 4, o);
  vstore4(p < q, 5, o);                    /* -1 / 0 */
  vstore4(select(p, q, p > q), 6, o);
  vstore4(rotate(p, q), 7, o);
  vstore4(min(p, q) ^ max(p, q).wzyx, 8, o);
  vstore4(abs_diff(p, q).yxwz == as_uint4(p) ? p : q, 9, o);
  vstore4(shuffle(p, as_uint4(q) & 3u), 10, o);
  int8 sh2 = shuffle2(p, q, (uint8)(7, 0, 6, 1, 5, 2, 4, 3));
  vstore8(sh2, 0, o + 44);
  o[52] = any(p < 0) | all(q > -1000000) << 1 | any(e.hi == e.lo) << 2 | all(h < (short8)0) << 3;
  o[53] = popcount(p.x) + clz(q.y) + (int)mad24(p.z & 0xfff, q.w & 0xfff, 7);
  int3 v3 = vload3(i, a + 3);
  vstore3(v3 * (int3)(3, -5, 7) + v3.zxy, 0, o + 54);
  __global char *oc = cout + i * 32;
  vstore16(add_sat(c, as_char16(uc)), 0, oc);
  vstore16(as_char16(convert_uchar16_sat(convert_short16(c) * (short16)3)), 1, oc);
  short8 hs = h.s13570246 + upsample(c.lo, uc.hi);
  __global long *ol = lout + i * 8;
  vstore2(as_long2(as_ulong2(l) * as_ulong2(l.yx) + convert_ulong2((long2)(hs.s0, hs.s7))), 0, ol);
  vstore2(convert_long2(p.xy) * convert_long2(q.zw), 1, ol);
  vstore2(as_long2(mad_hi(as_uint4(l), uq, up)), 2, ol);
  vstore2(convert_long2(hs.s34) + (long2)(as_int(h.s01), as_int(h.s67)), 3, ol);
}
