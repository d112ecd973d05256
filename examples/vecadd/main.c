/* vecadd with the ventsim launch helper: c = a + b on 4096 floats.
 *     vecadd [kernel.elf]        (default: the ELF built next to it) */
#include <stdio.h>
#include <stdlib.h>

#include "ventsim/launch.h"

#ifndef KERNEL_ELF
#define KERNEL_ELF "vecadd.elf"
#endif

int main(int argc, char **argv)
{
  enum { N = 4096 };
  static float a[N], b[N], c[N];
  for (int i = 0; i < N; i++) {
    a[i] = (float)i * 0.5f;
    b[i] = 1000.0f - (float)i;
  }
  vs_program *p = vs_program_load(NULL, argc > 1 ? argv[1] : KERNEL_ELF);
  if (!p) {
    printf("FAILED: %s\n", vt_last_error());
    return 1;
  }
  uint32_t da = vs_buffer_new(p, sizeof a, a), db = vs_buffer_new(p, sizeof b, b);
  uint32_t dc = vs_buffer_new(p, sizeof c, NULL);
  vs_kernel *k = vs_kernel_get(p, "vecadd");
  size_t global = N, local = 256; /* 16 work-groups of 8 warps x 32 threads */
  if (!da || !db || !dc || !k || vs_kernel_set_arg_buffer(k, 0, da) || vs_kernel_set_arg_buffer(k, 1, db) ||
      vs_kernel_set_arg_buffer(k, 2, dc) || vs_kernel_launch(k, 1, &global, &local, NULL) ||
      vs_buffer_read(p, dc, c, sizeof c)) {
    printf("FAILED: %s\n", vt_last_error());
    vs_program_free(p);
    return 1;
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (c[i] != a[i] + b[i]) {
      if (bad++ < 5) printf("c[%d] = %g, expected %g\n", i, (double)c[i], (double)(a[i] + b[i]));
    }
  printf("vecadd: %d elements, %d wrong\n", N, bad);
  vt_dump_perf(vs_program_device(p), stdout);
  vs_program_free(p);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
