/* Single precision: the IEEE operations and the exactly specified
 * built-ins (0 ulp in OpenCL 3.0), division and sqrt (2.5 and 3 ulp, or
 * correctly rounded with -cl-fp32-correctly-rounded-divide-sqrt: the build
 * f32_arith_crdiv), contraction candidates (a*b+c, mad) and the
 * classification functions.  One float slot per operation in `out`, one int
 * slot per operation in `iout`. */
#define NF 40
#define NI 16

__kernel void f32_ops(__global const float *a, __global const float *b, __global const float *c,
                      __global float *out, __global int *iout)
{
  size_t i = get_global_id(0);
  float x = a[i], y = b[i], z = c[i];
  __global float *o = out + i * NF;
  __global int *q = iout + i * NI;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = sqrt(fabs(x));
  o[5] = fma(x, y, z);
  o[6] = x * y + z;          /* contracted or not: either is right */
  o[7] = mad(x, y, z);       /* may be fused or not */
  o[8] = fmin(x, y);
  o[9] = fmax(x, y);
  o[10] = fabs(x);
  o[11] = copysign(x, y);
  o[12] = floor(x);
  o[13] = ceil(x);
  o[14] = rint(x);
  o[15] = round(x);
  o[16] = trunc(x);
  o[17] = fdim(x, y);
  o[18] = fmod(x, y);
  o[19] = remainder(x, y);
  int e;
  o[20] = frexp(x, &e);
  q[0] = isfinite(x) ? e : 0;          /* unspecified for inf and NaN */
  o[21] = ldexp(x, (int)(i % 61) - 30);
  q[1] = isfinite(x) && x != 0.0f ? ilogb(x) : 0; /* FP_ILOGB0/NAN are implementation-defined */
  o[22] = logb(x);
  o[23] = nextafter(x, y);
  float ip;
  o[24] = modf(x, &ip);
  o[25] = ip;
  o[26] = 1.0f / x;
  o[27] = maxmag(x, y);
  o[28] = minmag(x, y);
  o[29] = -x;
  o[30] = fract(x, &ip);
  o[31] = ip;
  int qq;
  o[32] = remquo(x, y, &qq);
  /* OpenCL: the sign and at least the 3 low bits of the quotient */
  q[2] = isfinite(x) && isfinite(y) && y != 0.0f ? qq & 7 : 0;
  o[33] = x * 0.5f + 1.0f;
  o[34] = clamp(x, -2.0f, 2.0f);
  o[35] = step(y, x);
  o[36] = sign(x);
  o[37] = isfinite(x) && isfinite(y) ? max(x, y) : 0.0f; /* undefined for inf and NaN */
  o[38] = isfinite(x) && isfinite(y) ? min(x, y) : 0.0f;
  o[39] = (x - y) * (x + y);
  q[3] = isnan(x);
  q[4] = isinf(x);
  q[5] = isfinite(x);
  q[6] = isnormal(x);
  q[7] = signbit(x);
  q[8] = isequal(x, y) | isnotequal(x, y) << 1 | isgreater(x, y) << 2 | isless(x, y) << 3 |
         isordered(x, y) << 4 | isunordered(x, y) << 5 | islessgreater(x, y) << 6;
  q[9] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5;
  q[10] = as_int(x) ^ as_int(y);
  q[11] = as_int(select(x, y, as_int(z) < 0));
  q[12] = as_int(bitselect(x, y, z));
  q[13] = x > 0.0f && y > 0.0f ? 1 : x < 0.0f ? 2 : 3;
  q[14] = (int)(x * y > z);
  q[15] = isgreaterequal(x, y) | islessequal(x, y) << 1;
}
