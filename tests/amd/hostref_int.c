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


/* ---- 64-bit ------------------------------------------------------------ */

typedef __int128 i128;
typedef unsigned __int128 u128;
static int64_t w64(uint64_t v) { return (int64_t)v; }
static int64_t sat64(i128 v) { return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : (int64_t)v; }
static uint64_t usat64(u128 v) { return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v; }

static void int64_one(int64_t x, int64_t y, int64_t *o)
{
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
  int64_t d = (y == 0 || y == -1) ? 3 : y;
  uint64_t ud = uy == 0 ? 3 : uy;
  int32_t x32 = (int32_t)x, y32 = (int32_t)y;
  uint32_t ux32 = (uint32_t)ux, uy32 = (uint32_t)uy;
  o[0] = w64(ux + uy);
  o[1] = w64(ux - uy);
  o[2] = w64(ux * uy);
  o[3] = x / d;
  o[4] = x % d;
  o[5] = w64(ux / ud);
  o[6] = w64(ux % ud);
  o[7] = w64(ux << (uy & 63));
  o[8] = x >> (uy & 63);
  o[9] = w64(ux >> (uy & 63));
  o[10] = x & y;
  o[11] = x | y;
  o[12] = x ^ y;
  o[13] = ~x;
  unsigned r = (unsigned)(uy & 63);
  o[14] = w64(r ? (ux << r) | (ux >> (64 - r)) : ux);
  o[15] = (int64_t)(((i128)x * (i128)y) >> 64);
  o[16] = w64((uint64_t)(((u128)ux * uy) >> 64));
  o[17] = __builtin_popcountll(ux);
  o[18] = ux ? __builtin_clzll(ux) : 64;
  o[19] = ux ? __builtin_ctzll(ux) : 64;
  o[20] = w64(x < 0 ? 0 - ux : ux);
  o[21] = w64(x > y ? ux - uy : uy - ux);
  o[22] = sat64((i128)x + y);
  o[23] = sat64((i128)x - y);
  o[24] = w64(usat64((u128)ux + uy));
  o[25] = w64(ux > uy ? ux - uy : 0);
  o[26] = (int64_t)x32 * (int64_t)y32;
  o[27] = w64((uint64_t)ux32 * uy32);
  o[28] = w64((uint64_t)((int64_t)x32 * (int64_t)y32) + ux);
  o[29] = w64((uint64_t)ux32 * uy32 + ux);
  o[30] = (int64_t)(((i128)x + y) >> 1);
  o[31] = (int64_t)(((i128)x + y + 1) >> 1);
  o[32] = w64((uint64_t)(((u128)ux + uy) >> 1));
  o[33] = w64((uint64_t)(((u128)ux + uy + 1) >> 1));
  o[34] = x < y ? x : y;
  o[35] = x > y ? x : y;
  o[36] = w64(ux < uy ? ux : uy);
  o[37] = w64(ux > uy ? ux : uy);
  o[38] = x < -1000000000000LL ? -1000000000000LL : x > 1000000000000LL ? 1000000000000LL : x;
  o[39] = w64((uint64_t)(((i128)x * (i128)y) >> 64) + ux);
  o[40] = sat64((i128)x * y + x); /* |x*y| <= 2^126: no overflow in 128 bits */
  /* ux*uy + ux < 2^128 */
  o[41] = w64(usat64((u128)ux * uy + ux));
  uint64_t c = ux ^ (uy << 7);
  o[42] = w64((ux & ~c) | (uy & c));
  o[43] = x < y ? y : x;
  o[44] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5 |
          (ux < uy) << 6 | (ux >= uy) << 7 | (!x) << 8 | (x && y) << 9 | (x || y) << 10;
  o[45] = w64((uint64_t)ux32 << 32 | uy32);
  o[46] = (int64_t)x32 + (int64_t)(ux >> 40);
  o[47] = (int64_t)(ux32 >> (y32 & 31)) - (x >> 33);
}

static int ref_int64_ops(hr_ctx *x)
{
  const int64_t *a = hr_buf(x, "a", TC_LONG), *b = hr_buf(x, "b", TC_LONG);
  int64_t *out = hr_buf(x, "out", TC_LONG);
  if (!a || !b || !out) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "a") < n || hr_count(x, "b") < n || hr_count(x, "out") < n * 48)
    return hr_fail(x, "int64_ops: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) int64_one(a[i], b[i], out + i * 48);
  return 0;
}

/* ---- char, uchar, short, ushort ---------------------------------------- */

