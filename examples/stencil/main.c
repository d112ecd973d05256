/* 2-D 5-point stencil with the ventsim launch helper: one Jacobi step on a
 * 66 x 34 grid, a 2-D NDRange over the 64 x 32 interior points with a
 * global offset of (1, 1); the border is copied unchanged.
 *     stencil [kernel.elf] */
#include <stdio.h>

#include "ventsim/launch.h"

#ifndef KERNEL_ELF
#define KERNEL_ELF "stencil.elf"
#endif

enum { W = 66, H = 34 };

int main(int argc, char **argv)
{
  static float in[W * H], out[W * H], want[W * H];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) in[y * W + x] = (float)((x * 3 + y * 5) % 23) - 4.5f;
  for (int i = 0; i < W * H; i++) want[i] = in[i];
  for (int y = 1; y < H - 1; y++)
    for (int x = 1; x < W - 1; x++) {
      float s = in[y * W + x] + in[(y - 1) * W + x]; /* the kernel's order */
      s = s + in[(y + 1) * W + x];
      s = s + in[y * W + x - 1];
      s = s + in[y * W + x + 1];
      want[y * W + x] = s * 0.2f;
    }
  vs_program *p = vs_program_load(NULL, argc > 1 ? argv[1] : KERNEL_ELF);
  if (!p) {
    printf("FAILED: %s\n", vt_last_error());
    return 1;
  }
  uint32_t din = vs_buffer_new(p, sizeof in, in), dout = vs_buffer_new(p, sizeof in, in); /* border = in */
  vs_kernel *k = vs_kernel_get(p, "stencil");
  size_t global[2] = {W - 2, H - 2}, local[2] = {16, 8};
  vs_launch_opts opt = {.global_offset = {1, 1, 0}};
  if (!din || !dout || !k || vs_kernel_set_arg_buffer(k, 0, din) || vs_kernel_set_arg_buffer(k, 1, dout) ||
      vs_kernel_set_arg_u32(k, 2, W) || vs_kernel_launch(k, 2, global, local, &opt) ||
      vs_buffer_read(p, dout, out, sizeof out)) {
    printf("FAILED: %s\n", vt_last_error());
    vs_program_free(p);
    return 1;
  }
  vs_program_free(p);
  int bad = 0;
  for (int i = 0; i < W * H; i++)
    if (out[i] != want[i] && bad++ < 5)
      printf("out[%d][%d] = %.9g, expected %.9g\n", i / W, i % W, (double)out[i], (double)want[i]);
  printf("stencil: %d x %d grid, %d wrong\n", W, H, bad);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
