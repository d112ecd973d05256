/* Histogram with per-thread atomics (amoadd.w on vector registers) and the
 * ventsim launch helper: 16384 pseudo-random values into 37 bins.
 *     histogram [kernel.elf] */
#include <stdio.h>

#include "ventsim/launch.h"

#ifndef KERNEL_ELF
#define KERNEL_ELF "histogram.elf"
#endif

enum { N = 16384, BINS = 37 };

int main(int argc, char **argv)
{
  static uint32_t data[N], hist[BINS], want[BINS];
  uint32_t x = 12345;
  for (int i = 0; i < N; i++) {
    x = x * 1103515245u + 12345u; /* skewed on purpose: many collisions */
    data[i] = (x >> 16) % 1000 < 300 ? 7 : x >> 8;
    want[data[i] % BINS]++;
  }
  vs_program *p = vs_program_load(NULL, argc > 1 ? argv[1] : KERNEL_ELF);
  if (!p) {
    printf("FAILED: %s\n", vt_last_error());
    return 1;
  }
  uint32_t dd = vs_buffer_new(p, sizeof data, data), dh = vs_buffer_new(p, sizeof hist, NULL);
  vs_kernel *k = vs_kernel_get(p, "histogram");
  size_t global = N, local = 128;
  if (!dd || !dh || !k || vs_kernel_set_arg_buffer(k, 0, dd) || vs_kernel_set_arg_buffer(k, 1, dh) ||
      vs_kernel_set_arg_u32(k, 2, BINS) || vs_kernel_launch(k, 1, &global, &local, NULL) ||
      vs_buffer_read(p, dh, hist, sizeof hist)) {
    printf("FAILED: %s\n", vt_last_error());
    vs_program_free(p);
    return 1;
  }
  vs_program_free(p);
  int bad = 0;
  uint32_t total = 0;
  for (int b = 0; b < BINS; b++) {
    total += hist[b];
    if (hist[b] != want[b] && bad++ < 5) printf("hist[%d] = %u, expected %u\n", b, hist[b], want[b]);
  }
  printf("histogram: %u values in %d bins (bin 7: %u), %d wrong\n", total, BINS, hist[7], bad);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
