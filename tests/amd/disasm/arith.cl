/* Streaming arithmetic: 32/64-bit integers, float and double math. */
__kernel void saxpy(__global const float *x, __global float *y, float a, int n)
{
  int i = get_global_id(0);
  if (i < n) y[i] = a * x[i] + y[i];
}

__kernel void mathy(__global const float *x, __global float *out, __global double *dout)
{
  size_t i = get_global_id(0);
  float v = x[i];
  out[i] = sqrt(fabs(v)) + v / (v + 3.0f) + native_sin(v) + floor(v) + rsqrt(v + 1.0f);
  double d = (double)v;
  dout[i] = d / 7.0 + fma(d, d, 0.125);
}

__kernel void ints(__global const long *a, __global const uint *b, __global long *c)
{
  size_t i = get_global_id(0);
  long p = a[i] * (long)b[i];
  ulong q = (ulong)a[i] >> (b[i] & 63);
  c[i] = p / 13 + (long)(q % 7) + (long)clz(b[i]) + (long)popcount(b[i]) + rotate(b[i], 5u);
}
