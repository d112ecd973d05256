/* 64-bit integer arithmetic, the 64-bit integer built-ins and 32x32->64
 * products: one output slot per operation (as int32.cl). */
#define NOPS 48

__kernel void int64_ops(__global const long *a, __global const long *b, __global long *out)
{
  size_t i = get_global_id(0);
  long x = a[i], y = b[i];
  ulong ux = (ulong)x, uy = (ulong)y;
  long d = (y == 0 || y == -1) ? 3 : y;
  ulong ud = uy == 0 ? 3 : uy;
  int x32 = (int)x, y32 = (int)y;
  uint ux32 = (uint)ux, uy32 = (uint)uy;
  __global long *o = out + i * NOPS;
  o[0] = (long)(ux + uy);
  o[1] = (long)(ux - uy);
  o[2] = (long)(ux * uy);
  o[3] = x / d;
  o[4] = x % d;
  o[5] = (long)(ux / ud);
  o[6] = (long)(ux % ud);
  o[7] = (long)(ux << uy);
  o[8] = x >> y;
  o[9] = (long)(ux >> uy);
  o[10] = x & y;
  o[11] = x | y;
  o[12] = x ^ y;
  o[13] = ~x;
  o[14] = rotate(x, y);
  o[15] = mul_hi(x, y);
  o[16] = (long)mul_hi(ux, uy);
  o[17] = popcount(x);
  o[18] = clz(x);
  o[19] = ctz(x);
  o[20] = (long)abs(x);
  o[21] = (long)abs_diff(x, y);
  o[22] = add_sat(x, y);
  o[23] = sub_sat(x, y);
  o[24] = (long)add_sat(ux, uy);
  o[25] = (long)sub_sat(ux, uy);
  o[26] = (long)x32 * (long)y32;
  o[27] = (long)((ulong)ux32 * (ulong)uy32);
  o[28] = (long)x32 * (long)y32 + x;
  o[29] = (long)((ulong)ux32 * (ulong)uy32 + ux);
  o[30] = hadd(x, y);
  o[31] = rhadd(x, y);
  o[32] = (long)hadd(ux, uy);
  o[33] = (long)rhadd(ux, uy);
  o[34] = min(x, y);
  o[35] = max(x, y);
  o[36] = (long)min(ux, uy);
  o[37] = (long)max(ux, uy);
  o[38] = clamp(x, -1000000000000L, 1000000000000L);
  o[39] = mad_hi(x, y, x);
  o[40] = mad_sat(x, y, x);
  o[41] = (long)mad_sat(ux, uy, ux);
  o[42] = bitselect(x, y, x ^ (y << 7));
  o[43] = select(x, y, (long)(x < y));
  o[44] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5 |
          (ux < uy) << 6 | (ux >= uy) << 7 | (!x) << 8 | (x && y) << 9 | (x || y) << 10;
  o[45] = (long)upsample(ux32, uy32);
  o[46] = (long)x32 + (long)(ux >> 40);
  o[47] = (long)(ux32 >> (y32 & 31)) - (long)(x >> 33);
}
