/* Host references: integer kernels (int32.cl, int64.cl, narrow.cl,
 * control_flow.cl).  Each function is the OpenCL C definition of the
 * operations, in C with explicit wrap-around (unsigned arithmetic). */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "hostref.h"

/* ---- 32-bit ------------------------------------------------------------ */

static int32_t w32(uint32_t v) { return (int32_t)v; }
static uint32_t clz32(uint32_t v) { return v ? (uint32_t)__builtin_clz(v) : 32; }
static uint32_t ctz32(uint32_t v) { return v ? (uint32_t)__builtin_ctz(v) : 32; }
static int32_t sat32(int64_t v) { return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v; }
static uint32_t usat32(uint64_t v) { return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v; }

static void int32_one(int32_t x, int32_t y, int32_t *o)
{
  uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
  int32_t d = (y == 0 || y == -1) ? 3 : y;
  uint32_t ud = uy == 0 ? 3u : uy;
  int32_t x24 = w32(ux << 8) >> 8, y24 = w32(uy << 8) >> 8;
  uint32_t ux24 = ux & 0xffffffu, uy24 = uy & 0xffffffu;
  o[0] = w32(ux + uy);
  o[1] = w32(ux - uy);
  o[2] = w32(ux * uy);
  o[3] = x / d;
  o[4] = x % d;
  o[5] = w32(ux / ud);
  o[6] = w32(ux % ud);
  o[7] = w32(ux << (uy & 31));
  o[8] = x >> (uy & 31);
  o[9] = w32(ux >> (uy & 31));
  o[10] = x & y;
  o[11] = x | y;
  o[12] = x ^ y;
  o[13] = ~x;
  unsigned r = uy & 31;
  o[14] = w32(r ? (ux << r) | (ux >> (32 - r)) : ux);
  o[15] = (int32_t)(((int64_t)x * (int64_t)y) >> 32);
  o[16] = w32((uint32_t)(((uint64_t)ux * uy) >> 32));
  o[17] = __builtin_popcount(ux);
  o[18] = (int32_t)clz32(ux);
  o[19] = (int32_t)ctz32(ux);
  o[20] = w32(x < 0 ? 0u - ux : ux);
  o[21] = w32(x > y ? ux - uy : uy - ux);
  o[22] = sat32((int64_t)x + y);
  o[23] = sat32((int64_t)x - y);
  o[24] = w32(usat32((uint64_t)ux + uy));
  o[25] = w32(ux > uy ? ux - uy : 0);
  o[26] = w32((uint32_t)((int64_t)x24 * y24));
  o[27] = w32((uint32_t)((int64_t)x24 * y24) + ux);
  o[28] = w32(ux24 * uy24);
  o[29] = w32(ux24 * uy24 + ux);
  o[30] = (int32_t)(((int64_t)x + y) >> 1);
  o[31] = (int32_t)(((int64_t)x + y + 1) >> 1);
  o[32] = w32((uint32_t)(((uint64_t)ux + uy) >> 1));
  o[33] = w32((uint32_t)(((uint64_t)ux + uy + 1) >> 1));
  o[34] = x < y ? x : y;
  o[35] = x > y ? x : y;
  o[36] = w32(ux < uy ? ux : uy);
  o[37] = w32(ux > uy ? ux : uy);
  o[38] = x < -100000 ? -100000 : x > 100000 ? 100000 : x;
  o[39] = w32(ux < 1000u ? 1000u : ux > 3000000000u ? 3000000000u : ux);
  o[40] = w32((uint32_t)(((int64_t)x * (int64_t)y) >> 32) + ux);
  o[41] = sat32((int64_t)x * y + x); /* |x*y| < 2^62: no overflow in int64 */
  o[42] = w32(usat32((uint64_t)ux * uy + ux)); /* < 2^64 */
  uint32_t c = ux ^ (uy << 3);
  o[43] = w32((ux & ~c) | (uy & c));
  o[44] = x < y ? y : x;
  o[45] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5 |
          (ux < uy) << 6 | (ux >= uy) << 7 | (!x) << 8 | (x && y) << 9 | (x || y) << 10;
  o[46] = w32((uint32_t)(uint16_t)(x >> 3) << 16 | (uint16_t)y);
  o[47] = x > 0 ? w32(ux * 3u + 1u) : w32(0u - ux - (uy & 15u));
}

static int ref_int32_ops(hr_ctx *x)
{
  const int32_t *a = hr_buf(x, "a", TC_INT), *b = hr_buf(x, "b", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!a || !b || !out) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "a") < n || hr_count(x, "b") < n || hr_count(x, "out") < n * 48)
    return hr_fail(x, "int32_ops: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) int32_one(a[i], b[i], out + i * 48);
  return 0;
}

const hr_entry hostref_int[] = {
  {"int32_ops", ref_int32_ops},
  {NULL, NULL},
};
