/* Parallel reduction with the ventsim launch helper: the sum of each block
 * of 256 ints, computed by a tree in local memory with barriers and
 * divergent branches; each work-group also prints its sum.
 *     reduction [kernel.elf] */
#include <stdio.h>

#include "ventsim/launch.h"

#ifndef KERNEL_ELF
#define KERNEL_ELF "reduction.elf"
#endif

enum { GROUPS = 8, LOCAL = 256, N = GROUPS * LOCAL };

int main(int argc, char **argv)
{
  static int32_t in[N], out[GROUPS], want[GROUPS];
  for (int i = 0; i < N; i++) {
    in[i] = (i * 37) % 101 - 50;
    want[i / LOCAL] += in[i];
  }
  vs_program *p = vs_program_load(NULL, argc > 1 ? argv[1] : KERNEL_ELF);
  if (!p) {
    printf("FAILED: %s\n", vt_last_error());
    return 1;
  }
  uint32_t din = vs_buffer_new(p, sizeof in, in), dout = vs_buffer_new(p, sizeof out, NULL);
  vs_kernel *k = vs_kernel_get(p, "reduction");
  size_t global = N, local = LOCAL; /* 8 warps of 32 per work-group */
  if (!din || !dout || !k || vs_kernel_set_arg_buffer(k, 0, din) || vs_kernel_set_arg_buffer(k, 1, dout) ||
      vs_kernel_set_local_mem(k, LOCAL * sizeof(int32_t)) || vs_kernel_launch(k, 1, &global, &local, NULL) ||
      vs_buffer_read(p, dout, out, sizeof out)) {
    printf("FAILED: %s\n", vt_last_error());
    vs_program_free(p);
    return 1;
  }
  vs_program_free(p);
  int bad = 0;
  for (int g = 0; g < GROUPS; g++)
    if (out[g] != want[g] && bad++ < 5) printf("out[%d] = %d, expected %d\n", g, out[g], want[g]);
  printf("reduction: %d groups of %d, %d wrong\n", GROUPS, LOCAL, bad);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
