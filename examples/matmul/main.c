/* Tiled matrix multiply with the ventsim launch helper: C = A x B for 64 x 64
 * floats, 8 x 8 work-groups using local memory and barriers.
 *     matmul [kernel.elf] */
#include <math.h>
#include <stdio.h>

#include "ventsim/launch.h"

#ifndef KERNEL_ELF
#define KERNEL_ELF "matmul.elf"
#endif

enum { N = 64, TILE = 8 };

int main(int argc, char **argv)
{
  static float A[N * N], B[N * N], C[N * N], want[N * N];
  for (int i = 0; i < N * N; i++) {
    A[i] = (float)((i * 7) % 13) * 0.25f - 1.0f;
    B[i] = (float)((i * 5) % 11) * 0.5f - 2.0f;
  }
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) {
      float s = 0.0f;
      for (int k = 0; k < N; k++) s = fmaf(A[r * N + k], B[k * N + c], s); /* the kernel's order */
      want[r * N + c] = s;
    }
  vs_program *p = vs_program_load(NULL, argc > 1 ? argv[1] : KERNEL_ELF);
  if (!p) {
    printf("FAILED: %s\n", vt_last_error());
    return 1;
  }
  uint32_t da = vs_buffer_new(p, sizeof A, A), db = vs_buffer_new(p, sizeof B, B);
  uint32_t dc = vs_buffer_new(p, sizeof C, NULL);
  vs_kernel *k = vs_kernel_get(p, "matmul");
  size_t global[2] = {N, N}, local[2] = {TILE, TILE}; /* 64 work-items: 2 warps */
  if (!da || !db || !dc || !k || vs_kernel_set_arg_buffer(k, 0, da) || vs_kernel_set_arg_buffer(k, 1, db) ||
      vs_kernel_set_arg_buffer(k, 2, dc) || vs_kernel_set_arg_u32(k, 3, N) ||
      vs_kernel_set_local_mem(k, 2 * TILE * TILE * sizeof(float)) ||
      vs_kernel_launch(k, 2, global, local, NULL) || vs_buffer_read(p, dc, C, sizeof C)) {
    printf("FAILED: %s\n", vt_last_error());
    vs_program_free(p);
    return 1;
  }
  vs_program_free(p);
  int bad = 0;
  for (int i = 0; i < N * N; i++)
    if (C[i] != want[i] && bad++ < 5)
      printf("C[%d][%d] = %.9g, expected %.9g\n", i / N, i % N, (double)C[i], (double)want[i]);
  printf("matmul: %d x %d, %d x %d tiles, %d wrong\n", N, N, TILE, TILE, bad);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
