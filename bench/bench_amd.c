/* AMD execution speed (bench/README.md): runs matmul_naive of the corpus
 * (tests/amd/kernels/matmul.cl, compiled by the build for each target: give
 * the code object of gfx900, gfx906, gfx1100 (wave32) or gfx1100w64) on
 * N x N matrices through the launch helper and prints wave instructions
 * per second of simulation on one host thread, the median of R runs.
 *     bench_amd CODE_OBJECT [N] [R] */
#include <stdio.h>
#include <stdlib.h>

#include "ventsim/driver.h"
#include "ventsim/launch.h"

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    fprintf(stderr, "usage: bench_amd CODE_OBJECT [N] [RUNS]\n");
    return 2;
  }
  int n = argc > 2 ? atoi(argv[2]) : 256, runs = argc > 3 ? atoi(argv[3]) : 5;
  if (n < 16 || runs < 1 || runs > 99) return 2;
  vs_program *p = vs_program_load(NULL, argv[1]);
  if (!p) return 1;
  size_t bytes = (size_t)n * n * sizeof(float);
  float *a = malloc(bytes);
  for (int i = 0; i < n * n; i++) a[i] = (float)(i % 7) * 0.25f;
  vs_addr A = vs_buffer_new(p, bytes, a), B = vs_buffer_new(p, bytes, a), C = vs_buffer_new(p, bytes, NULL);
  vs_kernel *k = vs_kernel_get(p, "matmul_naive");
  if (!A || !B || !C || !k || vs_kernel_set_arg_buffer(k, 0, A) || vs_kernel_set_arg_buffer(k, 1, B) ||
      vs_kernel_set_arg_buffer(k, 2, C) || vs_kernel_set_arg_i32(k, 3, n) || vs_kernel_set_arg_i32(k, 4, n) ||
      vs_kernel_set_arg_i32(k, 5, n))
    return 1;
  size_t global[2] = {(size_t)n, (size_t)n}, local[2] = {16, 16};
  double rate[99];
  vs_run_result res = {0};
  for (int r = 0; r < runs; r++) {
    vs_launch_opts o = {0};
    o.result = &res;
    if (vs_kernel_launch(k, 2, global, local, &o)) return 1;
    rate[r] = (double)res.warp_insns / res.seconds;
  }
  qsort(rate, (size_t)runs, sizeof *rate, cmp);
  printf("matmul_naive %dx%d %s: %llu wave instructions, median %.1f M instructions/s (%d runs)\n", n, n, argv[1],
         (unsigned long long)res.warp_insns, rate[runs / 2] / 1e6, runs);
  free(a);
  vs_program_free(p);
  return 0;
}
