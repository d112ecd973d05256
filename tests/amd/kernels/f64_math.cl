/* Double-precision math built-ins with an ulp limit in OpenCL 3.0 (section
 * 7.4): exponentials and logarithms, trigonometric, hyperbolic and inverse
 * functions, powers and roots, erf.  Arguments are scaled by powers of two
 * (exact) into each function's interesting range.  One slot per function. */
#define NM 40

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void f64_math(__global const double *a, __global const double *b, __global double *out)
{
  size_t i = get_global_id(0);
  double x = a[i], y = b[i];
  double s = x * 0.015625;        /* x / 64 */
  double u = x * 0.00006103515625; /* x / 16384 */
  double t = y * 0.0078125;       /* y / 128 */
  int n = (int)(i % 21) - 10;
  int r = (int)(i % 8) + 1;
  if (i & 8) r = -r;
  __global double *o = out + i * NM;
  o[0] = exp(s);
  o[1] = exp2(s);
  o[2] = exp10(s * 0.25);
  o[3] = expm1(s);
  o[4] = log(x);
  o[5] = log2(x);
  o[6] = log10(x);
  o[7] = log1p(x);
  o[8] = sin(x);
  o[9] = cos(x);
  o[10] = tan(x);
  o[11] = asin(u);
  o[12] = acos(u);
  o[13] = atan(x);
  o[14] = atan2(x, y);
  o[15] = sinh(s);
  o[16] = cosh(s);
  o[17] = tanh(s);
  o[18] = asinh(x);
  o[19] = acosh(fabs(x) + 1.0);
  o[20] = atanh(u);
  o[21] = pow(x, t);
  o[22] = pown(x, n);
  o[23] = powr(x, t);
  o[24] = rootn(x, r);
  o[25] = cbrt(x);
  o[26] = hypot(x, y);
  o[27] = sinpi(s);
  o[28] = cospi(s);
  o[29] = tanpi(s);
  o[30] = rsqrt(x);
  double c;
  o[31] = sincos(x, &c);
  o[32] = c;
  o[33] = erf(s);
  o[34] = erfc(s);
  o[35] = asinpi(u);
  o[36] = acospi(u);
  o[37] = atanpi(x);
  o[38] = atan2pi(x, y);
  o[39] = exp2(-fabs(s));
}
