/* Half-precision arithmetic (cl_khr_fp16): IEEE operations, fma, the exact
 * built-ins, a few math built-ins, conversions, comparisons and half2
 * vector arithmetic (packed instructions on gfx9 and gfx11).  Devices
 * without cl_khr_fp16 compile this file to nothing; its cases require
 * fp16. */
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define NH 32

__kernel void f16_ops(__global const half *a, __global const half *b, __global const half *c,
                      __global half *out, __global int *iout)
{
  size_t i = get_global_id(0);
  half x = a[i], y = b[i], z = c[i];
  __global half *o = out + i * NH;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = fma(x, y, z);
  o[5] = sqrt(fabs(x));
  o[6] = fmin(x, y);
  o[7] = fmax(x, y);
  o[8] = fabs(x);
  o[9] = copysign(x, y);
  o[10] = floor(x);
  o[11] = ceil(x);
  o[12] = rint(x);
  o[13] = trunc(x);
  o[14] = round(x);
  o[15] = -x;
  o[16] = exp(x);
  o[17] = log(fabs(x));
  o[18] = sin(x);
  o[19] = cos(x);
  o[20] = (half)((float)x * (float)y);
  o[21] = convert_half((int)i - 500);
  o[22] = ldexp(x, (int)(i % 9) - 4);
  o[23] = fmod(x, y);
  half2 p = (half2)(x, y), q = (half2)(z, x);
  half2 r = p * q + p;
  half2 m = fma(p, q, q);
  o[24] = r.x;
  o[25] = r.y;
  o[26] = m.x;
  o[27] = m.y;
  half2 d = p - q;
  o[28] = d.x;
  o[29] = d.y;
  o[30] = (x - y) * (x + y);
  o[31] = rsqrt(fabs(x));
  __global int *q2 = iout + i * 8;
  q2[0] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | isnan(x) << 4 | isinf(x) << 5;
  q2[1] = convert_int_sat_rtz(x);
  q2[2] = convert_int_sat_rte(x);
  q2[3] = convert_short_sat(x * (half)100.0f);
  q2[4] = as_short(x);
  q2[5] = as_ushort(y * z);
  q2[6] = as_uint(convert_float(x));
  q2[7] = as_ushort(convert_half_rtz(convert_float(x) * 1.001f));
}
#endif
