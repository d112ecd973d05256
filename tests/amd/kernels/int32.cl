/* 32-bit integer arithmetic and the integer built-ins: every work-item
 * applies each operation to its pair (a[i], b[i]) and writes one slot per
 * operation.  Division never sees a zero divisor or INT_MIN / -1 (undefined
 * in OpenCL C); shifts use OpenCL's rule (the count is taken modulo 32);
 * mul24/mad24 get operands in their 24-bit range. */
#define NOPS 48

__kernel void int32_ops(__global const int *a, __global const int *b, __global int *out)
{
  size_t i = get_global_id(0);
  int x = a[i], y = b[i];
  uint ux = (uint)x, uy = (uint)y;
  int d = (y == 0 || y == -1) ? 3 : y;
  uint ud = uy == 0 ? 3u : uy;
  int x24 = (x << 8) >> 8, y24 = (y << 8) >> 8;   /* sign-extended 24-bit */
  uint ux24 = ux & 0xffffffu, uy24 = uy & 0xffffffu;
  __global int *o = out + i * NOPS;
  o[0] = (int)(ux + uy);
  o[1] = (int)(ux - uy);
  o[2] = (int)(ux * uy);
  o[3] = x / d;
  o[4] = x % d;
  o[5] = (int)(ux / ud);
  o[6] = (int)(ux % ud);
  o[7] = (int)(ux << uy);
  o[8] = x >> y;
  o[9] = (int)(ux >> uy);
  o[10] = x & y;
  o[11] = x | y;
  o[12] = x ^ y;
  o[13] = ~x;
  o[14] = rotate(x, y);
  o[15] = mul_hi(x, y);
  o[16] = (int)mul_hi(ux, uy);
  o[17] = popcount(x);
  o[18] = clz(x);
  o[19] = ctz(x);
  o[20] = (int)abs(x);
  o[21] = (int)abs_diff(x, y);
  o[22] = add_sat(x, y);
  o[23] = sub_sat(x, y);
  o[24] = (int)add_sat(ux, uy);
  o[25] = (int)sub_sat(ux, uy);
  o[26] = mul24(x24, y24);
  o[27] = mad24(x24, y24, x);
  o[28] = (int)mul24(ux24, uy24);
  o[29] = (int)mad24(ux24, uy24, ux);
  o[30] = hadd(x, y);
  o[31] = rhadd(x, y);
  o[32] = (int)hadd(ux, uy);
  o[33] = (int)rhadd(ux, uy);
  o[34] = min(x, y);
  o[35] = max(x, y);
  o[36] = (int)min(ux, uy);
  o[37] = (int)max(ux, uy);
  o[38] = clamp(x, -100000, 100000);
  o[39] = (int)clamp(ux, 1000u, 3000000000u);
  o[40] = mad_hi(x, y, x);
  o[41] = mad_sat(x, y, x);
  o[42] = (int)mad_sat(ux, uy, ux);
  o[43] = bitselect(x, y, x ^ (y << 3));
  o[44] = select(x, y, x < y);
  o[45] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5 |
          (ux < uy) << 6 | (ux >= uy) << 7 | (!x) << 8 | (x && y) << 9 | (x || y) << 10;
  o[46] = (int)upsample((ushort)(x >> 3), (ushort)y);
  o[47] = x > 0 ? (int)(ux * 3u + 1u) : (int)(0u - ux - (uy & 15u));
}
