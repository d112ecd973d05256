/* char, uchar, short and ushort: arithmetic with C's promotions, the
 * narrow-type built-ins, saturating conversions and upsample.  One output
 * buffer per type, NOPS slots per work-item. */
#define NOPS 24

#define NARROW(T, UT, WT, o, x, y)                                             \
  do {                                                                         \
    UT ux = (UT)(x), uy = (UT)(y);                                             \
    T d = (y) == 0 ? (T)3 : (y);                                               \
    o[0] = (T)((x) + (y));                                                     \
    o[1] = (T)((x) - (y));                                                     \
    o[2] = (T)((WT)(x) * (WT)(y));                                             \
    o[3] = (T)((x) / d);                                                       \
    o[4] = (T)((x) % d);                                                       \
    o[5] = (T)((UT)(x) << ((y) & (8 * sizeof(T) - 1)));                       \
    o[6] = (T)((x) >> ((y) & (8 * sizeof(T) - 1)));                            \
    o[7] = add_sat((T)(x), (T)(y));                                            \
    o[8] = sub_sat((T)(x), (T)(y));                                            \
    o[9] = mul_hi((T)(x), (T)(y));                                             \
    o[10] = rotate((T)(x), (T)(y));                                            \
    o[11] = clz((T)(x));                                                       \
    o[12] = popcount((T)(x));                                                  \
    o[13] = (T)abs((T)(x));                                                    \
    o[14] = (T)abs_diff((T)(x), (T)(y));                                       \
    o[15] = hadd((T)(x), (T)(y));                                              \
    o[16] = rhadd((T)(x), (T)(y));                                             \
    o[17] = min((T)(x), (T)(y));                                               \
    o[18] = max((T)(x), (T)(y));                                               \
    o[19] = mad_sat((T)(x), (T)(y), (T)(x));                                   \
    o[20] = (T)(ux / (uy == 0 ? (UT)5 : uy));                                  \
    o[21] = (T)((WT)(x) * (WT)(y) >> (8 * sizeof(T)));                         \
    o[22] = (T)(((x) < (y)) | ((x) == (y)) << 1 | (ux > uy) << 2);             \
    o[23] = (T)~(x);                                                           \
  } while (0)

__kernel void narrow_ops(__global const char *ca, __global const char *cb, __global const short *sa,
                         __global const short *sb, __global char *oc, __global uchar *ouc,
                         __global short *os, __global ushort *ous, __global short *ups,
                         __global char *sat)
{
  size_t i = get_global_id(0);
  char c0 = ca[i], c1 = cb[i];
  uchar u0 = (uchar)c0, u1 = (uchar)c1;
  short s0 = sa[i], s1 = sb[i];
  ushort w0 = (ushort)s0, w1 = (ushort)s1;
  __global char *o1 = oc + i * NOPS;
  __global uchar *o2 = ouc + i * NOPS;
  __global short *o3 = os + i * NOPS;
  __global ushort *o4 = ous + i * NOPS;
  NARROW(char, uchar, int, o1, c0, c1);
  NARROW(uchar, uchar, uint, o2, u0, u1);
  NARROW(short, ushort, int, o3, s0, s1);
  NARROW(ushort, ushort, uint, o4, w0, w1);
  ups[i * 4 + 0] = upsample(c0, u1);
  ups[i * 4 + 1] = (short)upsample(u0, u1);
  ups[i * 4 + 2] = (short)(c0 * (short)s0);
  ups[i * 4 + 3] = (short)((int)w0 >> 3 | (int)u1 << 9);
  sat[i * 8 + 0] = convert_char_sat(s0);
  sat[i * 8 + 1] = (char)convert_uchar_sat(s0);
  sat[i * 8 + 2] = convert_char_sat(w0);
  sat[i * 8 + 3] = (char)convert_uchar_sat(c0);
  sat[i * 8 + 4] = convert_char_sat(u0);
  sat[i * 8 + 5] = convert_char_sat((int)s0 * 300);
  sat[i * 8 + 6] = (char)convert_uchar_sat((long)s0 * -100000);
  sat[i * 8 + 7] = (char)convert_short_sat((uint)w0 << 4);
}
