/* Conversions: float/double to every integer width (plain, saturating, and
 * with each rounding mode), every integer width to float/double with each
 * rounding mode, float <-> double with rounding modes, narrowing integer
 * conversions, and reinterpretation (as_type).  Plain float-to-integer
 * conversions are undefined out of range, so they get clamped inputs. */
#define NI 24
#define NL 8

__kernel void conv_from_float(__global const float *f, __global int *oi, __global long *ol)
{
  size_t i = get_global_id(0);
  float x = f[i];
  float c = isnan(x) ? 0.0f : clamp(x, -2.0e9f, 2.0e9f);  /* in int range */
  float cu = isnan(x) ? 0.0f : clamp(x, 0.0f, 4.0e9f);    /* in uint range */
  float cl = isnan(x) ? 0.0f : clamp(x, -9.0e18f, 9.0e18f);
  __global int *o = oi + i * NI;
  o[0] = convert_int(c);
  o[1] = convert_int_rte(c);
  o[2] = convert_int_rtz(c);
  o[3] = convert_int_rtp(c);
  o[4] = convert_int_rtn(c);
  o[5] = (int)c;
  o[6] = convert_int_sat(x);
  o[7] = convert_int_sat_rte(x);
  o[8] = convert_int_sat_rtp(x);
  o[9] = convert_int_sat_rtn(x);
  o[10] = (int)convert_uint(cu);
  o[11] = (int)convert_uint_sat(x);
  o[12] = (int)convert_uint_sat_rte(x);
  o[13] = (int)convert_uint_rtp(cu);
  o[14] = convert_char_sat(x);
  o[15] = convert_uchar_sat(x);
  o[16] = convert_short_sat(x);
  o[17] = convert_ushort_sat(x);
  o[18] = convert_char_sat_rte(x);
  o[19] = convert_short_sat_rtn(x);
  o[20] = convert_ushort_sat_rtp(x);
  o[21] = (int)convert_uchar_sat_rtz(x);
  o[22] = as_int(x);
  o[23] = as_int(convert_float(as_int(x) >> 8));
  __global long *q = ol + i * NL;
  q[0] = convert_long(cl);
  q[1] = convert_long_rte(cl);
  q[2] = convert_long_rtp(cl);
  q[3] = convert_long_sat(x);
  q[4] = (long)convert_ulong_sat(x);
  q[5] = (long)convert_ulong(isnan(x) ? 0.0f : clamp(x, 0.0f, 1.8e19f));
  q[6] = convert_long_sat_rtn(x);
  q[7] = (long)convert_ulong_sat_rte(x);
}

__kernel void conv_to_float(__global const int *vi, __global const long *vl, __global float *of)
{
  size_t i = get_global_id(0);
  int x = vi[i];
  uint ux = (uint)x;
  long y = vl[i];
  ulong uy = (ulong)y;
  __global float *o = of + i * NI;
  o[0] = convert_float(x);
  o[1] = convert_float_rte(x);
  o[2] = convert_float_rtz(x);
  o[3] = convert_float_rtp(x);
  o[4] = convert_float_rtn(x);
  o[5] = (float)ux;
  o[6] = convert_float_rtz(ux);
  o[7] = convert_float_rtp(ux);
  o[8] = convert_float_rtn(ux);
  o[9] = (float)y;
  o[10] = convert_float_rtz(y);
  o[11] = convert_float_rtp(y);
  o[12] = convert_float_rtn(y);
  o[13] = (float)uy;
  o[14] = convert_float_rtz(uy);
  o[15] = convert_float_rtp(uy);
  o[16] = convert_float_rtn(uy);
  o[17] = (float)(char)x;
  o[18] = (float)(uchar)x;
  o[19] = (float)(short)x;
  o[20] = (float)(ushort)x;
  o[21] = convert_float((char)(y >> 7)) + convert_float((short)(y >> 20));
  o[22] = as_float(x);
  o[23] = as_float(convert_int_sat(convert_float(x) * 0.25f));
}

__kernel void conv_narrow(__global const long *vl, __global char *oc, __global short *os, __global int *oi)
{
  size_t i = get_global_id(0);
  long y = vl[i];
  oc[i * 4 + 0] = (char)y;
  oc[i * 4 + 1] = convert_char_sat(y);
  oc[i * 4 + 2] = (char)convert_uchar_sat(y);
  oc[i * 4 + 3] = convert_char((int)y);
  os[i * 4 + 0] = (short)y;
  os[i * 4 + 1] = convert_short_sat(y);
  os[i * 4 + 2] = (short)convert_ushort_sat((int)y);
  os[i * 4 + 3] = convert_short_sat((uint)y);
  oi[i * 4 + 0] = (int)y;
  oi[i * 4 + 1] = convert_int_sat(y);
  oi[i * 4 + 2] = (int)convert_uint_sat(y);
  oi[i * 4 + 3] = convert_int_sat((ulong)y);
}

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void conv_double(__global const double *vd, __global const long *vl, __global double *od,
                          __global float *of, __global long *ol)
{
  size_t i = get_global_id(0);
  double d = vd[i];
  long y = vl[i];
  double c = isnan(d) ? 0.0 : clamp(d, -9.0e18, 9.0e18);
  od[i * 8 + 0] = convert_double(y);
  od[i * 8 + 1] = convert_double_rtz(y);
  od[i * 8 + 2] = convert_double_rtp(y);
  od[i * 8 + 3] = convert_double_rtn(y);
  od[i * 8 + 4] = convert_double((ulong)y);
  od[i * 8 + 5] = convert_double_rtz((ulong)y);
  od[i * 8 + 6] = (double)(float)d;
  od[i * 8 + 7] = (double)(int)clamp(c, -2.0e9, 2.0e9);
  of[i * 4 + 0] = (float)d;
  of[i * 4 + 1] = convert_float_rtz(d);
  of[i * 4 + 2] = convert_float_rtp(d);
  of[i * 4 + 3] = convert_float_rtn(d);
  ol[i * 6 + 0] = convert_long(c);
  ol[i * 6 + 1] = convert_long_sat(d);
  ol[i * 6 + 2] = convert_long_sat_rte(d);
  ol[i * 6 + 3] = convert_int_sat(d);
  ol[i * 6 + 4] = (long)convert_ulong_sat(d);
  ol[i * 6 + 5] = convert_long_rtp(c);
}
#endif
