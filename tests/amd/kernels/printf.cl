/* printf: integer, float, string and character conversions with flags,
 * widths and precisions, 64-bit integers, vectors (%v4hld, %v2hlf), %p, a
 * literal %%, and a line printed by one work-item only.  AMD code objects
 * of this file come from the four-step printf build (spec section 1.3). */

__kernel void printf_formats(__global const int *vi, __global const float *vf)
{
  int i = (int)get_global_id(0);
  int v = vi[i];
  float f = vf[i];
  printf("wi %d: d=%d u=%u x=%x X=%X o=%o\n", i, v, (uint)v, v, v, (uint)v & 0777u);
  printf("wi %d: f=%f e=%e g=%g F=%.3f E=%.2E G=%G\n", i, f, f, f, f, f, f);
  printf("wi %d: s=%s c=%c [%5d] [%-5d] [%05d] %%\n", i, "text", 'A' + i % 26, v & 0xff, i, i);
  printf("wi %d: l=%ld lu=%lu lx=%lx\n", i, (long)v * 1000003L, (ulong)(uint)v << 20, (ulong)(uint)v << 28);
  printf("wi %d: v=%v4hld vf=%v2hlf\n", i, (int4)(v, 1, -2, i), (float2)(f, 0.5f));
  printf("ptr=%p\n", (__global void *)(vi + i));
  if (i == 0) printf("hello from work-item 0 of %u\n", (uint)get_global_size(0));
}