/* OpenCL's narrow built-ins on values held in int (V = the type's range) */
#define NARROW_REF(T, UT, WT, BITS, SG, o, x, y)                                                \
  do {                                                                                          \
    int xi = (x), yi = (y);                                                                     \
    int ux = (UT)xi, uy = (UT)yi;                                                               \
    int d = yi == 0 ? 3 : yi;                                                                   \
    int lo = SG ? -(1 << (BITS - 1)) : 0, hi = SG ? (1 << (BITS - 1)) - 1 : (1 << BITS) - 1;    \
    o[0] = (T)(xi + yi);                                                                        \
    o[1] = (T)(xi - yi);                                                                        \
    o[2] = (T)((WT)xi * (WT)yi);                                                                \
    o[3] = (T)(xi / d);                                                                         \
    o[4] = (T)(xi % d);                                                                         \
    o[5] = (T)((unsigned)ux << (yi & (BITS - 1)));                                              \
    o[6] = (T)(xi >> (yi & (BITS - 1)));                                                        \
    o[7] = (T)(xi + yi > hi ? hi : xi + yi < lo ? lo : xi + yi);                                \
    o[8] = (T)(xi - yi > hi ? hi : xi - yi < lo ? lo : xi - yi);                                \
    o[9] = (T)(((int64_t)xi * yi) >> BITS);                                                     \
    {                                                                                           \
      int r = yi & (BITS - 1);                                                                  \
      o[10] = (T)(r ? (ux << r | ux >> (BITS - r)) : ux);                                       \
    }                                                                                           \
    {                                                                                           \
      int nz = 0;                                                                               \
      while (nz < BITS && !(ux & (1 << (BITS - 1 - nz)))) nz++;                                 \
      o[11] = (T)nz;                                                                            \
    }                                                                                           \
    o[12] = (T)__builtin_popcount((unsigned)ux);                                                \
    o[13] = (T)(UT)(xi < 0 ? -xi : xi);                                                         \
    o[14] = (T)(UT)(xi > yi ? xi - yi : yi - xi);                                               \
    o[15] = (T)((xi + yi) >> 1);                                                                \
    o[16] = (T)((xi + yi + 1) >> 1);                                                            \
    o[17] = (T)(xi < yi ? xi : yi);                                                             \
    o[18] = (T)(xi > yi ? xi : yi);                                                             \
    {                                                                                           \
      int64_t m = (int64_t)xi * yi + xi;                                                        \
      o[19] = (T)(m > hi ? hi : m < lo ? lo : m);                                               \
    }                                                                                           \
    o[20] = (T)(ux / (uy == 0 ? 5 : uy));                                                       \
    o[21] = (T)((WT)xi * (WT)yi >> BITS);                                                       \
    o[22] = (T)((xi < yi) | (xi == yi) << 1 | (ux > uy) << 2);                                  \
    o[23] = (T)~xi;                                                                             \
  } while (0)

static int8_t sat8(int64_t v) { return v > 127 ? 127 : v < -128 ? -128 : (int8_t)v; }
static uint8_t usat8(int64_t v) { return v > 255 ? 255 : v < 0 ? 0 : (uint8_t)v; }

static int ref_narrow_ops(hr_ctx *x)
{
  const int8_t *ca = hr_buf(x, "ca", TC_CHAR), *cb = hr_buf(x, "cb", TC_CHAR);
  const int16_t *sa = hr_buf(x, "sa", TC_SHORT), *sb = hr_buf(x, "sb", TC_SHORT);
  int8_t *oc = hr_buf(x, "oc", TC_CHAR), *sat = hr_buf(x, "sat", TC_CHAR);
  uint8_t *ouc = hr_buf(x, "ouc", TC_UCHAR);
  int16_t *os = hr_buf(x, "os", TC_SHORT), *ups = hr_buf(x, "ups", TC_SHORT);
  uint16_t *ous = hr_buf(x, "ous", TC_USHORT);
  if (!ca || !cb || !sa || !sb || !oc || !sat || !ouc || !os || !ups || !ous) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "oc") < n * 24 || hr_count(x, "ous") < n * 24 || hr_count(x, "sat") < n * 8 ||
      hr_count(x, "ups") < n * 4 || hr_count(x, "ca") < n || hr_count(x, "sb") < n)
    return hr_fail(x, "narrow_ops: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    int c0 = ca[i], c1 = cb[i], u0 = (uint8_t)c0, u1 = (uint8_t)c1, s0 = sa[i], s1 = sb[i];
    int w0 = (uint16_t)s0, w1 = (uint16_t)s1;
    int8_t *o1 = oc + i * 24;
    uint8_t *o2 = ouc + i * 24;
    int16_t *o3 = os + i * 24;
    uint16_t *o4 = ous + i * 24;
    NARROW_REF(int8_t, uint8_t, int, 8, 1, o1, c0, c1);
    NARROW_REF(uint8_t, uint8_t, unsigned, 8, 0, o2, u0, u1);
    NARROW_REF(int16_t, uint16_t, int, 16, 1, o3, s0, s1);
    NARROW_REF(uint16_t, uint16_t, unsigned, 16, 0, o4, w0, w1);
    ups[i * 4 + 0] = (int16_t)(uint16_t)((unsigned)(uint8_t)c0 << 8 | (unsigned)u1);
    ups[i * 4 + 1] = (int16_t)(uint16_t)((unsigned)u0 << 8 | (unsigned)u1);
    ups[i * 4 + 2] = (int16_t)(c0 * s0);
    ups[i * 4 + 3] = (int16_t)(w0 >> 3 | u1 << 9);
    sat[i * 8 + 0] = sat8(s0);
    sat[i * 8 + 1] = (int8_t)usat8(s0);
    sat[i * 8 + 2] = sat8(w0);
    sat[i * 8 + 3] = (int8_t)usat8(c0);
    sat[i * 8 + 4] = sat8(u0);
    sat[i * 8 + 5] = sat8((int64_t)s0 * 300);
    sat[i * 8 + 6] = (int8_t)usat8((int64_t)s0 * -100000);
    uint32_t v = (uint32_t)w0 << 4;
    sat[i * 8 + 7] = (int8_t)(int16_t)(v > 32767 ? 32767 : v);
  }
  return 0;
}

const hr_entry hostref_int[] = {
  {"int32_ops", ref_int32_ops},
  {"int64_ops", ref_int64_ops},
  {"narrow_ops", ref_narrow_ops},
  {NULL, NULL},
};
