/* Arguments by value of every size: scalars of each type, vectors (float4,
 * int3), a struct with mixed members and padding, and a 256-byte struct.
 * The kernel writes each value back as 64-bit words. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

typedef struct {
  char c;
  int i;
  float f;
  short s;
  double d;
  long l;
  uchar u[3];
} mixed;

typedef struct {
  int words[64];
} big;

__kernel void struct_args(__global long *out, char c, uchar uc, short s, ushort us, int i, uint ui, long l,
                          ulong ul, float f, double d, float4 f4, int3 i3, mixed m, big b)
{
  size_t g = get_global_id(0);
  __global long *o = out + g * 32;
  o[0] = c;
  o[1] = uc;
  o[2] = s;
  o[3] = us;
  o[4] = i;
  o[5] = ui;
  o[6] = l;
  o[7] = (long)ul;
  o[8] = as_int(f);
  o[9] = as_long(d);
  o[10] = as_int(f4.x) ^ as_int(f4.w);
  o[11] = as_int(f4.y) + as_int(f4.z);
  o[12] = i3.x * 3 + i3.y * 5 + i3.z * 7;
  o[13] = m.c;
  o[14] = m.i;
  o[15] = as_int(m.f);
  o[16] = m.s;
  o[17] = as_long(m.d);
  o[18] = m.l;
  o[19] = m.u[0] | m.u[1] << 8 | m.u[2] << 16;
  long sum = 0;
  for (int k = 0; k < 64; k++) sum += (long)b.words[k] * (k + 1);
  o[20] = sum;
  o[21] = b.words[g % 64];
  o[22] = (long)g;
}
