/* Host references: floating-point kernels (f32_arith.cl, f32_math.cl,
 * f64.cl, f16_*.cl, convert.cl).  The exactly specified operations use the
 * C99 functions of the same definition (IEEE 754 operations, fmaf, fminf,
 * rintf ...); the approximated built-ins are computed in double precision
 * (in long double for double results) and rounded once, so the reference is
 * within about half an ulp of the true value.  Built with
 * -ffp-contract=off in the default rounding mode. */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "hostref.h"

static int32_t f2i(float f)
{
  int32_t i;
  memcpy(&i, &f, 4);
  return i;
}

/* OpenCL's fract, with the edge cases of the specification */
static float fractf_cl(float x, float *ip)
{
  if (isnan(x)) {
    *ip = x;
    return x;
  }
  if (isinf(x)) {
    *ip = x;
    return copysignf(0.0f, x);
  }
  *ip = floorf(x);
  return fminf(x - *ip, 0x1.fffffep-1f);
}

static float maxmagf(float x, float y)
{
  float ax = fabsf(x), ay = fabsf(y);
  return ax > ay ? x : ay > ax ? y : fmaxf(x, y);
}

static float minmagf(float x, float y)
{
  float ax = fabsf(x), ay = fabsf(y);
  return ax < ay ? x : ay < ax ? y : fminf(x, y);
}

static float signf_cl(float x)
{
  if (isnan(x)) return 0.0f;
  if (x > 0) return 1.0f;
  if (x < 0) return -1.0f;
  return x;
}

static void f32_one(float x, float y, float z, size_t i, float *o, int32_t *q)
{
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = sqrtf(fabsf(x));
  o[5] = fmaf(x, y, z);
  o[6] = x * y + z;
  o[7] = x * y + z;
  o[8] = fminf(x, y);
  o[9] = fmaxf(x, y);
  o[10] = fabsf(x);
  o[11] = copysignf(x, y);
  o[12] = floorf(x);
  o[13] = ceilf(x);
  o[14] = rintf(x);
  o[15] = roundf(x);
  o[16] = truncf(x);
  o[17] = fdimf(x, y);
  o[18] = fmodf(x, y);
  o[19] = remainderf(x, y);
  int e = 0;
  o[20] = frexpf(x, &e);
  q[0] = isfinite(x) ? e : 0;
  o[21] = ldexpf(x, (int)(i % 61) - 30);
  q[1] = isfinite(x) && x != 0.0f ? ilogbf(x) : 0;
  o[22] = logbf(x);
  o[23] = nextafterf(x, y);
  float ip;
  o[24] = modff(x, &ip);
  o[25] = ip;
  o[26] = 1.0f / x;
  o[27] = maxmagf(x, y);
  o[28] = minmagf(x, y);
  o[29] = -x;
  o[30] = fractf_cl(x, &ip);
  o[31] = ip;
  int qq = 0;
  o[32] = remquof(x, y, &qq);
  q[2] = isfinite(x) && isfinite(y) && y != 0.0f ? qq & 7 : 0;
  o[33] = x * 0.5f + 1.0f;
  o[34] = fminf(fmaxf(x, -2.0f), 2.0f);
  o[35] = x < y ? 0.0f : 1.0f;
  o[36] = signf_cl(x);
  o[37] = isfinite(x) && isfinite(y) ? (x < y ? y : x) : 0.0f;
  o[38] = isfinite(x) && isfinite(y) ? (y < x ? y : x) : 0.0f;
  o[39] = (x - y) * (x + y);
  q[3] = isnan(x) != 0;
  q[4] = isinf(x) != 0;
  q[5] = isfinite(x) != 0;
  q[6] = isnormal(x) != 0;
  q[7] = signbit(x) != 0;
  q[8] = (x == y) | (x != y) << 1 | (x > y) << 2 | (x < y) << 3 | (!isunordered(x, y)) << 4 |
         (isunordered(x, y) != 0) << 5 | (x < y || x > y) << 6;
  q[9] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5;
  q[10] = f2i(x) ^ f2i(y);
  q[11] = f2i(f2i(z) < 0 ? y : x);
  q[12] = (f2i(x) & ~f2i(z)) | (f2i(y) & f2i(z));
  q[13] = x > 0.0f && y > 0.0f ? 1 : x < 0.0f ? 2 : 3;
  q[14] = x * y > z;
  q[15] = (x >= y) | (x <= y) << 1;
}

static int ref_f32_ops(hr_ctx *x)
{
  const float *a = hr_buf(x, "a", TC_FLOAT), *b = hr_buf(x, "b", TC_FLOAT), *c = hr_buf(x, "c", TC_FLOAT);
  float *out = hr_buf(x, "out", TC_FLOAT);
  int32_t *iout = hr_buf(x, "iout", TC_INT);
  if (!a || !b || !c || !out || !iout) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "a") < n || hr_count(x, "b") < n || hr_count(x, "c") < n || hr_count(x, "out") < n * 40 ||
      hr_count(x, "iout") < n * 16)
    return hr_fail(x, "f32_ops: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) f32_one(a[i], b[i], c[i], i, out + i * 40, iout + i * 16);
  return 0;
}

const hr_entry hostref_float[] = {
  {"f32_ops", ref_f32_ops},
  {NULL, NULL},
};
