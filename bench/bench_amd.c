/* AMD execution speed (bench/README.md): runs matmul_naive of the corpus
 * (tests/amd/kernels/matmul.cl, compiled by the build for each target: give
 * the code object of gfx900, gfx906, gfx1100 (wave32) or gfx1100w64), or
 * the ALU-heavy valu_f32_indep (bench/amd/ubench_core.cl, built as
 * build/bench/amd/ubench_core-TARGET.hsaco), on
 * N x N matrices through the launch helper and prints wave instructions
 * per second of simulation on one host thread, the median of R runs; in
 * timing mode (VENTSIM_MODE=timing) also the simulated cycles and the
 * median cycles per second (bench/bench_amd_timing.sh multiplies them by
 * the configuration's CUs).
 *     bench_amd CODE_OBJECT [N] [R] [matmul_naive|valu_f32_indep] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    fprintf(stderr, "usage: bench_amd CODE_OBJECT [N] [RUNS] [matmul_naive|valu_f32_indep]\n");
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
  /* matmul_naive (the corpus), or the ALU-heavy valu_f32_indep of
   * bench/amd/ubench_core.cl: N*N work-items, 64 iterations of eight
   * independent FMAs each */
  const char *kname = argc > 4 ? argv[4] : "matmul_naive";
  int alu = strcmp(kname, "matmul_naive") != 0;
  if (alu && strcmp(kname, "valu_f32_indep")) return 2;
  vs_kernel *k = vs_kernel_get(p, kname);
  if (!A || !B || !C || !k) return 1;
  if (alu ? vs_kernel_set_arg_buffer(k, 0, C) || vs_kernel_set_arg_i32(k, 1, 64) || vs_kernel_set_arg(k, 2, 4, &a[1]) ||
              vs_kernel_set_arg(k, 3, 4, &a[2])
          : vs_kernel_set_arg_buffer(k, 0, A) || vs_kernel_set_arg_buffer(k, 1, B) || vs_kernel_set_arg_buffer(k, 2, C) ||
              vs_kernel_set_arg_i32(k, 3, n) || vs_kernel_set_arg_i32(k, 4, n) || vs_kernel_set_arg_i32(k, 5, n))
    return 1;
  size_t global[2] = {(size_t)n, (size_t)n}, local[2] = {16, 16};
  double rate[99], crate[99];
  vs_run_result res = {0};
  for (int r = 0; r < runs; r++) {
    vs_launch_opts o = {0};
    o.result = &res;
    if (vs_kernel_launch(k, 2, global, local, &o)) return 1;
    rate[r] = (double)res.warp_insns / res.seconds;
    crate[r] = (double)res.cycles / res.seconds;
  }
  qsort(rate, (size_t)runs, sizeof *rate, cmp);
  qsort(crate, (size_t)runs, sizeof *crate, cmp);
  printf("%s %dx%d %s: %llu wave instructions, median %.1f M instructions/s (%d runs)", kname, n, n,
         argv[1],
         (unsigned long long)res.warp_insns, rate[runs / 2] / 1e6, runs);
  if (res.cycles)
    printf("; %llu cycles, median %.3f M cycles/s", (unsigned long long)res.cycles, crate[runs / 2] / 1e6);
  printf("\n");
  free(a);
  vs_program_free(p);
  return 0;
}
