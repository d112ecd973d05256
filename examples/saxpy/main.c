/* SAXPY with the ventsim launch helper: y = a * x + y for n = 1000 floats,
 * on an NDRange rounded up to whole work-groups (the kernel skips the extra
 * work-items).
 *     saxpy [kernel.elf] */
#include <math.h>
#include <stdio.h>

#include "ventsim/launch.h"

#ifndef KERNEL_ELF
#define KERNEL_ELF "saxpy.elf"
#endif

int main(int argc, char **argv)
{
  enum { N = 1000, LOCAL = 128 };
  static float x[N], y[N], want[N + 8];
  const float a = 2.5f;
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i % 17) - 3.25f;
    y[i] = (float)i / 7.0f;
    want[i] = fmaf(a, x[i], y[i]); /* vfmacc.vf rounds once, like fmaf */
  }
  const float sentinel = -12345.0f; /* must stay: nobody writes past n */
  for (int i = N; i < N + 8; i++) want[i] = sentinel;
  vs_program *p = vs_program_load(NULL, argc > 1 ? argv[1] : KERNEL_ELF);
  if (!p) {
    printf("FAILED: %s\n", vt_last_error());
    return 1;
  }
  static float ybig[N + 8];
  for (int i = 0; i < N + 8; i++) ybig[i] = i < N ? y[i] : sentinel;
  uint32_t dx = vs_buffer_new(p, sizeof x, x), dy = vs_buffer_new(p, sizeof ybig, ybig);
  vs_kernel *k = vs_kernel_get(p, "saxpy");
  size_t global = (N + LOCAL - 1) / LOCAL * LOCAL, local = LOCAL;
  if (!dx || !dy || !k || vs_kernel_set_arg_u32(k, 0, N) || vs_kernel_set_arg_f32(k, 1, a) ||
      vs_kernel_set_arg_buffer(k, 2, dx) || vs_kernel_set_arg_buffer(k, 3, dy) ||
      vs_kernel_launch(k, 1, &global, &local, NULL) || vs_buffer_read(p, dy, ybig, sizeof ybig)) {
    printf("FAILED: %s\n", vt_last_error());
    vs_program_free(p);
    return 1;
  }
  vs_program_free(p);
  int bad = 0;
  for (int i = 0; i < N + 8; i++)
    if (ybig[i] != want[i] && bad++ < 5) printf("y[%d] = %.9g, expected %.9g\n", i, (double)ybig[i], (double)want[i]);
  printf("saxpy: n = %d on %zu work-items, %d wrong\n", N, global, bad);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
